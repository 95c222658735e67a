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
