// Property test: random and half-valid JSON sent to every operation of the contract never gets a 5xx,
// whoever sends it. Values follow the schema's property names and types often enough to get past
// validation and into the handlers.
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../server/auth/sessions.js';
import { loadContract, type OperationRoute } from '../../server/contract.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { registerCustomer } from '../helpers/accounts.js';

type Schema = {
  type?: string | string[];
  required?: string[];
  properties?: Record<string, Schema>;
  enum?: unknown[];
  items?: Schema;
  format?: string;
};

const anyJson = fc.jsonValue({ maxDepth: 2 });

function valueFor(schema: Schema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return anyJson;
  if (schema.enum) {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...schema.enum) },
      { weight: 1, arbitrary: anyJson },
    );
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const typed: fc.Arbitrary<unknown> = (() => {
    switch (type) {
      case 'string':
        if (schema.format === 'date') {
          return fc
            .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10));
        }
        if (schema.format === 'email') return fc.emailAddress();
        return fc.oneof(
          { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ]{0,15}$/) },
          { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
          { weight: 1, arbitrary: fc.constantFrom('', ' ', 'x'.repeat(600)) },
        );
      case 'integer':
        return fc.oneof(fc.integer({ min: -5, max: 50 }), fc.constantFrom(2 ** 31, -(2 ** 53)));
      case 'number':
        return fc.oneof(fc.double({ noNaN: true, min: -1e9, max: 1e9 }), fc.integer());
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(valueFor(schema.items), { maxLength: 4 });
      case 'object':
        return objectFor(schema);
      default:
        return anyJson;
    }
  })();
  return fc.oneof({ weight: 12, arbitrary: typed }, { weight: 1, arbitrary: anyJson });
}

function objectFor(schema: Schema): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 });
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const key of keys) record[key] = valueFor(properties[key]);
  // Mostly every required key and a few optional ones, so that many bodies pass validation and
  // reach the handler's own rules.
  const required = (schema.required ?? []).filter((key) => key in record);
  const optional = keys.filter((key) => !required.includes(key));
  const pick = (chosen: string[]) =>
    fc.record(Object.fromEntries(chosen.map((key) => [key, record[key]!])));
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .subarray(optional, { maxLength: Math.ceil(optional.length / 3) })
        .chain((extra) => pick([...required, ...extra])),
    },
    { weight: 1, arbitrary: fc.record(record, { requiredKeys: [] }) },
  );
}

function bodyFor(operation: OperationRoute): fc.Arbitrary<unknown> {
  const schema = operation.schema.body as Schema | undefined;
  return schema
    ? fc.oneof({ weight: 5, arbitrary: objectFor(schema) }, { weight: 1, arbitrary: anyJson })
    : anyJson;
}

const pathValue = fc.oneof(
  fc.integer({ min: 1, max: 30 }).map(String),
  fc.constantFrom('0', '-1', 'abc', '99999999999999999999', '%27%20or%201%3D1'),
);

describe.each(testDatabases())('no 5xx for malformed input on %s', (dialect) => {
  let t: TestApp;
  let userIds: number[] = [];
  let tokens: (string | null)[] = [];
  const operations = loadContract().operations;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const customer = await registerCustomer(t);
    const tiffin = await registerCustomer(t, { service: 'tiffin', userType: 'regular' });
    const unverified = await registerCustomer(t, { verify: false });
    const owner = await t.ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('user_type', '=', 'mess_owner')
      .executeTakeFirstOrThrow();
    userIds = [customer.id, tiffin.id, unverified.id, owner.id];
  }, 60_000);
  // Fuzzing logout and change-password revokes sessions, so every operation starts with fresh ones.
  beforeEach(async () => {
    tokens = [null];
    for (const id of userIds) tokens.push((await startSession(t.ctx, id)).access);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(operations.map((operation) => [operation.operationId, operation] as const))(
    '%s',
    async (_id, operation) => {
      let ip = 0;
      await fc.assert(
        fc.asyncProperty(
          bodyFor(operation),
          fc.integer({ min: 0, max: 4 }),
          fc.array(pathValue, { minLength: 3, maxLength: 3 }),
          fc.dictionary(
            fc.constantFrom('limit', 'offset', 'status', 'search', 'date', 'format', 'meal_type'),
            fc.string({ maxLength: 6 }),
            { maxKeys: 3 },
          ),
          async (body, tokenIndex, pathValues, query) => {
            const token = tokens[tokenIndex] ?? null;
            let index = 0;
            const url =
              operation.url.replace(/:[a-z_]+/gi, () => pathValues[index++ % 3]!) +
              (Object.keys(query).length ? `?${new URLSearchParams(query)}` : '');
            ip += 1;
            const answer = await t.request(operation.method, url, {
              token,
              ip: `10.200.${(ip >> 8) & 255}.${ip & 255}`,
              ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { body }),
            });
            // 501 marks an operation whose handler is not written yet; it is not a crash.
            if (answer.status >= 500 && answer.status !== 501) {
              throw new Error(
                `${operation.method} ${url} answered ${answer.status}: ${answer.text.slice(0, 300)}`,
              );
            }
            expect(answer.status).toBeGreaterThanOrEqual(200);
          },
        ),
        { numRuns: 60 },
      );
    },
  );
});
