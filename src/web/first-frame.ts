/**
 * A page's first frame: static markup in the page's HTML (written by scripts/prerender.ts) that a phone paints as
 * soon as the HTML and the app shell's stylesheet arrive, over the page, while the app shell's scripts load (about
 * two seconds on a slow phone network). It goes when the app draws its first screen (routes.tsx). Only /today has
 * one (issue 27, docs/decisions/023).
 */
export const firstFrameId = "first-frame";

export function removeFirstFrame(): void {
  document.getElementById(firstFrameId)?.remove();
}
