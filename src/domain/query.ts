import { z } from "./zod.ts";

/** The largest page number or page size a query string may carry. */
export const maxPageParam = 999_999;

/**
 * A page number or page size in a query string: plain decimal digits from 1 to 999999, nothing else. Unlike
 * `z.coerce.number()` it refuses "1e3", "0x10", "+2", " 2", "2.0" and "01", which a person never types.
 */
export const pageNumberParam = (name: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, `${name} must be a whole number from 1 to ${maxPageParam}.`)
    .transform(Number);

/**
 * Free search text in a query string, trimmed, at most `max` characters. Control characters (NUL, escape, tabs,
 * line breaks…) are refused: none belongs in a search, and NUL in a LIKE pattern matches every row on some engines.
 */
export const searchTextParam = (max = 100) =>
  z
    .string()
    .regex(/^\P{Cc}*$/u, "Search must not contain control characters.")
    .trim()
    .max(max, `Search at most ${max} characters.`);
