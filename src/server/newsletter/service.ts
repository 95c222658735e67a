import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { defaultLocale, isLocale, type Locale } from "../../domain/locale.ts";
import type {
  NewsletterSignUpOutcome,
  NewsletterSubscriberPage,
  SubscriberListQuery,
} from "../../domain/newsletter.ts";
import { newsletterConfirmPath, newsletterUnsubscribePath } from "../../domain/paths.ts";
import { translate } from "../../domain/translate.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/database.ts";
import { inLocale } from "../i18n/i18n.ts";
import { mailWords } from "../i18n/mail-words.ts";
import type { Outbox } from "../ports/mail/outbox.ts";
import * as repository from "./repository.ts";

/** A confirmation link works for a week, once. */
const CONFIRM_LINK_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** At most one confirmation mail per address in this window, however often the address is signed up. */
export const CONFIRMATION_RESEND_WINDOW_MS = 15 * 60_000;

export interface NewsletterDeps {
  db: Db;
  outbox: Outbox;
  clock: Clock;
  /** The site's address (no trailing slash): the mailed links point there. */
  publicUrl: string;
  /** Signs the unsubscribe links (the server's BETTER_AUTH_SECRET). */
  secret: string;
  /** True when mail goes out over SMTP; false when it is only logged. */
  mailConfigured: boolean;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

function signature(secret: string, id: number, email: string): string {
  return createHmac("sha256", secret)
    .update(`newsletter-unsubscribe\u0000${id}\u0000${email}`)
    .digest("base64url");
}

/**
 * The one-click unsubscribe token of a subscriber: its id and an HMAC of id and address, so it needs no stored
 * copy, works for every news mail ever sent, and cannot be made for another address without the secret.
 */
export function unsubscribeToken(secret: string, subscriber: { id: number; email: string }): string {
  return `${subscriber.id}.${signature(secret, subscriber.id, subscriber.email)}`;
}

/** The unsubscribe link every mail to a subscriber carries (news mails included). */
export function unsubscribeLink(
  deps: Pick<NewsletterDeps, "publicUrl" | "secret">,
  subscriber: { id: number; email: string },
) {
  return `${deps.publicUrl}${newsletterUnsubscribePath(unsubscribeToken(deps.secret, subscriber))}`;
}

/** The confirmation mail, in the language the caller writes it in (the subscriber's). */
function confirmationMail(to: string, confirmLink: string, leaveLink: string, siteUrl: string) {
  return {
    to,
    subject: translate(
      /*i18n*/ { id: "mails.newsletter.subject", message: "Please confirm your newsletter subscription" },
    ),
    text: [
      translate(
        /*i18n*/ {
          id: "mails.newsletter.thanks",
          message: "Thank you for signing up for our swim school's news and updates.",
        },
      ),
      "",
      translate(
        /*i18n*/ {
          id: "mails.newsletter.confirm",
          message: "Please confirm your address by opening this link: {link}",
          values: { link: confirmLink },
        },
      ),
      "",
      translate(
        /*i18n*/ {
          id: "mails.newsletter.expiry",
          message:
            "The link works once and expires in {days} days. If you did not sign up, ignore this mail: without\nconfirmation you will receive nothing from us.",
          values: { days: CONFIRM_LINK_LIFETIME_MS / (24 * 60 * 60_000) },
        },
      ),
      "",
      translate(
        /*i18n*/ {
          id: "mails.newsletter.leave",
          message: "To stop all mail from our newsletter: {link}",
          values: { link: leaveLink },
        },
      ),
      "",
      mailWords.foot(siteUrl, "newsletter"),
    ].join("\n"),
    // Only the recipient may hold these links: they are dropped from the stored copy once the mail is sent.
    secrets: [confirmLink, leaveLink],
  };
}

/**
 * Stores the address as pending and queues one confirmation mail (in one transaction), then tries to send it.
 * A confirmed address gets no mail; a pending one gets a new mail only once the resend window has passed.
 * `locale`: the language of the page signed up on, stored with the address; its mails are written in it.
 */
export async function signUp(
  deps: NewsletterDeps,
  email: string,
  locale: Locale,
): Promise<NewsletterSignUpOutcome> {
  const { db, outbox, clock } = deps;
  const now = clock.now();
  const token = randomBytes(32).toString("base64url");
  const confirmation = {
    email,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + CONFIRM_LINK_LIFETIME_MS).toISOString(),
    now: now.toISOString(),
    locale,
  };
  const sentBefore = new Date(now.getTime() - CONFIRMATION_RESEND_WINDOW_MS).toISOString();

  const mailId = await db.transaction().execute(async (trx) => {
    const claimed =
      (await repository.insertPending(trx, confirmation)) ||
      (await repository.renewConfirmation(trx, { ...confirmation, sentBefore }));
    if (!claimed) return null;
    const subscriber = await repository.findByEmail(trx, email);
    const confirmLink = `${deps.publicUrl}${newsletterConfirmPath(token)}`;
    const mail = inLocale(isLocale(subscriber.locale) ? subscriber.locale : defaultLocale, () =>
      confirmationMail(email, confirmLink, unsubscribeLink(deps, subscriber), deps.publicUrl),
    );
    return outbox.enqueue(mail, trx);
  });

  if (mailId === null) {
    return (await repository.statusOf(db, email)) === "confirmed"
      ? "already-subscribed"
      : "confirmation-recently-sent";
  }
  // A failed first try stays queued: the outbox retries it while the link is valid.
  if (deps.mailConfigured) await outbox.deliver(mailId);
  return "confirmation-sent";
}

/** Confirms the address of a confirmation token; false when the token is unknown, used or expired. */
export async function confirm(deps: Pick<NewsletterDeps, "db" | "clock">, token: string): Promise<boolean> {
  return repository.confirmByTokenHash(deps.db, sha256(token), deps.clock.now().toISOString());
}

/** Unsubscribes the address of a signed token (again: still fine); false when the token is not ours. */
export async function unsubscribe(
  deps: Pick<NewsletterDeps, "db" | "clock" | "secret">,
  token: string,
): Promise<boolean> {
  const match = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const id = Number(match[1]);
  const subscriber = await repository.findById(deps.db, id);
  if (!subscriber) return false;
  const expected = Buffer.from(signature(deps.secret, subscriber.id, subscriber.email));
  const given = Buffer.from(match[2] as string);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  await repository.unsubscribe(deps.db, subscriber.id, deps.clock.now().toISOString());
  return true;
}

export async function listConfirmed(
  deps: Pick<NewsletterDeps, "db">,
  query: SubscriberListQuery,
): Promise<NewsletterSubscriberPage> {
  const { items, total } = await repository.confirmedPage(deps.db, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** A spreadsheet would run a cell that starts with = + - @ (or a tab/CR) as a formula: quote it as text. */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The confirmed list as CSV (RFC 4180, CRLF), streamed in batches. */
export async function* confirmedCsv(deps: Pick<NewsletterDeps, "db">): AsyncGenerator<string> {
  yield "email,confirmedAt\r\n";
  for await (const batch of repository.allConfirmed(deps.db)) {
    yield batch.map((row) => `${csvCell(row.email)},${csvCell(row.confirmedAt)}\r\n`).join("");
  }
}
