import { type PackType, packTypes } from "./pack-catalogue.ts";
import { z } from "./zod.ts";

export { type Pack, type PackType, packLabel, packOf, packTypes } from "./pack-catalogue.ts";

/** The pack a package selector starts on (spec §2: "defaulting to 4"). */
export const defaultPackType: PackType = "4_60";

export const packTypeSchema = z.enum(packTypes, { error: "Please choose a package." });
