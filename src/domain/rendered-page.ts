import type { SessionUser } from "./auth.ts";

/**
 * A client page rendered by the server with the person's data (docs/decisions/058): the build writes each client
 * page's HTML once more with two slots, the server fills them per request, and the app shell's script, asked for
 * once the page has painted (public-boot.ts), starts from what the server saw. A contract of both sides, so it lives
 * here.
 */
export const renderedPageSlot = "<!--rendered-page-->";
export const renderedStateSlot = "<!--rendered-state-->";

/** The element holding the state, `<script type="application/json">`: data, never run, so the CSP has no say. */
export const renderedStateId = "rendered-state";

/** Who the page was rendered for, and the answer each of its queries had (by its TanStack Query key), and when. */
export interface RenderedState {
  user: SessionUser;
  queries: { queryKey: readonly unknown[]; data: unknown; updatedAt: number }[];
}

/** How the render asks our routes, as the person: a request in, its answer out. */
export type RenderTransport = (path: string, init: RequestInit) => Promise<Response>;

/**
 * The render bundle's (web/entry-server.tsx) drawing of a client page at `path` for `user`, whose queries ask
 * `transport`: the page, the preloads React wrote first, the document's title; null when it could not be drawn.
 */
export type RenderSignedInPage = (
  path: string,
  user: SessionUser,
  transport: RenderTransport,
) => Promise<{ html: string; preloads: string; title: string; state: RenderedState } | null>;

/** JSON that cannot end its `<script>` element or open a comment in it, whatever the data holds. */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

/**
 * React writes the tags of `preload()` calls (a page's largest image, the logo) first in a tree rendered without
 * <head>; they belong in the head, where the browser reads them before the inline stylesheet, and a page the app
 * replaces or hydrates starts with its own first element.
 */
export function preloadsToHead(html: string): { preloads: string; body: string } {
  const preloads = /^(?:<link rel="preload"[^>]*\/>)+/.exec(html)?.[0] ?? "";
  return { preloads, body: html.slice(preloads.length) };
}
