import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";

/** The Redis the tests use: this machine's and CI's, or TEST_REDIS_URL. */
export const testRedisUrl = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

/** A key prefix of its own for one test file's run, so parallel runs on one Redis never count together. */
export function testKeyPrefix(): string {
  return `swim-school-test:${randomBytes(6).toString("hex")}:`;
}

/**
 * A connection to the tests' Redis, or one clear error when there is none: these tests need a real Redis, as the
 * database tests need a real database.
 */
export async function connectTestRedis(): Promise<Redis> {
  const redis = new Redis(testRedisUrl, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let cause = "";
  redis.on("error", (error: Error) => {
    cause = error.message;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    const reason = cause || (error instanceof Error ? error.message : String(error));
    throw new Error(
      `Redis is not reachable at ${testRedisUrl} (${reason}): start it (redis-server) or set TEST_REDIS_URL`,
    );
  }
  return redis;
}

/** Deletes every key under `prefix` (a test run's leftovers; they would expire anyway). */
export async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== "0");
}
