/**
 * How the admin's searches read a search text, on the server (which stores names in the same folded form) and in
 * the browser (which tells the admin how their letters are read).
 */

/**
 * The form of a name stored for search, and of the search text: lower case without accents, so "maria"
 * finds "María" and the order is the same on both engines.
 */
export function searchKey(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

/** A trigram index finds only what holds a whole trigram: a shorter search reads every name instead. */
export const shortestIndexedSearch = 3;

/**
 * A search shorter than the trigrams (one or two letters) matches names whose words start with it, not names
 * merely holding it (docs/decisions/040): what a person typing the first letters of a name means, and dense enough
 * that a page read along the list's order is full after a few dozen rows, at any size.
 */
export function isShortSearch(key: string): boolean {
  return key !== "" && [...key].length < shortestIndexedSearch;
}

/**
 * The words of a folded text (a name's searchKey, or a lower-cased title), as a short search reads it: a word
 * starts the text or follows a space, or, with `lines`, a line break (the server's startsAWord; familyNamesSearch
 * holds one name a line). A hyphen joins, so "garcia-lopez" is one word. The word tables of docs/decisions/043
 * hold exactly these, so "ga" finds there what it finds in the names.
 */
export function wordsOf(folded: string, lines = false): string[] {
  return [...new Set(folded.split(lines ? /[ \n]/ : " ").filter(Boolean))];
}

/** A booking title's words: lower-cased as the SQL lower() of the title search, not folded (docs/decisions/040). */
export function titleWords(title: string): string[] {
  return wordsOf(title.toLowerCase());
}

/**
 * The words starting with `key`, as a range of the word table's B-tree in code point order (SQLite's binary
 * collation, PostgreSQL's "C"): from `key` up to, not including, `key` with its last character the next one.
 * Undefined for a key whose last character has no next one.
 */
export function wordRange(key: string): { from: string; below: string } | undefined {
  const chars = [...key];
  const last = chars.pop()?.codePointAt(0);
  if (last === undefined || last >= 0x10ffff) return undefined;
  // The surrogates are no characters: the one after U+D7FF is U+E000.
  const next = last === 0xd7ff ? 0xe000 : last + 1;
  return { from: key, below: chars.join("") + String.fromCodePoint(next) };
}
