import { msg } from "@lingui/core/macro";

/** Shown on /today in the browser (not once installed), and in its first frame (first-frame.tsx). */
export const installHint = msg`Add this page to your phone's home screen: it then opens without signal, and your phone keeps unsent saves safe (an iPhone may clear them from a page left in Safari).`;
