// Answers a customer's repeated read from memory while nothing it shows has changed. Each entry is
// filed under the user's data_version, which the session lookup reads on every request and which
// the database's triggers move in the same transaction as any change the read shows (migration 014).
// So an instance never answers from a stale entry, whichever instance made the change, and a
// restart or a second instance only costs a first read. Answers that depend on the date are filed
// under the day too.
import type { User } from './db/schema.js';

interface Entry<T> {
  version: number;
  day: string;
  value: T;
}

export interface ReadCache<T> {
  /**
   * The cached answer for `user` on `day`, else `load()`'s, kept for next time. `load` must read
   * after the user's row was read (it is, when `user` is the request's session user), so what it
   * returns is at least as new as the version it is filed under.
   */
  read(user: Pick<User, 'id' | 'data_version'>, day: string, load: () => Promise<T>): Promise<T>;
  readonly size: number;
}

/**
 * A cache of at most `capacity` users' answers; past that, the entry written longest ago goes
 * first. A mess's customers fit in the default many times over.
 */
export function createReadCache<T>(capacity: number): ReadCache<T> {
  const entries = new Map<number, Entry<T>>();
  return {
    async read(user, day, load) {
      const entry = entries.get(user.id);
      if (entry && entry.version === user.data_version && entry.day === day) return entry.value;
      const value = await load();
      entries.delete(user.id);
      entries.set(user.id, { version: user.data_version, day, value });
      if (entries.size > capacity) entries.delete(entries.keys().next().value as number);
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}

/** A request that asks for an answer read from the database (`Cache-Control: no-cache`). */
export const wantsFreshRead = (request: { headers: Record<string, unknown> }) => {
  const header = request.headers['cache-control'];
  return typeof header === 'string' && /(^|,)\s*no-cache\b/i.test(header);
};
