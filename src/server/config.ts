import { z } from "zod";
import { isTimeZone } from "../domain/school-day.ts";

const optionalUrl = z
  .string()
  .default("")
  .transform((value) => value.trim())
  .transform((value) => (value === "" ? undefined : value))
  .pipe(z.url().optional());

/** Every environment variable the server reads, with its default. Parsed once at start-up. */
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalUrl.refine((url) => url === undefined || /^postgres(ql)?:\/\//.test(url), {
    message: "must start with postgres:// or postgresql://",
  }),
  /** PostgreSQL: a request that cannot get a connection this soon fails with a 503 instead of waiting. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  /** PostgreSQL: the database cancels a statement that runs longer than this. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  /** PostgreSQL: a pooled connection unused this long is closed. */
  DATABASE_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  PUBLIC_URL: optionalUrl,
  /** Several instances count rate limits (contact, newsletter, reset) in this Redis; unset: each process. */
  REDIS_URL: optionalUrl.refine((url) => url === undefined || /^rediss?:\/\//.test(url), {
    message: "must start with redis:// or rediss://",
  }),
  /** Reverse proxies in front of the server: false (none), true (one) or how many; see request-context.ts. */
  TRUST_PROXY: z
    .string()
    .trim()
    .default("false")
    .transform((value) => (value === "true" ? "1" : value === "false" || value === "" ? "0" : value))
    .pipe(
      z
        .string()
        .regex(/^[0-9]$/, "must be false, true or a number of proxies from 0 to 9")
        .transform(Number),
    ),
  ADMIN_EMAIL: z.union([z.literal(""), z.email()]).default(""),
  ADMIN_PASSWORD: z.string().default(""),
  /** Signs session cookies. Unset: main.ts keeps a generated one in DATA_DIR; several instances must share one. */
  BETTER_AUTH_SECRET: z
    .union([z.literal(""), z.string().min(32, "must be at least 32 characters")])
    .default(""),
  /** A signed-in session ends this long after sign-in however active it is (the idle limit is 5 minutes). */
  SESSION_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .default(12 * 60 * 60),
  /** Failed sign-ins allowed on one account, and from one address, within SIGN_IN_FAILURE_WINDOW_SECONDS. */
  SIGN_IN_ACCOUNT_FAILURE_LIMIT: z.coerce.number().int().positive().default(100),
  SIGN_IN_IP_FAILURE_LIMIT: z.coerce.number().int().positive().default(300),
  SIGN_IN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
  PASSWORD_RESET_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  PASSWORD_RESET_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  SMTP_URL: optionalUrl.refine((url) => url === undefined || /^smtps?:\/\//.test(url), {
    message: "must start with smtp:// or smtps://",
  }),
  MAIL_FROM: z.string().default("Swim School <no-reply@localhost>"),
  SCHOOL_INBOX: z.union([z.literal(""), z.email()]).default(""),
  MAIL_RETRY_SECONDS: z.coerce.number().int().positive().default(60),
  /** The wait before a failed mail's first retry; each further retry waits twice as long, at most 1 h. */
  MAIL_FIRST_RETRY_SECONDS: z.coerce.number().int().positive().default(30),
  /** Tries before a mail is marked failed (backoff 30 s doubling to 1 h: 30 tries span about 23 hours). */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().positive().default(30),
  /** Contact messages per caller address per window; newsletter sign-ups get the same limit, counted apart. */
  CONTACT_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  CONTACT_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /** Payments: `local` (the built-in checkout page, works offline) or `stripe` (needs the STRIPE_* below). */
  PAYMENTS: z.enum(["local", "stripe"]).default("local"),
  STRIPE_SECRET_KEY: z.string().trim().default(""),
  STRIPE_WEBHOOK_SECRET: z.string().trim().default(""),
  /** The Stripe recurring price of each pack (`price_…`). */
  STRIPE_PRICE_4_60: z.string().trim().default(""),
  STRIPE_PRICE_4_55: z.string().trim().default(""),
  STRIPE_PRICE_4_50: z.string().trim().default(""),
  STRIPE_PRICE_8_60: z.string().trim().default(""),
  STRIPE_PRICE_8_55: z.string().trim().default(""),
  STRIPE_PRICE_8_50: z.string().trim().default(""),
  /** Unset: Stripe's own API. A stand-in's address (stripe-mock, the tests' fake) otherwise. */
  STRIPE_API_URL: optionalUrl,
  /** Media (milestones, gallery): unset, files under DATA_DIR/media; set, this S3-compatible bucket. */
  S3_BUCKET: z.string().trim().default(""),
  S3_REGION: z.string().trim().default("us-east-1"),
  /** Unset: AWS. An S3-compatible service's address (MinIO, R2…) otherwise, addressed path-style. */
  S3_ENDPOINT: optionalUrl.refine((url) => url === undefined || /^https?:\/\//.test(url), {
    message: "must start with http:// or https://",
  }),
  /** Both or neither; neither: the AWS SDK's own credential chain (environment, instance role…). */
  S3_ACCESS_KEY_ID: z.string().trim().default(""),
  S3_SECRET_ACCESS_KEY: z.string().trim().default(""),
  /** The school's time zone (IANA name): what "today" and "past" mean for class dates. Unset: the server's. */
  TZ_SCHOOL: z
    .string()
    .trim()
    .default("")
    .transform((value) => value || Intl.DateTimeFormat().resolvedOptions().timeZone)
    .refine(isTimeZone, "must be an IANA time zone such as Europe/Madrid or America/New_York"),
  /** Class reminders are mailed on the day before a class from this hour (school time, 0–23). */
  CLASS_REMINDER_HOUR: z.coerce.number().int().min(0).max(23).default(17),
});

