import { parse } from "csv-parse/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CsvCell, toCsv } from "./csv.ts";

/** What a spreadsheet must show for a cell: the text, with a leading ' where it would otherwise run as a formula. */
const shown = (cell: CsvCell): string => {
  if (cell === null) return "";
  if (typeof cell === "number") return String(cell);
  return /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) ? `'${cell}` : cell;
};

const cell = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.constantFrom("=SUM(A1)", "+1", "-2", "@cmd", "\tx", "\rx", 'say "hi", then\nleave', "Núñez", ""),
  fc.integer({ min: -1000, max: 1000 }),
  fc.constant(null),
);

describe("toCsv", () => {
  it("reads back, through a real CSV parser, as every cell was given, formulas neutralised", () => {
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { maxLength: 8 }), (rows) => {
        const text = toCsv(["Name", "Note"], rows);
        expect(text.startsWith("\uFEFF")).toBe(true);
        const read = parse(text, { bom: true, relax_column_count: false }) as string[][];
        expect(read).toEqual([["Name", "Note"], ...rows.map((row) => row.map(shown))]);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a negative amount a number, and quotes what holds a comma, a quote or a line break", () => {
    const text = toCsv(["a", "b", "c"], [[-40, "Smith, Jo", 'A "big" day\nout']]);
    expect(text).toBe('\uFEFFa,b,c\r\n-40,"Smith, Jo","A ""big"" day\nout"\r\n');
  });
});
