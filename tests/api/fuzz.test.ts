// Property test: random and half-valid JSON sent to every operation of the contract never gets a 5xx,
// whoever sends it. Values follow the schema's property names and types often enough to get past
// validation and into the handlers, and include the edge values that once crashed the server:
// huge, negative, fractional and exponent integers, and dates in years 0000-0099 and 9999.
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '@machines';
import { startSession } from '../../server/resources/auth/sessions.js';
import { loadContract, type OperationRoute } from '../../server/contract.js';
import { dateInZone } from '../../server/platform/time.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer } from '../helpers/accounts.js';
import { commerce } from '../helpers/commerce.js';

type Schema = {
  type?: string | string[];
  required?: string[];
  properties?: Record<string, Schema>;
  enum?: unknown[];
  items?: Schema;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
};

const anyJson = fc.jsonValue({ maxDepth: 2 });

/** Integers no request may carry, as JSON numbers and as query/path text. */
// ±2^63: the int64 extremes as near as a JSON number gets (JSON.stringify writes 9223372036854776000).
const EDGE_INTEGERS = [2 ** 63, -(2 ** 63), 1e30, -1, 2.5, 2 ** 31];
const EDGE_INTEGER_TEXT = [
  '9223372036854775807',
  '-9223372036854775808',
  '99999999999999999999',
  '1e30',
  '-1',
  '2.5',
  '2147483648',
];
/** Dates outside the contract's range (years 2000-2099) or not in the calendar. */
const EDGE_DATES = [
  '0000-01-01',
  '0099-12-31',
  '0050-06-15',
  '9999-12-31',
  '2026-02-30',
  '1999-12-31',
];

const typeOf = (schema: Schema | undefined) =>
  Array.isArray(schema?.type) ? schema.type[0] : schema?.type;

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
          return fc.oneof(
            {
              weight: 4,
              arbitrary: fc
                .date({
                  min: new Date('2020-01-01'),
                  max: new Date('2030-12-31'),
                  noInvalidDate: true,
                })
                .map((d) => d.toISOString().slice(0, 10)),
            },
            { weight: 2, arbitrary: fc.constantFrom(...EDGE_DATES) },
          );
        }
        if (schema.format === 'email') return fc.emailAddress();
        return fc.oneof(
          { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ]{0,15}$/) },
          { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
          { weight: 1, arbitrary: fc.constantFrom('', ' ', 'x'.repeat(600)) },
        );
      case 'integer':
        return fc.oneof(
          fc.integer({ min: -5, max: 50 }),
          fc.constantFrom(...EDGE_INTEGERS, -(2 ** 53)),
        );
      case 'number':
        return fc.oneof(
          fc.double({ noNaN: true, min: -1e9, max: 1e9 }),
          fc.integer(),
          fc.constantFrom(...EDGE_INTEGERS, 1e300, -1e300),
        );
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
  fc.constantFrom('0', 'abc', '%27%20or%201%3D1', ...EDGE_INTEGER_TEXT),
);

/** Query text for a parameter of `schema`: mostly of its type, often an edge value. */
function queryValueFor(schema: Schema | undefined): fc.Arbitrary<string> {
  const junk = fc.string({ maxLength: 6 });
  if (schema?.enum) return fc.oneof(fc.constantFrom(...schema.enum.map(String)), junk);
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return fc.oneof(
        fc.integer({ min: -5, max: 600 }).map(String),
        fc.constantFrom(...EDGE_INTEGER_TEXT),
        junk,
      );
    case 'boolean':
      return fc.oneof(fc.constantFrom('true', 'false'), junk);
    case 'string':
      if (schema?.format === 'date') {
        return fc.oneof(
          fc
            .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10)),
          fc.constantFrom(...EDGE_DATES),
          junk,
        );
      }
      return junk;
    default:
      return junk;
  }
}

