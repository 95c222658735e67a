import { z } from "./zod.ts";

/** The six packages (spec §3): class count, then price per class. */
export const packTypes = ["4_60", "4_55", "4_50", "8_60", "8_55", "8_50"] as const;
export type PackType = (typeof packTypes)[number];

/** The pack a package selector starts on (spec §2: "defaulting to 4"). */
export const defaultPackType: PackType = "4_60";

export const packTypeSchema = z.enum(packTypes, { error: "Please choose a package." });

export interface Pack {
  type: PackType;
  classes: number;
  pricePerClass: number;
  price: number;
}

export function packOf(type: PackType): Pack {
  const [classes, pricePerClass] = type.split("_").map(Number) as [number, number];
  return { type, classes, pricePerClass, price: classes * pricePerClass };
}

/** "4 classes · 60 per class" */
export function packLabel(type: PackType): string {
  const pack = packOf(type);
  return `${pack.classes} classes · ${pack.pricePerClass} per class`;
}
