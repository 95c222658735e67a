import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startPrivateRedis } from "../../../../test/instances/private-redis.ts";
import {
  connectTestRedis,
  deleteKeys,
  testKeyPrefix,
  testRedisUrl,
} from "../../../../test/instances/test-redis.ts";
import { closedPort } from "../../../../test/support/smtp-sink.ts";
import { silentLog } from "../../http/log.ts";
import type { RateLimiter } from "./rate-limiter.ts";
import { closeRedis, createRedisRateLimiter, openRedis } from "./redis-rate-limiter.ts";

/** Real Redis (this machine's and CI's); the file fails with one clear line when there is none. */
const prefix = testKeyPrefix();
const otherPrefix = testKeyPrefix();
let inspector: Redis;
const opened: Redis[] = [];

/** One instance's limiter: its own connection, as each server process has. */
function instanceLimiter(keyPrefix = prefix) {
  const redis = openRedis(testRedisUrl, silentLog);
  opened.push(redis);
  return createRedisRateLimiter(redis, keyPrefix);
}

beforeAll(async () => {
  inspector = await connectTestRedis();
});
afterAll(async () => {
  await Promise.all(opened.map(closeRedis));
  if (inspector) {
    await deleteKeys(inspector, prefix);
    await deleteKeys(inspector, otherPrefix);
    inspector.disconnect();
  }
});

describe("the Redis rate limiter", () => {
  it("counts one key once for every instance: the limit holds in total, then says when to retry", async () => {
    const a = instanceLimiter();
    const b = instanceLimiter();
    const answers = [];
    for (const limiter of [a, b, a, b]) answers.push(await limiter.hit("contact:203.0.113.5", 3, 600));
    expect(answers.map((answer) => answer.allowed)).toEqual([true, true, true, false]);
    const refused = answers[3];
    expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(600);
    // Another caller, or the same caller on another action, has its own count.
    expect((await b.hit("contact:203.0.113.6", 3, 600)).allowed).toBe(true);
    expect((await b.hit("password-reset:203.0.113.5", 3, 600)).allowed).toBe(true);
  });

  it("keeps the count in Redis under its prefix, expiring with the window", async () => {
    await instanceLimiter().hit("newsletter:198.51.100.9", 5, 120);
    const keys = await inspector.keys(`${prefix}*newsletter:198.51.100.9`);
    expect(keys).toHaveLength(1);
    const key = keys[0] ?? "";
    expect(await inspector.get(key)).toBe("1");
    const ttl = await inspector.pttl(key);
    expect(ttl).toBeGreaterThan(110_000);
    expect(ttl).toBeLessThanOrEqual(120_000);
  });

  it("never meets another site's (or test run's) counts on the same Redis", async () => {
    const ours = instanceLimiter();
    const theirs = instanceLimiter(otherPrefix);
    expect((await ours.hit("contact:192.0.2.1", 1, 600)).allowed).toBe(true);
    expect((await theirs.hit("contact:192.0.2.1", 1, 600)).allowed).toBe(true);
    expect((await ours.hit("contact:192.0.2.1", 1, 600)).allowed).toBe(false);
  });

  it("still answers when Redis is unreachable, counting in the instance until it is back", async () => {
    const lost = openRedis(`redis://127.0.0.1:${await closedPort()}`, silentLog);
    opened.push(lost);
    const limiter = createRedisRateLimiter(lost, prefix);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await limiter.hit("contact:192.0.2.9", 2, 600)).allowed);
    expect(answers).toEqual([true, true, false]);
  });
});

describe("the Redis rate limiter while its Redis goes away and comes back (a private redis-server)", () => {
  let server: Awaited<ReturnType<typeof startPrivateRedis>>;
  beforeAll(async () => {
    server = await startPrivateRedis();
  });
  afterAll(() => server?.stop());

  /** Two instances on the private Redis, each with its own connection, and every command each one sends. */
  function twoInstances() {
    return [0, 1].map(() => {
      const redis = openRedis(server.url, silentLog);
      opened.push(redis);
      const sent = vi.spyOn(redis, "sendCommand");
      return { redis, sent, limiter: createRedisRateLimiter(redis, prefix) };
    });
  }
  const hits = async (limiter: RateLimiter, key: string, limit: number, count: number) => {
    const allowed = [];
    for (let i = 0; i < count; i++) allowed.push((await limiter.hit(key, limit, 600)).allowed);
    return allowed;
  };
  const alternately = async (
    instances: { limiter: RateLimiter }[],
    key: string,
    limit: number,
    count: number,
  ) => {
    const allowed = [];
    for (let i = 0; i < count; i++) {
      allowed.push((await instances[i % 2]?.limiter.hit(key, limit, 600))?.allowed);
    }
    return allowed;
  };

  it("counts per instance without asking Redis while it is away, and shares the count again once it is back", async () => {
    const [a, b] = twoInstances();
    if (!a || !b) throw new Error("two instances expected");
    expect(await alternately([a, b], "contact:192.0.2.20", 3, 4)).toEqual([true, true, true, false]);

    await server.stop();
    await vi.waitFor(async () => {
      expect(a.redis.status).not.toBe("ready");
      expect(b.redis.status).not.toBe("ready");
    });
    a.sent.mockClear();
    b.sent.mockClear();
    // Each instance allows the limit on its own, and neither sends Redis a command (nor waits on one).
    expect(await hits(a.limiter, "contact:192.0.2.21", 2, 3)).toEqual([true, true, false]);
    expect(await hits(b.limiter, "contact:192.0.2.21", 2, 3)).toEqual([true, true, false]);
    expect(a.sent).not.toHaveBeenCalled();
    expect(b.sent).not.toHaveBeenCalled();

    await server.start();
    await vi.waitFor(
      async () => {
        expect(a.redis.status).toBe("ready");
        expect(b.redis.status).toBe("ready");
      },
      { timeout: 10_000 },
    );
    expect(await alternately([a, b], "contact:192.0.2.22", 3, 4)).toEqual([true, true, true, false]);
  }, 20_000);
});
