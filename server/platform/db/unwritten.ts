// Values read from the embedded database, kept in memory while nothing has been written to it.
// SQLite is opened by one connection with an exclusive lock (server/platform/db/index.ts), so every
// write to the file, by a route, a job, a trigger or a migration, goes through that connection and
// moves its count of writes: a value read while the count stood still is the database's value for
// as long as it stands still, and the first write of any kind drops every kept value. On
// PostgreSQL several instances (and anyone with psql) write one database, and nothing tells this
// instance, so there nothing is kept: each call reads.
import type { Db } from './index.js';

export type ReadUnwritten<Key, Value> = (key: Key, load: () => Promise<Value>) => Promise<Value>;

/**
 * `load()`'s value for `key`, from memory while `db` has not been written since it was read; at
 * most `capacity` keys, the one kept longest ago going first. On a database without a count of
 * writes (PostgreSQL), `load()` every time.
 */
export function readUnwritten<Key, Value>(db: Db, capacity: number): ReadUnwritten<Key, Value> {
  const writes = db.writes;
  if (!writes) return (_key, load) => load();
  let keptAt = -1;
  const kept = new Map<Key, Value>();
  return async (key, load) => {
    const now = writes();
    if (now !== keptAt) {
      kept.clear();
      keptAt = now;
    }
    if (kept.has(key)) return kept.get(key)!;
    const value = await load();
    // Kept only when nothing was written while it was read: it is then the value as of `now`.
    if (writes() === now && keptAt === now) {
      kept.set(key, value);
      if (kept.size > capacity) kept.delete(kept.keys().next().value as Key);
    }
    return value;
  };
}
