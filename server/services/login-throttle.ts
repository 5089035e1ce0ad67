// Progressive login delays per account, kept in the database so every instance shares them.
//
// The first failures are free. After that each failure makes the account wait a little longer
// before the next attempt is even checked: 1 s, 2 s, 4 s … capped at a minute, and the next attempt
// is answered 429 with Retry-After until then. A correct password once the wait has passed always
// works and clears the count, so nobody can lock the owner out for long by guessing.
//
// An attempt is charged as a failure before the password is checked (a compare-and-set on the
// row), and a success removes the charge: so parallel guesses cannot slip past the delay together.
import type { Db } from '@server/platform/db/index.js';
import type { Clock } from '@server/platform/time.js';

/** The failure in a row that starts the delays (the ones before it cost nothing). */
const LOGIN_FAILURES_BEFORE_DELAY = 5;
/** The longest delay between attempts on one account. */
const LOGIN_MAX_DELAY_SECONDS = 60;
/** Failures are forgotten after this long without another. */
const LOGIN_FAILURE_MEMORY_SECONDS = 15 * 60;

/** Seconds to wait after the `failures`-th failure in a row: 0 … 0, 1, 2, 4 … 60. */
function loginDelaySeconds(failures: number): number {
  if (failures < LOGIN_FAILURES_BEFORE_DELAY) return 0;
  return Math.min(2 ** (failures - LOGIN_FAILURES_BEFORE_DELAY), LOGIN_MAX_DELAY_SECONDS);
}

type LoginAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottle {
  /** Admits an attempt on `key` (charged as a failure) or says how long to wait. */
  begin(key: string): Promise<LoginAttempt>;
  /** The attempt succeeded: forget the failures of `key`. */
  succeeded(key: string): Promise<void>;
  /** Deletes counters nobody will need again; run by the daily clean-up job. */
  prune(): Promise<number>;
}

// A compare-and-set that keeps losing means many parallel attempts on one account: refuse briefly.
const MAX_RACES = 5;

export function createLoginThrottle(db: Db, clock: Clock): LoginThrottle {
  const table = () => db.kysely;
  return {
    async begin(key) {
      for (let race = 0; race < MAX_RACES; race++) {
        const nowMs = clock.now().getTime();
        const row = await table()
          .selectFrom('login_throttles')
          .selectAll()
          .where('key', '=', key)
          .executeTakeFirst();
        if (row && row.blocked_until_ms > nowMs) {
          return {
            allowed: false,
            retryAfterSeconds: Math.ceil((row.blocked_until_ms - nowMs) / 1000),
          };
        }
        const remembered = row && nowMs - row.last_failure_ms < LOGIN_FAILURE_MEMORY_SECONDS * 1000;
        const failures = remembered ? row.failures + 1 : 1;
        const values = {
          failures,
          last_failure_ms: nowMs,
          blocked_until_ms: nowMs + loginDelaySeconds(failures) * 1000,
        };
        if (!row) {
          const inserted = await table()
            .insertInto('login_throttles')
            .values({ key, ...values })
            .onConflict((conflict) => conflict.column('key').doNothing())
            .returning('key')
            .executeTakeFirst();
          if (inserted) return { allowed: true };
          continue;
        }
        const updated = await table()
          .updateTable('login_throttles')
          .set(values)
          .where('key', '=', key)
          .where('failures', '=', row.failures)
          .where('last_failure_ms', '=', row.last_failure_ms)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 1) return { allowed: true };
      }
      return { allowed: false, retryAfterSeconds: 1 };
    },
    async succeeded(key) {
      await table().deleteFrom('login_throttles').where('key', '=', key).execute();
    },
    async prune() {
      const nowMs = clock.now().getTime();
      const result = await table()
        .deleteFrom('login_throttles')
        .where('last_failure_ms', '<', nowMs - LOGIN_FAILURE_MEMORY_SECONDS * 1000)
        .where('blocked_until_ms', '<', nowMs)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
