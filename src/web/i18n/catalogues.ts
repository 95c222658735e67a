import { i18n, type Messages } from "@lingui/core";
import { defaultLocale, isLocale, type Locale } from "../../domain/locale.ts";
import { shellWords } from "./shell-words.ts";

/**
 * The catalogues the app shell's pages need, by language (compiled by `npm run i18n` from src/locales): a page fetches only its language's words (docs/decisions/018). The spec's messages in src/domain
 * come with every part: `common` (also on the prerendered pages) and `app-shell` (the rest, decision 025).
 */
export type CataloguePart = "shared" | "public" | "client" | "admin";

type Loader = () => Promise<{ messages: Messages }>;
type SignedInWords = typeof import("./signed-in-words-en.ts");
/**
 * Every part but the admin's comes in one request per language: the build's words file (shell-words.ts, decision
 * 044), else one chunk (decision 041).
 */
const signedInWords: Record<Locale, () => Promise<SignedInWords>> = {
  en: () => import("./signed-in-words-en.ts"),
  es: () => import("./signed-in-words-es.ts"),
};
/** From the build's words file (shell-words.ts), else (the dev server, or the file failed) from the modules. */
const partOf =
  (locale: Locale, part: keyof SignedInWords): Loader =>
  () =>
    (
      shellWords(locale)?.then(
        (words) => words.parts,
        () => signedInWords[locale](),
      ) ?? signedInWords[locale]()
    ).then((words) => ({ messages: words[part] }));
const loaders: Record<Locale, Record<CataloguePart | "common" | "app-shell", Loader>> = {
  en: {
    common: partOf("en", "common"),
    "app-shell": partOf("en", "appShell"),
    shared: partOf("en", "shared"),
    public: partOf("en", "publicPages"),
    client: partOf("en", "client"),
    admin: () => import("../../locales/en/admin.ts"),
  },
  es: {
    common: partOf("es", "common"),
    "app-shell": partOf("es", "appShell"),
    shared: partOf("es", "shared"),
    public: partOf("es", "publicPages"),
    client: partOf("es", "client"),
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
