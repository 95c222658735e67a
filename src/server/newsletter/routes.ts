import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import type {
  NewsletterConfirmResponse,
  NewsletterSignUpResponse,
  NewsletterSubscriberPageResponse,
  NewsletterUnsubscribeResponse,
} from "../../domain/api.ts";
import { newsletterMessages } from "../../domain/messages.ts";
import {
  type NewsletterSignUpOutcome,
  newsletterSignUpSchema,
  newsletterTokenSchema,
  subscriberListQuerySchema,
} from "../../domain/newsletter.ts";
import type { SessionGuard } from "../auth/session.ts";
import type { AppEnv } from "../http/app-env.ts";
import { appError } from "../http/errors.ts";
import { type AddressLimit, limitPerAddress } from "../http/limit-per-address.ts";
import { parseJsonBody, parseQuery } from "../http/validate.ts";
import { confirm, confirmedCsv, listConfirmed, type NewsletterDeps, signUp, unsubscribe } from "./service.ts";

/** What a sign-up answers, read when it answers (in the visitor's language), never once at start-up. */
const outcomeMessages: Record<NewsletterSignUpOutcome, () => string> = {
  "confirmation-sent": () => newsletterMessages.confirmationSent,
  "confirmation-recently-sent": () => newsletterMessages.confirmationRecentlySent,
  "already-subscribed": () => newsletterMessages.alreadySubscribed,
};

const invalidLink = () => appError("invalid-token", 400, newsletterMessages.linkInvalid, { field: "token" });

/**
 * /api/newsletter: anyone signs up (limited per caller address like contact) and uses the mailed links without
 * signing in; only an admin lists or exports the confirmed addresses.
 */
export function newsletterRoutes(deps: NewsletterDeps & AddressLimit & { guard: SessionGuard }) {
  // server.ts always passes the stored secret; without one (tools) links signed now stop working on restart.
  const service = { ...deps, secret: deps.secret || randomBytes(32).toString("hex") };
  return new Hono<AppEnv>()
    .post("/", limitPerAddress("newsletter", deps), async (c) => {
      const { email } = await parseJsonBody(c, newsletterSignUpSchema);
      // The mails speak the language of the page signed up on (its requests ask in it: i18n/i18n.ts).
      const outcome = await signUp(service, email, c.get("locale"));
      return c.json<NewsletterSignUpResponse>({ outcome, message: outcomeMessages[outcome]() });
    })
    .post("/confirm", async (c) => {
      const { token } = await parseJsonBody(c, newsletterTokenSchema);
      if (!(await confirm(service, token))) throw invalidLink();
      return c.json<NewsletterConfirmResponse>({ message: newsletterMessages.confirmed });
    })
    .post("/unsubscribe", async (c) => {
      const { token } = await parseJsonBody(c, newsletterTokenSchema);
      if (!(await unsubscribe(service, token))) throw invalidLink();
      return c.json<NewsletterUnsubscribeResponse>({ message: newsletterMessages.unsubscribed });
    })
    .get("/subscribers", deps.guard.requireAdmin, async (c) => {
      c.header("Cache-Control", "no-store");
      const page = await listConfirmed(service, parseQuery(c, subscriberListQuerySchema));
      return c.json<NewsletterSubscriberPageResponse>(page);
    })
    .get("/subscribers.csv", deps.guard.requireAdmin, (c) => {
      const rows = confirmedCsv(service);
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = await rows.next();
          if (next.done) controller.close();
          else controller.enqueue(new TextEncoder().encode(next.value));
        },
        async cancel() {
          await rows.return(undefined);
        },
      });
      return c.body(body, 200, {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="newsletter-subscribers.csv"',
        "Cache-Control": "no-store",
      });
    });
}
