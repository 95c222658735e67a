import { z } from "zod";

// In the browser the site's CSP forbids eval, and zod's probe for it (new Function) is reported as a CSP violation
// even though zod catches it. The server keeps zod's faster compiled parsers.
if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
