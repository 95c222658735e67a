/**
 * Where the highlighted option of a combobox's list moves on a key press (WAI-ARIA combobox pattern): the arrows
 * step and wrap; every other key (Home and End too) stays with the text box. -1 means no option is highlighted;
 * null means the key is not the list's.
 */
export function nextActiveOption(key: string, active: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case "ArrowDown":
      return active < 0 || active >= count - 1 ? 0 : active + 1;
    case "ArrowUp":
      return active <= 0 ? count - 1 : active - 1;
    default:
      return null;
  }
}
