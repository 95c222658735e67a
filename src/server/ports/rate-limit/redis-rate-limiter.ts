import type * as IORedis from "ioredis";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { Log } from "../../http/log.ts";
import { loadWhenConfigured } from "../load-when-configured.ts";
import type { RateLimiter } from "./rate-limiter.ts";

/** Keys of this site in a Redis that may serve others too. */
export const defaultRedisKeyPrefix = "swim-school:";

/**
 * The Redis connection of one instance. It connects on first use (isRedisReady), so a tool that never counts
 * anything (npm run admin, seed) opens no socket. While it is not connected, commands are refused at once rather
 * than queued until it is (no offline queue), and ioredis keeps reconnecting in the background. A command sent
 * to a Redis that stops answering gives up within a second.
 */
export function openRedis(url: string, log: Log): Redis {
  const { Redis: RedisClient } = loadWhenConfigured<typeof IORedis>("ioredis");
  const redis = new RedisClient(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    connectTimeout: 2000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
    connectionName: "swim-school",
  });
  // One line when Redis goes away and one when it is back, not one per reconnection attempt.
  let away = false;
  redis.on("error", (error: Error) => {
    if (away) return;
    away = true;
    log("warn", "redis unreachable: rate limits count per instance until it is back", {
      error: error.message,
    });
  });
  redis.on("ready", () => {
    if (!away) return;
    away = false;
    log("info", "redis reachable again: rate limits are shared again");
  });
  return redis;
}

const firstConnections = new WeakMap<Redis, Promise<void>>();

/**
 * Whether Redis takes commands now. The first call opens the connection and waits for it (once: a refused or
 * timed-out connection answers false), so the first hit after start is already shared; later calls answer from
 * the connection's state at once, without asking Redis.
 */
export async function isRedisReady(redis: Redis): Promise<boolean> {
  let first = firstConnections.get(redis);
  if (!first) {
    first = redis.status === "wait" ? redis.connect().catch(() => {}) : Promise.resolve();
    firstConnections.set(redis, first);
  }
  await first;
  return redis.status === "ready";
}

/** The same for /healthz, never waiting: a first call opens the connection and answers false meanwhile. */
export function isRedisReadyNow(redis: Redis): boolean {
  void isRedisReady(redis);
  return redis.status === "ready";
}

/** Closes the connection: politely when it is up (pending replies arrive first), at once otherwise. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status !== "ready") {
    redis.disconnect();
    return;
  }
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}

/**
 * The same fixed windows as the memory limiter, counted in Redis by rate-limiter-flexible (one atomic script per
 * hit), so every instance on this Redis and key prefix shares one count per key. The window starts at a key's
 * first hit and ends when Redis expires it. While the connection is not ready (Redis away, reconnecting), the
 * library's insurance limiter counts in this process without asking Redis at all: the forms keep working at
 * once, each instance allowing the limit on its own, until Redis is back. A command that fails on a connection
 * that looked ready is counted by the insurance limiter too.
 */
export function createRedisRateLimiter(redis: Redis, keyPrefix = defaultRedisKeyPrefix): RateLimiter {
  // One library limiter per (limit, window): the library fixes both when a limiter is made.
  const limiters = new Map<string, RateLimiterRedis>();
  function limiterFor(limit: number, windowSeconds: number): RateLimiterRedis {
    const name = `${limit}/${windowSeconds}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: redis,
        points: limit,
        duration: windowSeconds,
        keyPrefix: `${keyPrefix}rate:${name}`,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ points: limit, duration: windowSeconds }),
      });
      limiters.set(name, limiter);
    }
    return limiter;
  }

  return {
    async hit(key, limit, windowSeconds) {
      let result: RateLimiterRes;
      let allowed = true;
      await isRedisReady(redis); // opens the connection on the first hit
      try {
        result = await limiterFor(limit, windowSeconds).consume(key);
      } catch (refusal) {
        // Over the limit: the library rejects with the count. Anything else is a real failure.
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        result = refusal;
        allowed = false;
      }
      return { allowed, retryAfterSeconds: Math.max(1, Math.ceil(result.msBeforeNext / 1000)) };
    },
  };
}
