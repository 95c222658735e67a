/** Spec §9: toasts and confirmations stay 3 seconds. */
export const TOAST_MS = 3_000;