export type Config = z.infer<typeof configSchema>;

const withAdminRules = configSchema.superRefine((config, context) => {
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD.length < 8) {
    context.addIssue({
      code: "custom",
      path: ["ADMIN_PASSWORD"],
      message: "must be at least 8 characters when ADMIN_EMAIL is set",
    });
  }
});

/** The variable holding each pack's Stripe price. */
export const stripePriceVariables = [
  "STRIPE_PRICE_4_60",
  "STRIPE_PRICE_4_55",
  "STRIPE_PRICE_4_50",
  "STRIPE_PRICE_8_60",
  "STRIPE_PRICE_8_55",
  "STRIPE_PRICE_8_50",
] as const;

/** With PAYMENTS=stripe every Stripe setting is required: the first missing one stops start-up. */
const withPaymentRules = withAdminRules.superRefine((config, context) => {
  if (config.PAYMENTS !== "stripe") return;
  const required = [
    ["STRIPE_SECRET_KEY", /^(sk|rk)_/, "must be a Stripe secret key (sk_… or rk_…) when PAYMENTS=stripe"],
    ["STRIPE_WEBHOOK_SECRET", /^whsec_/, "must be a webhook signing secret (whsec_…) when PAYMENTS=stripe"],
    ...stripePriceVariables.map(
      (name) =>
        [name, /^price_/, "must be the pack's Stripe price id (price_…) when PAYMENTS=stripe"] as const,
    ),
  ] as const;
  for (const [name, pattern, message] of required) {
    if (!pattern.test(config[name])) context.addIssue({ code: "custom", path: [name], message });
  }
});

/** S3 settings without S3_BUCKET would be ignored, and half a key pair would fail at the first upload. */
const withMediaRules = withPaymentRules.superRefine((config, context) => {
  const given = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const).filter((name) =>
    Boolean(config[name]),
  );
  if (!config.S3_BUCKET && given.length > 0) {
    context.addIssue({ code: "custom", path: ["S3_BUCKET"], message: `must be set when ${given[0]} is set` });
  }
  if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
    const missing = config.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    context.addIssue({
      code: "custom",
      path: [missing],
      message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together",
    });
  }
});

/** Whether the site says it is reached from other machines (PUBLIC_URL on an address other than this one's). */
function isReachedFromOtherMachines(config: Config): boolean {
  if (!config.PUBLIC_URL) return false;
  const { hostname } = new URL(config.PUBLIC_URL);
  return !(hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname));
}

/** What the start-up log says while the local checkout runs in production. */
export const localPaymentsWarning =
  "PAYMENTS=local: packages are given away without payment (the built-in checkout takes no money); set PAYMENTS=stripe to take payments";

/** Where the site is reached from outside: links in mail point here. */
export function publicUrl(config: Pick<Config, "PUBLIC_URL" | "PORT">): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, "");
}

export class ConfigError extends Error {}

/**
 * Parses the environment; on a bad value throws one line naming the variable.
 *
 * PAYMENTS defaults to the local checkout, which gives packages away: a production site that others reach must
 * choose it explicitly (docs/decisions/015). `npm start` on a fresh machine is production too, but without
 * PUBLIC_URL it is used from this machine only, so it still starts as it is.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = withMediaRules.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? "bad value"}`);
  }
  const config = result.data;
  if (config.NODE_ENV === "production" && isReachedFromOtherMachines(config) && !env.PAYMENTS?.trim()) {
    throw new ConfigError(
      "Invalid environment variable PAYMENTS: must be set in production once PUBLIC_URL is public: PAYMENTS=stripe to take payments, or PAYMENTS=local to give packages away without payment",
    );
  }
  return config;
}
