// The batch reader gathers concurrent lookups into one query without ever answering a call from a
// query that started before the call: what was committed before a request is always seen.
import { describe, expect, it } from 'vitest';
import { createBatchReader } from '../../server/platform/db/batch.js';

/** A source whose queries the test finishes by hand, recording the keys of each. */
function controlledSource() {
  const queries: { keys: string[]; finish: (error?: Error) => void }[] = [];
  let value = 'v1';
  return {
    queries,
    set(next: string) {
      value = next;
    },
    readMany(keys: string[]) {
      // What the database holds when the query starts is what it answers.
      const seen = value;
      return new Promise<Map<string, string>>((resolve, reject) => {
        queries.push({
          keys,
          finish: (error) =>
            error ? reject(error) : resolve(new Map(keys.map((key) => [key, `${key}:${seen}`]))),
        });
      });
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatchReader', () => {
  it('starts at once when idle, and gathers the calls that arrive meanwhile into one query', async () => {
    const source = controlledSource();
    const read = createBatchReader((keys: string[]) => source.readMany(keys));
    const first = read('a');
    await tick();
    expect(source.queries.map((query) => query.keys)).toEqual([['a']]);
    const later = [read('b'), read('c'), read('b')];
    await tick();
    expect(source.queries).toHaveLength(1);
    source.queries[0]!.finish();
    expect(await first).toBe('a:v1');
    await tick();
    expect(source.queries.map((query) => query.keys)).toEqual([['a'], ['b', 'c']]);
    source.queries[1]!.finish();
    expect(await Promise.all(later)).toEqual(['b:v1', 'c:v1', 'b:v1']);
  });

  it('never answers a call from a query that started before it', async () => {
    const source = controlledSource();
    const read = createBatchReader((keys: string[]) => source.readMany(keys));
    const before = read('a');
    await tick();
    // A change is committed while the first query runs; a call made after it must see it.
    source.set('v2');
    const after = read('a');
    source.queries[0]!.finish();
    expect(await before).toBe('a:v1');
    await tick();
    source.queries[1]!.finish();
    expect(await after).toBe('a:v2');
  });

  it('gives a failed query to every call of its batch, and goes on with the next', async () => {
    const source = controlledSource();
    const read = createBatchReader((keys: string[]) => source.readMany(keys));
    const failing = read('a');
    await tick();
    const next = read('b');
    source.queries[0]!.finish(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await tick();
    source.queries[1]!.finish();
    expect(await next).toBe('b:v1');
  });

  it('answers undefined for a key the query did not find', async () => {
    const read = createBatchReader(async () => new Map<string, number>());
    expect(await read('missing')).toBeUndefined();
  });
});
