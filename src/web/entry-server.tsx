import { i18n } from "@lingui/core";
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { matchRoutes, StaticRouter } from "react-router";
import { provideContentOverlay } from "../content/site-content.ts";
import { type Locale, localeOfPath, unlocalizedPath } from "../domain/locale.ts";
import { publicPaths } from "../domain/paths.ts";
import { LocaleProvider } from "./i18n/locale-provider.tsx";
import { pageHead } from "./page-meta.ts";
import { PublicApp, publicAppRoutes } from "./public/public-app.tsx";
import { metaOf } from "./public/public-routes.tsx";
import { words as english } from "./public/words/en.ts";
import { words as spanish } from "./public/words/es.ts";
import type { PageWords } from "./public/words/page-words.ts";

/**
 * Renders one public path (or any other, for the 404 page) to HTML for the prerenderer, with the very tree that
 * main.tsx hydrates, in the language of the path (`/es/…` Spanish) with the words main.tsx fetches for it. No
 * loaders, so no hydration data and no inline script (CSP).
 */
const words: Record<Locale, PageWords> = { en: english, es: spanish };
for (const { locale, content } of Object.values(words)) if (content) provideContentOverlay(locale, content);

export function render(path: string): {
  html: string;
  /** The document's title and description, in the page's language. */
  head: { title: string; description?: string };
  status: number;
  locale: Locale;
} {
  const locale = localeOfPath(path);
  i18n.loadAndActivate({ locale, messages: words[locale].messages });
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
  return { html, head, status, locale };
}
