import { i18n } from "@lingui/core";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { matchRoutes, StaticRouter } from "react-router";
import { type Locale, localeOfPath, unlocalizedPath } from "../domain/locale.ts";
import { publicPaths } from "../domain/paths.ts";
import { messages as enCommon } from "../locales/en/common.ts";
import { messages as enPublic } from "../locales/en/public.ts";
import { messages as enShared } from "../locales/en/shared.ts";
import { messages as esCommon } from "../locales/es/common.ts";
import { messages as esPublic } from "../locales/es/public.ts";
import { messages as esShared } from "../locales/es/shared.ts";
import { LocaleProvider } from "./i18n/locale-provider.tsx";
import type { PageMeta } from "./page-meta.ts";
import { PublicApp, publicAppRoutes } from "./public/public-app.tsx";
import { metaOf } from "./public/public-routes.tsx";

/**
 * Renders one public path (or any other, for the 404 page) to HTML for the prerenderer, with the very tree that
 * main.tsx hydrates. No loaders, so no hydration data and no inline script (CSP).
 */
const publicCatalogues = {
  en: { ...enCommon, ...enShared, ...enPublic },
  es: { ...esCommon, ...esShared, ...esPublic },
};

export function render(path: string): {
  html: string;
  meta: PageMeta | undefined;
  status: number;
  locale: Locale;
} {
  const locale = localeOfPath(path);
  i18n.loadAndActivate({ locale, messages: publicCatalogues[locale] });
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
  return { html, meta: metaOf(matchRoutes(publicAppRoutes, path)?.at(-1)?.route.handle), status, locale };
}
