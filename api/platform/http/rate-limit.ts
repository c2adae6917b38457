import { RateLimiterDrizzle } from "rate-limiter-flexible";
import type { Database } from "../../db/client";
import { rateLimits } from "../../db/schema";

/** A counter kept in PostgreSQL, so every app instance sees the same limit. */
export interface Limit {
  /** true when the key has already used up its points */
  exhausted(key: string): Promise<boolean>;
  /** spends one point; true when that went over the limit */
  hit(key: string): Promise<boolean>;
  reset(key: string): Promise<void>;
  /** gives back one point spent by an attempt that turned out legitimate */
  refund(key: string): Promise<void>;
}

export function pgLimit(db: Database, name: string, points: number, durationSeconds: number): Limit {
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: name,
    points,
    duration: durationSeconds,
    clearExpiredByTimeout: false,
  });
  return {
    async exhausted(key) {
      const res = await limiter.get(key);
      return !!res && res.consumedPoints >= points;
    },
    async hit(key) {
      try {
        await limiter.consume(key);
        return false;
      } catch (error) {
        if (error instanceof Error) throw error;
        return true;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
    async refund(key) {
      const res = await limiter.get(key);
      if (res && res.consumedPoints > 0) await limiter.reward(key, 1);
    },
  };
}
