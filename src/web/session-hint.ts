/**
 * Prerendered public pages arrive with the visitor's chrome (Login, links, footer). For someone signed in, a
 * cookie set at sign-in (no secret: it only says "signed in on this browser") lets a tiny script in <head> mark
 * the page before it paints, and the CSS keeps the visitor's controls hidden until the session is known; the auth
 * store then removes the mark. The server clears the cookie whenever it finds no session behind it.
 */
export const sessionHintCookie = "signed_in";

/** Inline in every page's <head>; the CSP allows exactly this text by its hash (server/http/security-headers.ts). */
export const sessionHintScript = `if(/(?:^|; )${sessionHintCookie}=1(?:;|$)/.test(document.cookie))document.documentElement.dataset.session="pending"`;

/** Called once the session is known, signed in or not. */
export function clearSessionHintMark(): void {
  if (typeof document !== "undefined") delete document.documentElement.dataset.session;
}
