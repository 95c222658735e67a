import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ConfigError, configSchema, loadConfig } from "./config.ts";

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
  ])("refuses %o with one line naming %s", (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment variable ${name}: [^\\n]+$`));
  });

  it("every variable it reads is listed in .env.example", () => {
    const example = readFileSync(".env.example", "utf8");
    const missing = Object.keys(configSchema.shape).filter(
      (name) => !new RegExp(`^# ${name}=`, "m").test(example),
    );
    expect(missing).toEqual([]);
  });
});
