/** Spec §9: at 768 px wide or less the site uses its mobile layout. The CSS media queries spell the same number. */
export const mobileBreakpointPx = 768;
export const mobileMediaQuery = `(max-width: ${mobileBreakpointPx}px)`;
export const reducedMotionQuery = "(prefers-reduced-motion: reduce)";
