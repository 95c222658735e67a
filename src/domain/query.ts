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

/** The largest value of an `integer` column on PostgreSQL (4 bytes): every numeric row id (see db/portable.ts). */
export const maxRowId = 2_147_483_647;

/**
 * A numeric row id in a path: plain decimal digits from 1 to `maxRowId`. A larger number cannot name a row, and
 * PostgreSQL refuses to compare it with an `integer` column (an error, not "no such row").
 */
export const rowIdParam = (message: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, message)
    .transform(Number)
    .refine((id) => id <= maxRowId, message);

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
