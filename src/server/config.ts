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
const configSchema = z.object({
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

export class ConfigError extends Error {}

/** Parses the environment; on a bad value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join(".") ?? "environment";
    throw new ConfigError(`Invalid environment variable ${name}: ${issue?.message ?? "bad value"}`);
  }
  return result.data;
}
