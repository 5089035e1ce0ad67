// Queries that every request makes, built and compiled by Kysely once per database instead of on
// every call: building and compiling a query cost more than SQLite took to run it.
import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { nameStatement } from './index.js';
import type { Database } from './schema.js';

/**
 * Values that stand for the real ones while the query is compiled. Each must be unique among the
 * query's parameters: a text no input can hold, or a number no id can be.
 */
export const placeholder = {
  text: (name: string) => `\u0000${name}\u0000`,
  number: (index: number) => Number.MIN_SAFE_INTEGER + index,
};

/**
 * `build` is called once per database with `placeholders`; each later call returns the compiled
 * query with the placeholders' parameters replaced by `values`. Throws at the first call when a
 * placeholder does not reach the parameters (a literal Kysely inlined, say), so a wrong query
 * cannot run with a placeholder in it. A list is one parameter (`= any(…)` on PostgreSQL), its
 * placeholder a list of its own. With `named`, PostgreSQL also parses and plans it once per
 * connection (nameStatement).
 */
export function compiledOnce<
  Values extends Record<string, string | number | readonly string[]>,
  Row,
>(
  placeholders: Values,
  build: (db: Kysely<Database>, values: Values) => Compilable<Row>,
  options: { named?: boolean } = {},
): (db: Kysely<Database>, values: Values) => CompiledQuery<Row> {
  const byDatabase = new WeakMap<
    Kysely<Database>,
    { query: CompiledQuery<Row>; slots: [number, keyof Values][] }
  >();
  const nameOf = new Map<unknown, keyof Values>(
    Object.entries(placeholders).map(([name, value]) => [value, name]),
  );
  return (db, values) => {
    let compiled = byDatabase.get(db);
    if (!compiled) {
      const query = build(db, placeholders).compile();
      const slots: [number, keyof Values][] = [];
      query.parameters.forEach((value, index) => {
        const name = nameOf.get(value);
        if (name !== undefined) slots.push([index, name]);
      });
      const missing = [...nameOf.values()].filter((name) => !slots.some(([, n]) => n === name));
      if (missing.length) throw new Error(`compiledOnce: ${missing.join(', ')} not in the query`);
      compiled = { query, slots };
      byDatabase.set(db, compiled);
      if (options.named) nameStatement(db, query.sql);
    }
    const parameters = compiled.query.parameters.slice();
    for (const [index, name] of compiled.slots) parameters[index] = values[name];
    return { ...compiled.query, parameters };
  };
}
