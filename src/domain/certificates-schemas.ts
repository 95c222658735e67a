import { certificateMessages, paperSizes } from "./certificates.ts";
import { said, z } from "./zod.ts";

/** The certificates' request schema (zod), apart from certificates.ts, which a client page reads (decision 044). */
export const paperQuerySchema = z.object({
  paper: z
    .enum(
      paperSizes,
      said(() => certificateMessages.paperInvalid),
    )
    .optional(),
});
