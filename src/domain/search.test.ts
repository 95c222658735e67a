import { describe, expect, it } from "vitest";
import { isShortSearch, searchKey, titleWords, wordRange, wordsOf } from "./search.ts";

describe("a name's words, as a short search reads them (docs/decisions/040, 043)", () => {
  it("a word starts the name or follows a space; a hyphen, an apostrophe or a dot joins", () => {
    expect(wordsOf(searchKey("Ana María"))).toEqual(["ana", "maria"]);
    expect(wordsOf(searchKey("García-López"))).toEqual(["garcia-lopez"]);
    expect(wordsOf(searchKey("O'Neill St.John"))).toEqual(["o'neill", "st.john"]);
  });

  it("two spaces make no empty word, and a word said twice is one", () => {
    expect(wordsOf("ana  ana maria")).toEqual(["ana", "maria"]);
    expect(wordsOf("")).toEqual([]);
  });

  it("a line break parts words only in a family's names (one name a line)", () => {
    expect(wordsOf("inigo pena\nzoe bronte", true)).toEqual(["inigo", "pena", "zoe", "bronte"]);
    expect(wordsOf("inigo\npena")).toEqual(["inigo\npena"]);
  });

  it("a title's words are lower-cased, not folded (as the title search's lower())", () => {
    expect(titleWords("3-Class Booking")).toEqual(["3-class", "booking"]);
    expect(titleWords("Élan Camp")).toEqual(["élan", "camp"]);
  });
});

describe("the words starting with a key, as a range", () => {
  const inRange = (word: string, key: string) => {
    const range = wordRange(key);
    if (!range) throw new Error("no range");
    // Code point order, as the word tables compare (UTF-8 bytes compare the same way).
    const order = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
    return order(word, range.from) >= 0 && order(word, range.below) < 0;
  };

  it("holds exactly the words starting with the key", () => {
    for (const key of ["g", "ga", "zq", "ø", "ß", "9"]) {
      const words = [
        "g",
        "ga",
        "gab",
        "gb",
        "f",
        "fz",
        "zq",
        "zqa",
        "zr",
        "ø",
        "øa",
        "ù",
        "ß",
        "ßa",
        "9",
        "90",
        ":",
      ];
      expect(words.filter((word) => inRange(word, key))).toEqual(
        words.filter((word) => word.startsWith(key)),
      );
    }
  });

  it("steps over the surrogates and has none past the last character", () => {
    expect(wordRange("a\ud7ff")).toEqual({ from: "a\ud7ff", below: "a\ue000" });
    expect(wordRange("a\u{10ffff}")).toBeUndefined();
    expect(wordRange("a\u{1f600}")?.below).toBe("a\u{1f601}");
  });

  it("is asked only for one or two letters", () => {
    expect(isShortSearch("ga")).toBe(true);
    expect(isShortSearch("gar")).toBe(false);
  });
});
