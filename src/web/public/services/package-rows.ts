import { plural } from "@lingui/core/macro";
import type { Locale } from "../../../domain/locale.ts";
import { formatPrice, type PackType, packCatalogue } from "../../../domain/pack-catalogue.ts";
import { usePageLocale } from "../../layout/page-language.ts";

/** A row of /services' packages table, as its cells read: "4 classes", "$60", "$240". */
export interface PackageRow {
  type: PackType;
  classes: string;
  pricePerClass: string;
  price: string;
}

/** The table's rows in the active language. */
export function packageRows(): PackageRow[] {
  return packCatalogue.map(({ type, classes, pricePerClass, price }) => ({
    type,
    classes: plural(classes, { one: "# class", other: "# classes" }),
    pricePerClass: formatPrice(pricePerClass),
    price: formatPrice(price),
  }));
}

/**
 * The rows the prerendered page was built with, by language. Writing them formats numbers, and a browser's first
 * Intl.NumberFormat loads its ICU data: 357 ms of one hydration task on /services at Lighthouse's 4× CPU
 * (2026-11-27). So the prerenderer puts the written rows in the page's words (page-words.ts) and hydration reads
 * them; the app shell, which formats dates and amounts anyway, writes them itself.
 */
const written = new Map<Locale, PackageRow[]>();

export function providePackageRows(locale: Locale, rows: PackageRow[]): void {
  written.set(locale, rows);
}

export function usePackageRows(): PackageRow[] {
  const locale = usePageLocale();
  return written.get(locale) ?? packageRows();
}
