import { localeTags } from "./locale.ts";
import { readerLocale, translate } from "./translate.ts";
/**
 * The package catalogue (spec §3, §9) without zod, so a public page can show the prices without loading the
 * validation library: packs.ts adds the schema, subscriptions.ts the API's shapes.
 */

/** The six packages: class count, then price per class. */
export const packTypes = ["4_60", "4_55", "4_50", "8_60", "8_55", "8_50"] as const;
export type PackType = (typeof packTypes)[number];

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

/**
 * "4 classes (60)": the class count, then the price per class in parentheses (spec §3 "available pack"). The name
 * as data: the packs table holds it, the payment provider is told it and the browser derives the pack type from
 * it, always in English. People read packTitle.
 */
export function packName(type: PackType): string {
  const pack = packOf(type);
  return `${pack.classes} classes (${pack.pricePerClass})`;
}

/**
 * A pack's name as a person reads it, wherever a page or a mail names a package: "8 classes · $55 per class" in
 * English, "8 clases · $55 por clase" in Spanish. The price has its currency (formatPrice), so it never reads as a
 * bare number beside a booking's title ("4-Class Booking"); packName is the data form the API keeps.
 */
export function packTitle(type: PackType): string {
  const { classes, pricePerClass } = packOf(type);
  return translate(
    /*i18n*/ {
      id: "packs.label",
      message: "{classes, plural, one {# class} other {# classes}} · {pricePerClass} per class",
      values: { classes, pricePerClass: formatPrice(pricePerClass) },
    },
  );
}

/**
 * The pack type a pack's name derives to ("8 classes (55)" → "8_55"), or null for a name that does not match
 * the pattern or a pack we do not sell: the browser drops those (spec §3).
 */
export function packTypeFromName(name: string): PackType | null {
  const match = /^(\d+)\D*\((\d+)\)\s*$/.exec(name.trim());
  if (!match) return null;
  const type = `${match[1]}_${match[2]}`;
  return (packTypes as readonly string[]).includes(type) ? (type as PackType) : null;
}

/** The catalogue the database is seeded with (migration 0005), in the order it is shown. */
export const packCatalogue = packTypes.map((type) => ({ ...packOf(type), name: packName(type) }));
export type CataloguePack = (typeof packCatalogue)[number];

/**
 * The school's currency, the one setting every amount a person reads is written in (pages, mails): the spec names
 * no currency; the school's number (+1) and locale are US, so dollars.
 */
export const schoolCurrency = "USD";

/** An amount as pages and mails show it, in the reader's language: "$60" in English and in US Spanish. */
export function formatPrice(amount: number): string {
  const locale = localeTags[readerLocale()];
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  // Kept per language and form: building a NumberFormat costs far more than formatting (each plan's title on the
  // dashboard's every request has a price).
  const key = `${locale} ${fractionDigits}`;
  let format = priceFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency: schoolCurrency,
      maximumFractionDigits: fractionDigits,
    });
    priceFormats.set(key, format);
  }
  return format.format(amount);
}
const priceFormats = new Map<string, Intl.NumberFormat>();
