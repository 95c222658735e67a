import { z } from "zod";

const optionalUrl = z
  .string()
  .default("")
  .transform((value) => value.trim())
  .transform((value) => (value === "" ? undefined : value))
  .pipe(z.url().optional());

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .default("")
  .transform((value) => value === "true" || value === "1");

/** Every environment variable the server reads, with its default. Parsed once at start-up. */
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalUrl.refine((url) => url === undefined || /^postgres(ql)?:\/\//.test(url), {
    message: "must start with postgres:// or postgresql://",
  }),
  PUBLIC_URL: optionalUrl,
  TRUST_PROXY: booleanFlag,
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
  CONTACT_RATE_LIMIT: z.coerce.number().int().positive().default(5),
  CONTACT_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  PAYMENTS: z.enum(["local", "stripe"]).default("local"),
  STRIPE_SECRET_KEY: z.string().default(""),
  STRIPE_WEBHOOK_SECRET: z.string().default(""),
  S3_BUCKET: z.string().default(""),
  S3_REGION: z.string().default(""),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().default(""),
  S3_SECRET_ACCESS_KEY: z.string().default(""),
  REDIS_URL: optionalUrl,
  TZ_SCHOOL: z.string().default(Intl.DateTimeFormat().resolvedOptions().timeZone),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
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

/** Where the site is reached from outside: links in mail point here. */
export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, "");
}

export class ConfigError extends Error {}

/** Parses the environment; on a bad value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = withAdminRules.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? "bad value"}`);
  }
  return result.data;
}
