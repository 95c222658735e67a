import { emailAddress, fieldMessages } from "./fields.ts";
import { packTypeSchema } from "./packs.ts";
import { subscriptionMessages } from "./subscriptions.ts";
import { said, z } from "./zod.ts";

/**
 * The request schemas of the subscription calls (zod), apart from subscriptions.ts's rules and answers, which the
 * payments page reads without the validation library (docs/decisions/044).
 */

/** The user ids better-auth gives (letters, digits, - and _). */
export const userIdSchema = z.string(said(() => subscriptionMessages.userIdRequired)).regex(
  /^[A-Za-z0-9_-]{1,64}$/,
  said(() => subscriptionMessages.userIdInvalid),
);

/** POST /api/subscriptions/create-checkout-session */
export const createCheckoutSessionSchema = z
  .object({
    email: emailAddress(() => fieldMessages.emailInvalid),
    userId: userIdSchema,
    packType: packTypeSchema,
  })
  .strict();
export type CreateCheckoutSessionInput = z.infer<typeof createCheckoutSessionSchema>;

/** POST /api/subscriptions/cancel-subscription */
export const cancelSubscriptionSchema = z
  .object({
    subscriptionId: z
      .string(said(() => subscriptionMessages.subscriptionIdRequired))
      .trim()
      .min(
        1,
        said(() => subscriptionMessages.subscriptionIdRequired),
      )
      .max(
        255,
        said(() => subscriptionMessages.subscriptionIdTooLong),
      ),
    userId: userIdSchema,
  })
  .strict();
export type CancelSubscriptionInput = z.infer<typeof cancelSubscriptionSchema>;
