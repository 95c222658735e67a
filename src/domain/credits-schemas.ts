import { creditKinds, creditMessages, creditReasonMax } from "./credits.ts";
import { isIsoDay } from "./school-day.ts";
import { said, z } from "./zod.ts";

/**
 * The credits' request schemas (zod), apart from credits.ts's rules and words, which the client pages read without
 * the validation library (docs/decisions/044).
 */

const creditReason = z
  .string(said(() => creditMessages.reasonRequired))
  .trim()
  .min(
    1,
    said(() => creditMessages.reasonRequired),
  )
  .max(
    creditReasonMax,
    said(() => creditMessages.reasonTooLong(creditReasonMax)),
  )
  .refine(
    (text) => !text.includes("\u0000"),
    said(() => creditMessages.reasonRequired),
  );

/** POST /api/clients/:clientId/credits (the owner). The last day must not be past: the server checks it. */
export const issueCreditSchema = z
  .object({
    swimmerId: z
      .string()
      .min(1)
      .max(100)
      .nullable()
      .optional()
      .transform((id) => id ?? null),
    kind: z.enum(
      creditKinds,
      said(() => creditMessages.kindInvalid),
    ),
    reason: creditReason,
    expiresOn: z.string(said(() => creditMessages.expiresOnInvalid)).refine(
      isIsoDay,
      said(() => creditMessages.expiresOnInvalid),
    ),
  })
  .strict();
export type IssueCreditInput = z.infer<typeof issueCreditSchema>;

/** POST /api/clients/:clientId/credits/:creditId/void (the owner). */
export const voidCreditSchema = z.object({ reason: creditReason }).strict();
export type VoidCreditInput = z.infer<typeof voidCreditSchema>;

export const creditIdSchema = z.coerce
  .number(said(() => creditMessages.creditNotFound))
  .int(said(() => creditMessages.creditNotFound))
  .positive(said(() => creditMessages.creditNotFound))
  .max(
    2 ** 31 - 1,
    said(() => creditMessages.creditNotFound),
  );
