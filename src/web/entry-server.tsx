import { i18n, type Messages } from "@lingui/core";
import { StrictMode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { matchRoutes, StaticRouter } from "react-router";
import { allSiteContent } from "../content/all-site-content.ts";
import { provideSiteContent } from "../content/site-content.ts";
import { type Locale, localeOfPath, locales, unlocalizedPath } from "../domain/locale.ts";
import { publicPaths } from "../domain/paths.ts";
import { messages as enAdmin } from "../locales/en/admin.ts";
import { messages as enCommon } from "../locales/en/common.ts";
import { messages as enPublic } from "../locales/en/public.ts";
import { messages as enShared } from "../locales/en/shared.ts";
import { messages as esAdmin } from "../locales/es/admin.ts";
import { messages as esCommon } from "../locales/es/common.ts";
import { messages as esPublic } from "../locales/es/public.ts";
import { messages as esShared } from "../locales/es/shared.ts";
import { TodayFirstFrame } from "./admin/today/first-frame.tsx";
import { LocaleProvider } from "./i18n/locale-provider.tsx";
import { pageHead } from "./page-meta.ts";
import type { PageWords } from "./public/page-words.ts";
import { PublicApp, publicAppRoutes } from "./public/public-app.tsx";
import { metaOf } from "./public/public-routes.tsx";
import { packageRows } from "./public/services/package-rows.ts";

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