/** Query strings over the operation's own parameters, plus the odd unknown one. */
function queryFor(operation: OperationRoute): fc.Arbitrary<Record<string, string>> {
  const properties = (operation.schema.querystring as Schema | undefined)?.properties ?? {};
  const record: Record<string, fc.Arbitrary<string>> = {};
  for (const [name, schema] of Object.entries(properties)) record[name] = queryValueFor(schema);
  record.unknown_param = fc.string({ maxLength: 6 });
  return fc
    .record(record, { requiredKeys: [] })
    .map((query) =>
      Object.fromEntries(
        Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
    );
}

/** Every integer, number and date a request carries: query, path and top-level body values. */
function boundedInputs(operation: OperationRoute) {
  const inputs: { part: 'querystring' | 'params' | 'body'; name: string; schema: Schema }[] = [];
  for (const part of ['querystring', 'params', 'body'] as const) {
    const properties = (operation.schema[part] as Schema | undefined)?.properties ?? {};
    for (const [name, schema] of Object.entries(properties)) {
      const type = typeOf(schema);
      if (type === 'integer' || type === 'number' || schema.format === 'date') {
        inputs.push({ part, name, schema });
      }
    }
  }
  return inputs;
}

/** A plausible value of `schema`, so that a body with one edge value gets past the others. */
function sampleFor(schema: Schema, today: string, pickLast: boolean): unknown {
  if (schema.enum) return pickLast ? schema.enum[schema.enum.length - 1] : schema.enum[0];
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return {};
    default:
      if (schema.format === 'date') return addDays(today, 2);
      if (schema.format === 'email') return 'someone@example.com';
      return 'Sample text';
  }
}

describe('the contract bounds what a request carries', () => {
  it('gives every integer and number a minimum and maximum, and every date the 2000-2099 range', () => {
    const unbounded: string[] = [];
    const walk = (schema: unknown, at: string) => {
      if (Array.isArray(schema)) return schema.forEach((item, i) => walk(item, `${at}[${i}]`));
      if (!schema || typeof schema !== 'object') return;
      const node = schema as Schema & Record<string, unknown>;
      const types = Array.isArray(node.type) ? node.type : [node.type];
      if (types.includes('integer') || types.includes('number')) {
        if (node.minimum === undefined || node.maximum === undefined) unbounded.push(at);
      }
      if (node.format === 'date' && node.pattern !== '^20[0-9]{2}-') unbounded.push(at);
      for (const [key, value] of Object.entries(node)) {
        if (key !== 'x-messages') walk(value, `${at}/${key}`);
      }
    };
    for (const operation of loadContract().operations) {
      for (const part of ['querystring', 'params', 'body'] as const) {
        walk(operation.schema[part], `${operation.operationId} ${part}`);
      }
    }
    expect(unbounded).toEqual([]);
  });
});

