import { z } from "zod";
import en from "zod/v4/locales/en.js";
import es from "zod/v4/locales/es.js";
import type { Locale } from "./locale.ts";
import { readerLocale } from "./translate.ts";

// In the browser the site's CSP forbids eval, and zod's probe for it (new Function) is reported as a CSP violation
// even though zod catches it. The server keeps zod's faster compiled parsers.
if (typeof window !== "undefined") z.config({ jitless: true });

/**
 * A check written without words of ours (a wrong type, an unknown key) says zod's own, in the reader's language:
 * our schemas name every message a form can meet; these reach only a caller that did not use our pages.
 */
const zodLocales: Record<Locale, ReturnType<typeof en>> = { en: en(), es: es() };
z.config({ localeError: (issue) => zodLocales[readerLocale()].localeError(issue) });

export { z };

/**
 * A validation message read when a value fails, not when the schema is built: schemas are built once at start-up,
 * and the message must be in the language of whoever sent the value (domain/translate.ts).
 */
export const said = (text: () => string) => ({ error: text });
