import { z } from "zod";

// In the browser the site's CSP forbids eval, and zod's probe for it (new Function) is reported as a CSP violation
// even though zod catches it. The server keeps zod's faster compiled parsers.
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };

/**
 * A validation message read when a value fails, not when the schema is built: schemas are built once at start-up,
 * and the message must be in the language of whoever sent the value (domain/translate.ts).
 */
export const said = (text: () => string) => ({ error: text });
