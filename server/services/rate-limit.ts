// Rate limits and claims kept in the database, so every instance behind a load balancer shares them.
import type { Db } from '@server/platform/db/index.js';
import { tooManyRequests } from '@server/errors.js';
import type { Clock } from '@server/platform/time.js';

interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit on `key` and says whether it is within `limit` per `windowSeconds`. */
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /**
   * Takes back one hit() on `key` in the current window, for a request that turned out to cost
   * nothing the limit guards (a code the phone's own limits refused to send).
   */
  giveBack(key: string, windowSeconds: number): Promise<void>;
  /**
   * True for the first caller, then false for everyone until `windowSeconds` (at most a day) have
   * passed since the last true: a rolling window, so two claims are never closer than that, as
   * they can be across the edge of hit()'s fixed windows.
   */
  claim(key: string, windowSeconds: number): Promise<boolean>;
  /** Deletes windows that ended (and claims granted) more than a day ago; run by the daily job. */
  prune(): Promise<number>;
}

/**
 * A claim is one row per key with this window_start; its count holds the minute the claim was
 * last granted (minutes since 1970 fit the integer column for millennia, seconds stop in 2038).
 */
const CLAIM_ROW = 0;
const minuteOf = (seconds: number) => Math.floor(seconds / 60);

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
    async giveBack(key, windowSeconds) {
      const nowSeconds = Math.floor(clock.now().getTime() / 1000);
      await db.kysely
        .updateTable('rate_limit_hits')
        .set((eb) => ({ count: eb('count', '-', 1) }))
        .where('key', '=', `${windowSeconds}:${key}`)
        .where('window_start', '=', nowSeconds - (nowSeconds % windowSeconds))
        .where('count', '>', 0)
        .execute();
    },
    async claim(key, windowSeconds) {
      const nowMinute = minuteOf(Math.floor(clock.now().getTime() / 1000));
      const windowMinutes = Math.ceil(windowSeconds / 60);
      // One statement, so concurrent callers on any instance agree on a single winner.
      const granted = await db.kysely
        .insertInto('rate_limit_hits')
        .values({ key: `claim:${key}`, window_start: CLAIM_ROW, count: nowMinute })
        .onConflict((conflict) =>
          conflict
            .columns(['key', 'window_start'])
            .doUpdateSet({ count: nowMinute })
            .where('rate_limit_hits.count', '<=', nowMinute - windowMinutes),
        )
        .returning('count')
        .executeTakeFirst();
      return granted !== undefined;
    },
    async prune() {
      // The longest window in use is a day.
      const cutoff = Math.floor(clock.now().getTime() / 1000) - 86_400;
      const result = await db.kysely
        .deleteFrom('rate_limit_hits')
        .where((eb) =>
          eb.or([
            eb.and([eb('window_start', '<>', CLAIM_ROW), eb('window_start', '<', cutoff)]),
            eb.and([eb('window_start', '=', CLAIM_ROW), eb('count', '<', minuteOf(cutoff))]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

/**
 * Counts one hit on `key` and refuses the request with 429 and Retry-After beyond `limit` per
 * `windowSeconds`; `shape` is where the sentence goes (`message` on the OTP endpoints).
 */
export async function enforceLimit(
  limiter: RateLimiter,
  key: string,
  limit: number,
  windowSeconds: number,
  shape: 'detail' | 'message' = 'detail',
): Promise<void> {
  const result = await limiter.hit(key, limit, windowSeconds);
  if (result.allowed) return;
  const minutes = Math.ceil(result.retryAfterSeconds / 60);
  throw tooManyRequests(
    result.retryAfterSeconds,
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    shape,
  );
}
