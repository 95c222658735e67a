/**
 * Prerendered public pages arrive with the visitor's chrome (Login, links, footer). For someone signed in, a
 * cookie set at sign-in (no secret: it only says "signed in on this browser") lets a tiny script in <head> mark
 * the page before it paints, and the CSS keeps the visitor's controls hidden until the session is known; the auth
 * store then removes the mark (web/auth/auth-store.ts). The server sets and clears the cookie (it clears it
 * whenever it finds no session behind it), and the prerendered pages and the CSP carry the script: a contract of
 * both sides, so it lives here.
 */
export const sessionHintCookie = "signed_in";

/** Inline in every page's <head>; the CSP allows exactly this text by its hash (server/http/security-headers.ts). */
export const sessionHintScript = `if(/(?:^|; )${sessionHintCookie}=1(?:;|$)/.test(document.cookie))document.documentElement.dataset.session="pending"`;
