import { AsyncLocalStorage } from "node:async_hooks";
import { i18n, type Messages } from "@lingui/core";
import { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { matchRoutes, StaticRouter } from "react-router";
import { allSiteContent } from "../content/all-site-content.ts";
import { provideSiteContent } from "../content/site-content.ts";
import { type Locale, localeOfPath, locales, unlocalizedPath } from "../domain/locale.ts";
import { publicPaths } from "../domain/paths.ts";
import { preloadsToHead, type RenderSignedInPage, type RenderTransport } from "../domain/rendered-page.ts";
import { messages as enAdmin } from "../locales/en/admin.ts";
import { messages as enAppShell } from "../locales/en/app-shell.ts";
import { messages as enClient } from "../locales/en/client.ts";
import { messages as enCommon } from "../locales/en/common.ts";
import { messages as enPublic } from "../locales/en/public.ts";
import { messages as enShared } from "../locales/en/shared.ts";
import { messages as esAdmin } from "../locales/es/admin.ts";
import { messages as esAppShell } from "../locales/es/app-shell.ts";
import { messages as esClient } from "../locales/es/client.ts";
import { messages as esCommon } from "../locales/es/common.ts";
import { messages as esPublic } from "../locales/es/public.ts";
import { messages as esShared } from "../locales/es/shared.ts";
import { TodayFirstFrame } from "./admin/today/first-frame.tsx";
import { setApiTransport } from "./api/http.ts";
import { renderingOver } from "./api/query-layout.tsx";
import { type AuthState, renderingAs } from "./auth/auth-store.ts";
import { LocaleProvider } from "./i18n/locale-provider.tsx";
import { pageHead } from "./page-meta.ts";
import type { PageWords } from "./public/page-words.ts";
import { PublicApp, publicAppRoutes } from "./public/public-app.tsx";
import { metaOf } from "./public/public-routes.tsx";
import { packageRows } from "./public/services/package-rows.ts";
import { AppShellRoutes, pageMetaAt, preloadRoutes } from "./routes.tsx";

/**
 * Renders one public path (or any other, for the 404 page) to HTML for the prerenderer, with the very tree that
 * main.tsx hydrates, in the language of the path (`/es/…` Spanish), with the words the page then carries for the
 * browser (page-words.ts). No loaders, so no hydration data and no inline script (CSP).
 */
const catalogues: Record<Locale, Messages> = {
  en: { ...enCommon, ...enShared, ...enPublic },
  es: { ...esCommon, ...esShared, ...esPublic },
};
for (const locale of locales) provideSiteContent(locale, allSiteContent[locale]);

export function render(path: string): {
  html: string;
  /** The document's title and description, in the page's language. */
  head: { title: string; description?: string };
  status: number;
  words: PageWords;
} {
  const locale = localeOfPath(path);
  i18n.loadAndActivate({ locale, messages: catalogues[locale] });
  const html = renderToString(
    <StrictMode>
      <LocaleProvider>
        <StaticRouter location={path}>
          <PublicApp />
        </StaticRouter>
      </LocaleProvider>
    </StrictMode>,
  );
  const status = (publicPaths as readonly string[]).includes(unlocalizedPath(path)) ? 200 : 404;
  const head = pageHead(metaOf(matchRoutes(publicAppRoutes, path)?.at(-1)?.route.handle));
  return {
    html,
    head,
    status,
    words: { locale, messages: catalogues[locale], content: allSiteContent[locale], packages: packageRows() },
  };
}

const adminCatalogues: Record<Locale, Messages> = { en: enAdmin, es: esAdmin };

/** /today's first frame in a language (web/first-frame.ts), for the prerenderer to put in today.<locale>.html. */
export function renderTodayFirstFrame(locale: Locale): string {
  i18n.loadAndActivate({ locale, messages: adminCatalogues[locale] });
  return renderToStaticMarkup(
    <LocaleProvider>
      <TodayFirstFrame />
    </LocaleProvider>,
  );
}

const clientCatalogues: Record<Locale, Messages> = {
  en: { ...catalogues.en, ...enAppShell, ...enClient },
  es: { ...catalogues.es, ...esAppShell, ...esClient },
};

/** Each render's way to our routes: its request's, so two renders at once never ask as each other. */
const transports = new AsyncLocalStorage<RenderTransport>();
setApiTransport((path, init) => {
  const transport = transports.getStore();
  if (!transport) throw new Error(`${path}: asked outside a page's render`);
  return transport(path, init);
});

/** A page that asks for more after this many rounds of answers is sent as its shell instead. */
const rounds = 4;

/**
 * A client page drawn by the server with the person's data (docs/decisions/058), through the very tree the app
 * shell renders: the app's routes, guard and layout at `path`, signed in as `user`, in their language. Each round
 * renders, then asks `transport` (the routes in process, as the person) for every query the render started; the
 * page is done when a render starts none. Null when it is not (a page that keeps asking, or a render that threw):
 * the caller then sends the page's shell, as before.
 */
export const renderSignedInPage: RenderSignedInPage = async (path, user, transport) => {
  const auth = { status: user.role, user } as AuthState;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 10_000 } } });
  await preloadRoutes(path);
  return transports.run(transport, async () => {
    for (let round = 0; round < rounds; round++) {
      i18n.loadAndActivate({ locale: user.locale, messages: clientCatalogues[user.locale] });
      const html = renderingAs(auth, () =>
        renderingOver(client, () =>
          renderToString(
            <StrictMode>
              <LocaleProvider>
                <StaticRouter location={path}>
                  <AppShellRoutes />
                </StaticRouter>
              </LocaleProvider>
            </StrictMode>,
          ),
        ),
      );
      const asked = client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === "pending" && query.state.fetchStatus === "idle")
        .filter((query) => {
          // A query the page leaves off until something happens (a dialog opened) is not asked for.
          const { enabled } = query.options as { enabled?: boolean | ((query: unknown) => boolean) };
          return (typeof enabled === "function" ? enabled(query) : enabled) !== false;
        });
      if (asked.length === 0) {
        const { preloads, body } = preloadsToHead(html);
        const queries = client
          .getQueryCache()
          .getAll()
          .filter((query) => query.state.status === "success")
          .map(({ queryKey, state }) => ({ queryKey, data: state.data, updatedAt: state.dataUpdatedAt }));
        const { title } = pageHead(pageMetaAt(path.split("?")[0] ?? path), user.locale);
        return { html: body, preloads, title, state: { user, queries } };
      }
      await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    }
    return null;
  });
};
