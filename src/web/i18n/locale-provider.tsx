import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { ReactNode } from "react";

/**
 * Lingui's provider over the one `i18n` every page activates before its first render (catalogues.ts). A page speaks
 * one language for its whole life: changing it loads the page again (the public pages' other address, or a reload
 * in the signed-in areas), so no text can stay behind in the old language (docs/decisions/018).
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}
