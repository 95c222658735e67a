import { emailAddress } from "./fields.ts";
import { newsletterMessages } from "./messages.ts";
import { pageNumberParam } from "./query.ts";
import { said, z } from "./zod.ts";

export const subscriberPageSize = 20;
export const maxSubscriberPageSize = 100;

/** POST /api/newsletter: the footer's one field. */
export const newsletterSignUpSchema = z.object({
  email: emailAddress(() => newsletterMessages.emailInvalid),
});
export type NewsletterSignUpInput = z.infer<typeof newsletterSignUpSchema>;

/** POST /api/newsletter/confirm and /unsubscribe: the token from the mailed link. */
export const newsletterTokenSchema = z.object({
  token: z
    .string(said(() => newsletterMessages.linkInvalid))
    .trim()
    .min(
      1,
      said(() => newsletterMessages.linkInvalid),
    )
    .max(
      200,
      said(() => newsletterMessages.linkInvalid),
    ),
});

/** GET /api/newsletter/subscribers */
export const subscriberListQuerySchema = z.object({
  page: pageNumberParam("page").default(1),
  pageSize: pageNumberParam("pageSize")
    .default(subscriberPageSize)
    .transform((size) => Math.min(size, maxSubscriberPageSize)),
});
export type SubscriberListQuery = z.infer<typeof subscriberListQuerySchema>;

/**
 * What a sign-up did: a confirmation mail went out, one went out a short while ago (no second one yet), or the
 * address is already confirmed (no mail).
 */
export type NewsletterSignUpOutcome =
  | "confirmation-sent"
  | "confirmation-recently-sent"
  | "already-subscribed";

/** A confirmed address, as the admin sees it. */
export interface NewsletterSubscriber {
  email: string;
  confirmedAt: string;
}

export interface NewsletterSubscriberPage {
  items: NewsletterSubscriber[];
  page: number;
  pageSize: number;
  total: number;
}
