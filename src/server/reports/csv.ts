import { stringify } from "csv-stringify/sync";

/** A CSV cell: text, a number, or nothing. */
export type CsvCell = string | number | null;

/**
 * A CSV a spreadsheet opens as it was meant (docs/decisions/035), written by csv-stringify: UTF-8 with a byte-order
 * mark (Excel reads "Núñez" as UTF-8 only with it), CRLF rows, quotes around a cell holding a comma, a quote or a
 * line break (quotes doubled), and formulas neutralised: a text cell starting with =, +, -, @, a tab or a carriage
 * return (or their full-width forms) gets a leading ' so that a spreadsheet shows it rather than runs it. Numbers
 * stay numbers (a negative amount keeps its minus).
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify([header, ...rows] as CsvCell[][], {
    bom: true,
    record_delimiter: "windows",
    escape_formulas: true,
    cast: { number: (value) => String(value) },
  });
}

/** The answer for a CSV download named `filename` (no path, no quotes). */
export function csvResponse(body: string, filename: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
