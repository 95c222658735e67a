/**
 * A page's first frame: static markup in the page's HTML, before the app's root (written by scripts/prerender.ts),
 * that a phone paints as soon as the HTML arrives (the app shell's stylesheet is written into it), while the app
 * shell's scripts load (about two seconds on a slow phone network). It goes in the commit that draws the app's first
 * screen (a layout effect in routes.tsx), so both never show together. Only /today has one (issue 27,
 * docs/decisions/023).
 */
export const firstFrameId = "first-frame";

export function removeFirstFrame(): void {
  document.getElementById(firstFrameId)?.remove();
}
