import { join } from "node:path";
import { type Auth, createAuth } from "./auth/auth.ts";
import { type ClientDeletionHooks, createClientDeletionHooks } from "./clients/after-deletion.ts";
import { type Clock, systemClock } from "./clock.ts";
import { type Config, publicUrl } from "./config.ts";
import { type Counter, createCounter } from "./db/counting.ts";
import type { Db } from "./db/database.ts";
import { createLog, type Log } from "./http/log.ts";
import { mediaPrefixOf } from "./media/keys.ts";
import type { MailTransport } from "./ports/mail/mail-transport.ts";
import { createOutbox, type Outbox } from "./ports/mail/outbox.ts";
import { createSmtpTransport } from "./ports/mail/smtp-transport.ts";
import { createDiskMediaStore } from "./ports/media/disk-media-store.ts";
import type { MediaStore } from "./ports/media/media-store.ts";
import { createS3MediaStore } from "./ports/media/s3-media-store.ts";
import { createLocalPayments } from "./ports/payments/local-payments.ts";
import type { PaymentProvider } from "./ports/payments/payment-provider.ts";
import { createStripePayments } from "./ports/payments/stripe-payments.ts";
import { createMemoryRateLimiter, type RateLimiter } from "./ports/rate-limit/rate-limiter.ts";
import {
  closeRedis,
  createRedisRateLimiter,
  defaultRedisKeyPrefix,
  isRedisReadyNow,
  openRedis,
} from "./ports/rate-limit/redis-rate-limiter.ts";
import { createSettingsService, type SettingsService } from "./settings/service.ts";

/** Every part the app and the tools run on, built from the config in one place. */
export interface Wiring {
  config: Config;
  db: Db;
  clock: Clock;
  log: Log;
  outbox: Outbox;
  auth: Auth;
  rateLimiter: RateLimiter;
  /** REDIS_URL set: whether the shared rate-limit store is connected (/healthz reports it). */
  redisReady?: () => boolean;
  clientDeletion: ClientDeletionHooks;
  payments: PaymentProvider;
  media: MediaStore;
  /** School settings: the contacts, contract form and reels in force (site.json's until the owner saves). */
  settings: SettingsService;
  /** Where the whole-school counts (overview, reports) run: a worker thread on a SQLite file (docs/decisions/042). */
  counter: Counter;
  /** Closes what the wiring opened (Redis, the counting thread). The database is the caller's to close. */
  close(): Promise<void>;
}

/** What a caller may put in place of the config's choice: tests pass a settable clock, tools a silent log. */
export type WiringOverrides = Partial<Pick<Wiring, "clock" | "log" | "rateLimiter" | "counter">> & {
  transport?: MailTransport;
  /** Where this site's keys live in Redis; tests give each run its own so parallel runs never meet. */
  redisKeyPrefix?: string;
};

/**
 * Builds the ports and services for `npm start`, the tests and the shell tools alike, so a new port (payments,
 * media) is added here once. The database is opened (and migrated) by the caller, which owns its lifetime.
 */
export function wire(config: Config, db: Db, overrides: WiringOverrides = {}): Wiring {
  const clock = overrides.clock ?? systemClock;
  const log = overrides.log ?? createLog(config.LOG_LEVEL);
  const transport =
    overrides.transport ??
    (config.SMTP_URL ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM) : undefined);
  const outbox = createOutbox({ db, transport, clock, log, config });
  const auth = createAuth({ config, db, outbox, clock, log });
  const clientDeletion = createClientDeletionHooks(log);
  const media = chooseMediaStore(config);
  // A deleted client's files go once the deletion committed (their rows went with the client, by cascade).
  clientDeletion.register((clientId) => media.deleteByPrefix(mediaPrefixOf(clientId)));
  const limits: RateLimits = overrides.rateLimiter
    ? { rateLimiter: overrides.rateLimiter, close: async () => {} }
    : chooseRateLimiter(config, clock, log, overrides.redisKeyPrefix);
  const counter = overrides.counter ?? createCounter(db, { log });
  return {
    config,
    db,
    clock,
    log,
    outbox,
    auth,
    rateLimiter: limits.rateLimiter,
    redisReady: limits.redisReady,
    clientDeletion,
    payments: choosePayments(config),
    media,
    settings: createSettingsService({ db, clock, log, config }),
    counter,
    async close() {
      await counter.close();
      await limits.close();
    },
  };
}

/**
 * REDIS_URL set: counts shared by every instance on that Redis; otherwise counts in this process, which is right
 * for one instance only.
 */
interface RateLimits {
  rateLimiter: RateLimiter;
  redisReady?: () => boolean;
  close(): Promise<void>;
}

function chooseRateLimiter(
  config: Config,
  clock: Clock,
  log: Log,
  keyPrefix = defaultRedisKeyPrefix,
): RateLimits {
  if (!config.REDIS_URL) return { rateLimiter: createMemoryRateLimiter(clock), close: async () => {} };
  const redis = openRedis(config.REDIS_URL, log);
  return {
    rateLimiter: createRedisRateLimiter(redis, keyPrefix),
    redisReady: () => isRedisReadyNow(redis),
    close: () => closeRedis(redis),
  };
}

/** S3_BUCKET set: that bucket; otherwise files under DATA_DIR/media. */
function chooseMediaStore(config: Config): MediaStore {
  if (!config.S3_BUCKET) return createDiskMediaStore(join(config.DATA_DIR, "media"));
  return createS3MediaStore({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    credentials: config.S3_ACCESS_KEY_ID
      ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
      : undefined,
  });
}

/** PAYMENTS: the built-in local checkout (default) or Stripe, whose settings config.ts already required. */
function choosePayments(config: Config): PaymentProvider {
  if (config.PAYMENTS === "local") return createLocalPayments();
  return createStripePayments({
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    prices: {
      "4_60": config.STRIPE_PRICE_4_60,
      "4_55": config.STRIPE_PRICE_4_55,
      "4_50": config.STRIPE_PRICE_4_50,
      "8_60": config.STRIPE_PRICE_8_60,
      "8_55": config.STRIPE_PRICE_8_55,
      "8_50": config.STRIPE_PRICE_8_50,
    },
    publicUrl: publicUrl(config),
    apiUrl: config.STRIPE_API_URL,
  });
}
