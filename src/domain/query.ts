import { translate } from "./translate.ts";
import { said, z } from "./zod.ts";

/** The largest page number or page size a query string may carry. */
export const maxPageParam = 999_999;

/**
 * A page number or page size in a query string: plain decimal digits from 1 to 999999, nothing else. Unlike
 * `z.coerce.number()` it refuses "1e3", "0x10", "+2", " 2", "2.0" and "01", which a person never types.
 * `name` is the parameter's own name, the same in every language.
 */
export const pageNumberParam = (name: string) =>
  z
    .string()
    .regex(
      /^[1-9][0-9]{0,5}$/,
      said(() =>
        translate(
          /*i18n*/ {
            id: "query.pageNumber",
            message: "{name} must be a whole number from 1 to {max}.",
            values: { name, max: maxPageParam },
          },
        ),
      ),
    )
    .transform(Number);

/** The largest value of an `integer` column on PostgreSQL (4 bytes): every numeric row id (see db/portable.ts). */
export const maxRowId = 2_147_483_647;

/**
 * A numeric row id in a path: plain decimal digits from 1 to `maxRowId`. A larger number cannot name a row, and
 * PostgreSQL refuses to compare it with an `integer` column (an error, not "no such row"). `message` is read when
 * an id fails, in the sender's language.
 */
export const rowIdParam = (message: () => string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, said(message))
    .transform(Number)
    .refine((id) => id <= maxRowId, said(message));

/**
 * Free search text in a query string, trimmed, at most `max` characters. Control characters (NUL, escape, tabs,
 * line breaks…) are refused: none belongs in a search, and NUL in a LIKE pattern matches every row on some engines.
 */
export const searchTextParam = (max = 100) =>
  z
    .string()
    .regex(
      /^\P{Cc}*$/u,
      said(() =>
        translate(
          /*i18n*/ { id: "query.searchControl", message: "Search must not contain control characters." },
        ),
      ),
    )
    .trim()
    .max(
      max,
      said(() =>
        translate(
          /*i18n*/ {
            id: "query.searchTooLong",
            message: "Search at most {max} characters.",
            values: { max },
          },
        ),
      ),
    );
