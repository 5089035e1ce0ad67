// Fixed-window rate limits kept in the database, so every instance behind a load balancer shares them.
import type { Db } from '../db/index.js';
import type { Clock } from '../time.js';

export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit on `key` and says whether it is within `limit` per `windowSeconds`. */
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Deletes windows that ended before now; run by the daily clean-up job. */
  prune(): Promise<number>;
}

export function createRateLimiter(db: Db, clock: Clock): RateLimiter {
  return {
    async hit(key, limit, windowSeconds) {
      const nowSeconds = Math.floor(clock.now().getTime() / 1000);
      const windowStart = nowSeconds - (nowSeconds % windowSeconds);
      // Prefix the window length so limits of different lengths on one key never share a row.
      const scopedKey = `${windowSeconds}:${key}`;
      const row = await db.kysely
        .insertInto('rate_limit_hits')
        .values({ key: scopedKey, window_start: windowStart, count: 1 })
        .onConflict((conflict) =>
          conflict
            .columns(['key', 'window_start'])
            .doUpdateSet((eb) => ({ count: eb('rate_limit_hits.count', '+', 1) })),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return {
        allowed: row.count <= limit,
        retryAfterSeconds: windowStart + windowSeconds - nowSeconds,
      };
    },
    async prune() {
      // The longest window in use is a day.
      const cutoff = Math.floor(clock.now().getTime() / 1000) - 86_400;
      const result = await db.kysely
        .deleteFrom('rate_limit_hits')
        .where('window_start', '<', cutoff)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
