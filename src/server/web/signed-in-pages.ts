import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import type { Context } from "hono";
import { type SessionResponse, sessionPath } from "../../domain/api.ts";
import type { RenderSignedInPage } from "../../domain/rendered-page.ts";
import type { Log } from "../http/log.ts";
import type { SignedInPageRenderer } from "./static-site.ts";

/** Asks the app's own routes in process (Hono's `app.request`), with the connection of the request it serves. */
export type InProcessRequest = (
  path: string,
  init: RequestInit,
  env: unknown,
) => Response | Promise<Response>;

interface RenderBundle {
  renderSignedInPage: RenderSignedInPage;
}

/**
 * Draws a client page for the parent who opens it (docs/decisions/058): the build's render bundle (`renderBundle`,
 * dist/render/entry-server.js) renders the page's very components, and every answer they draw comes from our own
 * routes, asked in process with the request's cookie: the same session, role and household checks as the browser's
 * calls, so the page holds nothing the parent could not ask for. A visitor, a staff member, a person who must
 * change their password, or a failed render gets the page's shell, as before.
 */
export function signedInPageRenderer(
  renderBundle: string,
  request: InProcessRequest,
  log: Log,
): SignedInPageRenderer | undefined {
  if (!existsSync(renderBundle)) return undefined;
  let bundle: Promise<RenderBundle> | undefined;
  return async (c: Context, route: string) => {
    const cookie = c.req.header("Cookie");
    if (!cookie) return null;
    const asked = async (path: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      headers.set("Cookie", cookie);
      return request(path, { ...init, headers }, c.env);
    };
    try {
      const { user } = (await (await asked(sessionPath, {})).json()) as SessionResponse;
      if (user?.role !== "client" || user.mustChangePassword) return null;
      bundle ??= import(pathToFileURL(renderBundle).href) as Promise<RenderBundle>;
      // With its query, as the app then reads it (a filter, a month).
      const address = `${route}${new URL(c.req.url).search}`;
      const drawn = await (await bundle).renderSignedInPage(address, user, asked);
      return drawn && { locale: user.locale, ...drawn };
    } catch (error) {
      log("warn", "client page not rendered", { route, error: String(error) });
      return null;
    }
  };
}