describe.each(testDatabases())('no 5xx for malformed input on %s', (dialect) => {
  let t: TestApp;
  let userIds: number[] = [];
  let tokens: (string | null)[] = [];
  let ownerId = 0;
  let customerId = 0;
  const operations = loadContract().operations;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const customer = await registerCustomer(t);
    // Plan 1 and subscription 1 exist and are the customer's, so a sample id of 1 reaches the
    // rules behind the lookups (leave dates, refunds, orders).
    await commerce(t, await loginOwner(t), { codePrefix: 'FUZZ' }).activeSubscription(customer);
    customerId = customer.id;
    const tiffin = await registerCustomer(t, { service: 'tiffin', userType: 'regular' });
    const unverified = await registerCustomer(t, { verify: false });
    const owner = await t.ctx.db.kysely
      .selectFrom('users')
      .select('id')
      .where('user_type', '=', 'mess_owner')
      .executeTakeFirstOrThrow();
    userIds = [customer.id, tiffin.id, unverified.id, owner.id];
    ownerId = owner.id;
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
          queryFor(operation),
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
            if (answer.status >= 500) {
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

  /**
   * A session of a caller the operation admits: the owner for the business's operations (the
   * owner's, whichever staff roles share them), else the customer.
   */
  const sessionFor = (operation: OperationRoute) => {
    const roles = operation.roles ?? [];
    return startSession(
      t.ctx,
      roles.includes('mess_owner') && !roles.includes('customer') ? ownerId : customerId,
    );
  };

  it('names unknown fields called like Object.prototype members as any other unknown field', async () => {
    const closed = operations.filter(
      (operation) =>
        (operation.schema.body as { additionalProperties?: unknown } | undefined)
          ?.additionalProperties === false,
    );
    expect(closed.length).toBeGreaterThan(20);
    // A path value each parameter admits, so the body is what gets refused: 1 for an id, an
    // enum's first value (a menu's weekday and meal), today for a date.
    const pathValue = (operation: OperationRoute, name: string) => {
      const params = operation.schema.params as
        | { properties?: Record<string, { enum?: unknown[]; format?: string; minLength?: number }> }
        | undefined;
      const schema = params?.properties?.[name];
      if (schema?.enum) return String(schema.enum[0]);
      // A token (a walk-in's claim link): long enough to be read, so the body is what is refused.
      if (schema?.minLength && schema.minLength > 1) return 'a'.repeat(schema.minLength);
      if (schema?.format === 'date') return dateInZone(t.clock.now(), t.config.businessTz);
      return '1';
    };
    for (const operation of closed) {
      const url = operation.url.replace(/:([a-z_]+)/gi, (_match, name: string) =>
        pathValue(operation, name),
      );
      const answer = await t.request(operation.method, url, {
        token: (await sessionFor(operation)).access,
        body: { toString: '', constructor: 1, valueOf: [] },
      });
      expect({ operation: operation.operationId, status: answer.status }).toEqual({
        operation: operation.operationId,
        status: 400,
      });
      for (const key of ['toString', 'constructor', 'valueOf']) {
        expect({ operation: operation.operationId, key, messages: answer.body[key] }).toEqual({
          operation: operation.operationId,
          key,
          messages: ['Unknown field.'],
        });
      }
    }
  });

  const withBoundedInputs = operations.filter((operation) => boundedInputs(operation).length > 0);
  it.each(withBoundedInputs.map((operation) => [operation.operationId, operation] as const))(
    '%s refuses every edge integer and date with a 4xx',
    async (_id, operation) => {
      const today = dateInZone(t.clock.now(), t.config.businessTz);
      const session = await sessionFor(operation);
      const bodySchema = operation.schema.body as Schema | undefined;
      for (const input of boundedInputs(operation)) {
        const isNumber = typeOf(input.schema) === 'number';
        // Only the edges this input's schema refuses: -1 is a valid day count for adjustments.
        const outOfBounds = (value: number) =>
          (!isNumber && !Number.isInteger(value)) ||
          (typeof input.schema.minimum === 'number' && value < input.schema.minimum) ||
          (typeof input.schema.maximum === 'number' && value > input.schema.maximum);
        const edges: unknown[] =
          input.schema.format === 'date'
            ? EDGE_DATES
            : input.part === 'body'
              ? EDGE_INTEGERS.filter(outOfBounds)
              : EDGE_INTEGER_TEXT.filter((value) => outOfBounds(Number(value)));
        for (const edge of edges) {
          for (const pickLast of [false, true]) {
            const body: Record<string, unknown> = {};
            for (const [name, schema] of Object.entries(bodySchema?.properties ?? {})) {
              body[name] = sampleFor(schema, today, pickLast);
            }
            if (input.part === 'body') body[input.name] = edge;
            const url =
              operation.url.replace(/:([a-z_]+)/gi, (_match, name: string) =>
                input.part === 'params' && name === input.name ? String(edge) : '1',
              ) +
              (input.part === 'querystring'
                ? `?${new URLSearchParams({ [input.name]: String(edge) })}`
                : '');
            const answer = await t.request(operation.method, url, {
              token: session.access,
              ...(bodySchema ? { body } : {}),
            });
            expect(
              { url, input: input.name, edge, status: answer.status },
              answer.text.slice(0, 300),
            ).toEqual({ url, input: input.name, edge, status: 400 });
            // A per-field message on the input itself, in the contract's words for dates.
            const messages = answer.body[input.name] as string[] | undefined;
            expect(messages, answer.text).toEqual(expect.arrayContaining([expect.any(String)]));
            if (input.schema.format === 'date' && edge !== '2026-02-30') {
              expect(messages!.join(' ')).toContain('between 2000-01-01 and 2099-12-31');
            }
          }
        }
      }
    },
  );
});
