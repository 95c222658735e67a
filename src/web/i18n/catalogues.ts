import { i18n, type Messages } from "@lingui/core";
import { defaultLocale, isLocale, type Locale } from "../../domain/locale.ts";

/**
 * The catalogues the app shell's pages need, each one chunk per language (compiled by `npm run i18n` from
 * src/locales): a page fetches only its language's words (docs/decisions/018). The spec's messages in src/domain
 * come with every part: `common` (also on the prerendered pages) and `app-shell` (the rest, decision 025).
 */
export type CataloguePart = "shared" | "public" | "client" | "admin";

type Loader = () => Promise<{ messages: Messages }>;
const loaders: Record<Locale, Record<CataloguePart | "common" | "app-shell", Loader>> = {
  en: {
    common: () => import("../../locales/en/common.ts"),
    "app-shell": () => import("../../locales/en/app-shell.ts"),
    shared: () => import("../../locales/en/shared.ts"),
    public: () => import("../../locales/en/public.ts"),
    client: () => import("../../locales/en/client.ts"),
    admin: () => import("../../locales/en/admin.ts"),
  },
  es: {
    common: () => import("../../locales/es/common.ts"),
    "app-shell": () => import("../../locales/es/app-shell.ts"),
    shared: () => import("../../locales/es/shared.ts"),
    public: () => import("../../locales/es/public.ts"),
    client: () => import("../../locales/es/client.ts"),
    admin: () => import("../../locales/es/admin.ts"),
  },
};

const loaded = new Set<string>();
/** The language the page was last asked to speak: calls may overlap, and their catalogues arrive in any order. */
let wanted: Locale | undefined;

/**
 * Fetches the parts' catalogues in `locale` (each once) and makes `locale` the language every `t` speaks, unless a
 * later call asked for another language meanwhile: the app shell's first guess and a lazy route's extra part may
 * arrive after the signed-in person's own language, and must not take the page back to the guess.
 */
export async function activateLocale(locale: Locale, parts: readonly CataloguePart[]): Promise<void> {
  wanted = locale;
  const missing = (["common", "app-shell", ...parts] as const).filter(
    (part) => !loaded.has(`${locale}/${part}`),
  );
  const catalogues = await Promise.all(missing.map((part) => loaders[locale][part]()));
  catalogues.forEach(({ messages }, index) => {
    i18n.load(locale, messages);
    loaded.add(`${locale}/${missing[index]}`);
  });
  if (wanted !== locale) return;
  if (i18n.locale !== locale || missing.length > 0) i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** Adds parts to the page's language: the one last asked for, else the one it speaks. */
export function addCatalogues(parts: readonly CataloguePart[]): Promise<void> {
  return activateLocale(wanted ?? (isLocale(i18n.locale) ? i18n.locale : defaultLocale), parts);
}
