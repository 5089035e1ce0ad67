// Reads that many concurrent requests make one at a time (the session lookup, a shared answer's
// version) gathered into one query. On PostgreSQL each query is a round trip whose cost, on the
// server and in the database, hardly depends on how many rows it reads: fifty lookups in one query
// cost about what one does.

/**
 * Reads `readMany` for batches of keys, one batch at a time: a key asked for while a batch runs
 * waits for the next one, which starts once that batch is done. So every answer comes from a query
 * that started after it was asked for, exactly as if each caller had run a query of its own: a
 * change committed before the call is always seen. A call while nothing runs starts at once.
 */
export function createBatchReader<Key, Value>(
  readMany: (keys: Key[]) => Promise<Map<Key, Value>>,
): (key: Key) => Promise<Value | undefined> {
  let waiting: {
    key: Key;
    resolve: (value: Value | undefined) => void;
    reject: (error: unknown) => void;
  }[] = [];
  let running = false;

  async function drain() {
    running = true;
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      try {
        const found = await readMany([...new Set(batch.map((call) => call.key))]);
        for (const call of batch) call.resolve(found.get(call.key));
      } catch (error) {
        for (const call of batch) call.reject(error);
      }
    }
    running = false;
  }

  return (key) =>
    new Promise((resolve, reject) => {
      waiting.push({ key, resolve, reject });
      if (!running) void drain();
    });
}
