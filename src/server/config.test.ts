import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runScript, spawnServer } from "../../test/support/spawned-server.ts";
import { ConfigError, configSchema, loadConfig } from "./config.ts";

/** A complete PAYMENTS=stripe environment. */
const stripeEnv = {
  PAYMENTS: "stripe",
  STRIPE_SECRET_KEY: "sk_test_x",
  STRIPE_WEBHOOK_SECRET: "whsec_x",
  STRIPE_PRICE_4_60: "price_460",
  STRIPE_PRICE_4_55: "price_455",
  STRIPE_PRICE_4_50: "price_450",
  STRIPE_PRICE_8_60: "price_860",
  STRIPE_PRICE_8_55: "price_855",
  STRIPE_PRICE_8_50: "price_850",
};

describe("loadConfig", () => {
  it("starts with defaults on an empty environment: port 3000, SQLite under ./data", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ PAYMENTS: "paypal" }, "PAYMENTS"],
    // PAYMENTS=stripe without one of its settings: the first missing one is named.
    [{ PAYMENTS: "stripe" }, "STRIPE_SECRET_KEY"],
    [{ ...stripeEnv, STRIPE_WEBHOOK_SECRET: "" }, "STRIPE_WEBHOOK_SECRET"],
    [{ ...stripeEnv, STRIPE_PRICE_8_55: "" }, "STRIPE_PRICE_8_55"],
    [{ ...stripeEnv, STRIPE_PRICE_4_60: "4_60" }, "STRIPE_PRICE_4_60"],
    // S3 settings without a bucket, or half a key pair.
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, "S3_BUCKET"],
    [{ S3_BUCKET: "photos", S3_ACCESS_KEY_ID: "key" }, "S3_SECRET_ACCESS_KEY"],
    [{ S3_BUCKET: "photos", S3_ENDPOINT: "minio:9000" }, "S3_ENDPOINT"],
    // A Redis address that is not one (a typo would otherwise leave each instance counting alone).
    [{ REDIS_URL: "http://127.0.0.1:6379" }, "REDIS_URL"],
    [{ REDIS_URL: "127.0.0.1:6379" }, "REDIS_URL"],
    // A time zone that does not exist, a reminder hour outside the day.
    [{ TZ_SCHOOL: "Mars/Olympus" }, "TZ_SCHOOL"],
    [{ CLASS_REMINDER_HOUR: "24" }, "CLASS_REMINDER_HOUR"],
  ])("refuses %o with one line naming %s", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment variable ${name}: [^\\n]+$`));
  });

  it("class dates count in TZ_SCHOOL, the server's zone when unset", () => {
    expect(loadConfig({ TZ_SCHOOL: "Europe/Madrid" }).TZ_SCHOOL).toBe("Europe/Madrid");
    expect(loadConfig({}).TZ_SCHOOL).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("payments default to the local checkout; PAYMENTS=stripe starts with every Stripe setting given", () => {
    expect(loadConfig({}).PAYMENTS).toBe("local");
    // The Stripe settings are not needed, and not checked, for the local checkout.
    expect(loadConfig({ STRIPE_SECRET_KEY: "anything" }).PAYMENTS).toBe("local");
    const config = loadConfig(stripeEnv);
    expect(config.PAYMENTS).toBe("stripe");
    expect(config.STRIPE_PRICE_8_50).toBe("price_850");
  });

  it("rate limits count in each process unless REDIS_URL names a Redis (TLS too)", () => {
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379/2" }).REDIS_URL).toBe("redis://127.0.0.1:6379/2");
    expect(loadConfig({ REDIS_URL: "rediss://cache.internal:6380" }).REDIS_URL).toBe(
      "rediss://cache.internal:6380",
    );
  });

  it("media stay on disk unless S3_BUCKET is set; an S3-compatible endpoint with its keys is accepted", () => {
    expect(loadConfig({}).S3_BUCKET).toBe("");
    const config = loadConfig({
      S3_BUCKET: "swim-media",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_ACCESS_KEY_ID: "key",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(config.S3_REGION).toBe("us-east-1");
    expect(config.S3_ENDPOINT).toBe("http://127.0.0.1:9000");
  });

  it("every variable it reads is listed in .env.example", () => {
    const example = readFileSync(".env.example", "utf8");
    const missing = Object.keys(configSchema.shape).filter(
      (name) => !new RegExp(`^# ${name}=`, "m").test(example),
    );
    expect(missing).toEqual([]);
  });
});

describe("payments in production", () => {
  const publicSite = { NODE_ENV: "production", PUBLIC_URL: "https://swim.example" };

  it("a site with a public address must choose PAYMENTS: unset, start-up stops with one line naming it", () => {
    expect(() => loadConfig(publicSite)).toThrow(
      /^Invalid environment variable PAYMENTS: must be set in production[^\n]+PAYMENTS=local[^\n]+$/,
    );
    expect(loadConfig({ ...publicSite, PAYMENTS: "local" }).PAYMENTS).toBe("local");
    expect(loadConfig({ ...publicSite, ...stripeEnv }).PAYMENTS).toBe("stripe");
  });

  it("npm start on a fresh machine (production, reached only from this machine) keeps the local checkout", () => {
    expect(loadConfig({ NODE_ENV: "production" }).PAYMENTS).toBe("local");
    for (const local of ["http://localhost:3000", "http://127.0.0.1:4000", "http://[::1]:3000"]) {
      expect(loadConfig({ NODE_ENV: "production", PUBLIC_URL: local }).PAYMENTS, local).toBe("local");
    }
    expect(loadConfig({ PUBLIC_URL: "https://swim.example" }).PAYMENTS).toBe("local");
  });

  const dataDir = mkdtempSync(path.join(tmpdir(), "swim-config-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("the server does not start without PAYMENTS, and with PAYMENTS=local it logs that packages are free", async () => {
    const env = { ...publicSite, DATA_DIR: dataDir, DATABASE_URL: "", HOST: "127.0.0.1", PORT: "0" };
    const refused = await runScript("src/server/main.ts", [], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^Invalid environment variable PAYMENTS: /),
    ]);

    const server = await spawnServer({ ...env, PAYMENTS: "local" });
    try {
      const warning = server
        .output()
        .split("\n")
        .find((line) => line.includes("packages are given away without payment"));
      expect(warning && JSON.parse(warning)).toMatchObject({ level: "warn" });
    } finally {
      await server.stop();
    }
  }, 60_000);
});
