/** The public pages' numbers (spec §2 and §9), named once. The mobile breakpoint is in styles/breakpoints.ts. */

/** Home: the "Dive In Now!" banner repeats its text this many times. */
export const diveBannerRepeats = { mobile: 6, desktop: 10 } as const;

/** Home: the grid of social-media reels. */
export const reelCount = 12;

/** About: the endless photo carousel. */
export const photoCarousel = {
  /** Photos in the gallery; each append adds them all again. */
  photoCount: 10,
  /** It starts with the photos this many times over. */
  initialRepeats: 3,
  /** When the scroll position comes this close to the end, the photos are appended once more. */
  appendWithinPx: 300,
} as const;

/** Reel modal: how long to wait for the embed host before showing the placeholder and a link instead. */
export const embedProbeTimeoutMs = 5000;
