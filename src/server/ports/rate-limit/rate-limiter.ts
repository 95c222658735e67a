import type { Clock } from "../../clock.ts";

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

/** Counts hits per key in fixed windows. */
export interface RateLimiter {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
}

/** One process only; REDIS_URL selects the shared limiter when several instances serve the site. */
export function createMemoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; resetsAt: number }>();
  return {
    async hit(key, limit, windowSeconds) {
      const now = clock.now().getTime();
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (w.resetsAt <= now) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.resetsAt <= now) {
        window = { count: 0, resetsAt: now + windowSeconds * 1000 };
        windows.set(key, window);
      }
      window.count++;
      return {
        allowed: window.count <= limit,
        retryAfterSeconds: Math.max(1, Math.ceil((window.resetsAt - now) / 1000)),
      };
    },
  };
}
