import { i18n } from "@lingui/core";
import { StrictMode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { provideSiteContent, withSettings } from "../../content/site-content.ts";
import { refreshSession } from "../auth/auth-store.ts";
import { LocaleProvider } from "../i18n/locale-provider.tsx";
import { pageSettings } from "../page-settings.ts";
import { rootErrorOptions } from "../recoverable-errors.ts";
import type { PageWords } from "./page-words.ts";
import { PublicApp } from "./public-app.tsx";
import { providePackageRows } from "./services/package-rows.ts";

function WhenHydrated({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}

/**
 * Makes the prerendered page in `container` interactive, in the language of its `words` (the one it was
 * prerendered in); `onHydrated` runs once React has taken it over.
 */
export function hydrate(container: HTMLElement, words: PageWords, onHydrated: () => void): void {
  // The saved settings: the server wrote the contacts into the HTML; the reels show once hydrated (decision 020).
  const settings = pageSettings(container);
  const { locale, content } = words;
  provideSiteContent(
    locale,
    withSettings(content, settings, locale),
    settings ? withSettings(content, settings, locale, "contacts") : undefined,
  );
  providePackageRows(locale, words.packages);
  i18n.loadAndActivate({ locale: words.locale, messages: words.messages });
  void refreshSession();
  // Hydrating in a transition lets React cut the work into short tasks and give the phone back between them;
  // otherwise the whole page hydrates in one task (324-538 ms at Lighthouse's 4x CPU on /services). The clicks made
  // meanwhile are held until onHydrated (early-clicks.ts).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <LocaleProvider>
          <BrowserRouter>
            <PublicApp />
          </BrowserRouter>
          <WhenHydrated then={onHydrated} />
        </LocaleProvider>
      </StrictMode>,
      rootErrorOptions,
    );
  });
}
