// Answers a repeated read from memory while nothing it shows has changed. A customer's entry is
// filed under the user's data_version, which the session lookup reads on every request and which
// the database's triggers move in the same transaction as any change the read shows (migration 014).
// So an instance never answers from a stale entry, whichever instance made the change, and a
// restart or a second instance only costs a first read. Answers that depend on the date are filed
// under the day too.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Handler, OperationId } from '@server/http.js';
import {
  compress,
  COMPRESSION_THRESHOLD_BYTES,
  preferredEncoding,
  type Encoding,
} from './compression.js';
import { sql } from 'kysely';
import { createBatchReader } from './db/batch.js';
import { compiledOnce, placeholder } from './db/compiled.js';
import type { Db } from './db/index.js';
import type { User } from './db/schema.js';
import { readUnwritten } from './db/unwritten.js';

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

/** An answer as it goes out: its JSON, and the same compressed, made once on first demand. */
export interface SharedAnswer {
  json: string;
  compressed: Partial<Record<Encoding, Buffer>>;
}

export interface SharedAnswers {
  /**
   * The answer filed under `key`, from memory while `version()` (read first, on every call) has
   * not moved, else `load()`'s JSON, kept for next time.
   */
  read(key: string, load: () => Promise<string>): Promise<SharedAnswer>;
}

/**
 * Answers everyone gets alike (the active plans), each kept under the database's counter for it
 * (read_versions, moved by triggers: migration 015). The counter is read on every call, so no
 * instance serves an answer older than the last committed change, whoever made it (on SQLite the
 * counter itself comes from memory while nothing has been written: server/platform/db/unwritten.ts).
 */
export function createSharedAnswers(version: () => Promise<number>): SharedAnswers {
  const entries = new Map<string, SharedAnswer & { version: number }>();
  return {
    async read(key, load) {
      const current = await version();
      const entry = entries.get(key);
      if (entry && entry.version === current) return entry;
      const fresh = { version: current, json: await load(), compressed: {} };
      // An older read finishing after a newer one does not replace it.
      if ((entries.get(key)?.version ?? -1) <= current) entries.set(key, fresh);
      return fresh;
    },
  };
}

const ENCODES_ITS_ANSWERS = Symbol('encodes its answers');

/**
 * Marks a handler that sends every successful answer through sendShared, which compresses it: its
 * route leaves out the compression plugin's hooks (two a request, spent on answers already encoded).
 */
export function encodesItsAnswers<Op extends OperationId>(handler: Handler<Op>): Handler<Op> {
  return Object.assign(handler, { [ENCODES_ITS_ANSWERS]: true });
}

export const encodesItsOwnAnswers = (handler: object) => ENCODES_ITS_ANSWERS in handler;

/** An answer made for one request, to send as a kept one is. */
export const answerOf = (reply: FastifyReply, body: unknown): SharedAnswer => ({
  json: String(reply.serialize(body)),
  compressed: {},
});

/**
 * Sends a kept answer: compressed as the client accepts (and as the compression plugin would, which
 * leaves an answer that says its encoding alone), else its JSON as it is.
 */
export function sendShared(request: FastifyRequest, reply: FastifyReply, answer: SharedAnswer) {
  reply.type('application/json; charset=utf-8');
  const encoding =
    answer.json.length >= COMPRESSION_THRESHOLD_BYTES
      ? preferredEncoding(request.headers['accept-encoding'])
      : null;
  if (!encoding) return reply.send(answer.json);
  const bytes = (answer.compressed[encoding] ??= compress(encoding, answer.json));
  const vary = reply.getHeader('vary');
  return reply
    .header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding')
    .header('content-encoding', encoding)
    .send(bytes);
}

/** Every shared answer's counter, in one query whatever the batch (`= any($1)`), named. */
const versionsQuery = compiledOnce(
  { names: [placeholder.text('names')] as readonly string[] },
  (db, { names }) =>
    db
      .selectFrom('read_versions')
      .select(['name', 'version'])
      .where('name', '=', sql<string>`any(${names})`),
  { named: true },
);

const versionQuery = compiledOnce({ name: placeholder.text('name') }, (db, { name }) =>
  db.selectFrom('read_versions').select('version').where('name', '=', name),
);

/**
 * Each database's way to read a counter. On PostgreSQL, read for many requests at once: under load
 * one query answers every request that arrived while the previous one ran (server/platform/db/batch.ts).
 * On SQLite, kept in memory while nothing is written (server/platform/db/unwritten.ts): the
 * triggers that move a counter write, so the next read after any change reads the table again.
 */
const versionReaders = new WeakMap<Db, (name: string) => Promise<number | undefined>>();

function versionReader(database: Db) {
  const db = database.kysely;
  if (database.dialect === 'postgres') {
    return createBatchReader(async (names: string[]) => {
      const { rows } = await db.executeQuery(versionsQuery(db, { names }));
      return new Map(rows.map((row) => [row.name, row.version]));
    });
  }
  const read = readUnwritten<string, number | undefined>(database, 100);
  return (name: string) =>
    read(name, async () => (await db.executeQuery(versionQuery(db, { name }))).rows[0]?.version);
}

/** The counter of the shared answer `name`, as the database has it now. */
export async function readVersion(database: Db, name: string): Promise<number> {
  let reader = versionReaders.get(database);
  if (!reader) {
    reader = versionReader(database);
    versionReaders.set(database, reader);
  }
  return (await reader(name)) ?? 0;
}
