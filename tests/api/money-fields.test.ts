// Every amount a request carries, through the server's own validation (issue 35, item 8): the
// contract's at-most-two-decimals rule, compiled as the server compiles it, takes every two-decimal
// amount from 0.01 to 10,000 (₹19.99, ₹1.14, ₹4.35 among them: JSON Schema's `multipleOf: 0.01`
// refused 193 of 1,415) and refuses every amount with a third decimal; the paise the server then
// stores are the amount's own. Over HTTP on both databases: the WhatsApp price and a rider's cash
// mark take such amounts, and a third decimal is a 400 that names the field.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, paiseFromRupees } from '@machines';
import { loadContract, MAX_DECIMALS_KEYWORD, validatorCompiler } from '../../server/contract.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer } from '../helpers/accounts.js';
import { insertPlan, insertSubscription } from '../helpers/fixtures.js';
import { createRider } from '../helpers/riders.js';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  minimum?: number;
  maximum?: number;
  [MAX_DECIMALS_KEYWORD]?: number;
  'x-messages'?: Record<string, string>;
};

interface MoneyField {
  /** 'POST /api/delivery/marks/ marks[].amount' */
  name: string;
  schema: Schema;
}

const isNumber = (schema: Schema) =>
  schema.type === 'number' || (Array.isArray(schema.type) && schema.type.includes('number'));

/** Every number a request body of the contract carries (all of them amounts of money). */
function moneyFields(): MoneyField[] {
  const found: MoneyField[] = [];
  const walk = (schema: Schema | undefined, at: string) => {
    if (!schema) return;
    if (isNumber(schema)) found.push({ name: at, schema });
    for (const [key, child] of Object.entries(schema.properties ?? {})) {
      walk(child, `${at}${at.endsWith(' ') ? '' : '.'}${key}`);
    }
    if (schema.items) walk(schema.items, `${at}[]`);
  };
  for (const operation of loadContract().operations) {
    walk(operation.schema.body as Schema | undefined, `${operation.method} ${operation.url} `);
  }
  return found;
}

/** The field's schema as the server compiles a request body's. */
function validatorOf(schema: Schema) {
  return validatorCompiler()({ schema, method: 'POST', url: '/', httpPart: 'body' }) as ((
    data: unknown,
  ) => boolean) & { errors?: Array<{ keyword: string }> | null };
}

const TEN_THOUSAND_IN_PAISE = 1_000_000;

/** The field's range in hundredths (paise, or hundredths of a paisa), within 0.01–10,000. */
function rangeOf(schema: Schema): { min: number; max: number } {
  return {
    min: Math.max(1, Math.ceil((schema.minimum ?? 0) * 100)),
    max: Math.min(TEN_THOUSAND_IN_PAISE, Math.floor((schema.maximum ?? Infinity) * 100)),
  };
}

describe('amounts in a request', () => {
  const fields = moneyFields();

  it('are found, and every one says at most two decimals the exact way', () => {
    expect(fields.map((field) => field.name)).toEqual(
      expect.arrayContaining([
        'POST /api/delivery/marks/ marks[].amount',
        'PUT /api/owner/settings/ whatsapp.utility_price_paise',
        'POST /api/subscriptions/plans/ base_price',
        'PATCH /api/subscriptions/plans/:id/ base_price',
        'POST /api/payments/admin/payments/record_offline/ amount',
        'POST /api/payments/admin/payment-links/ amount',
        'POST /api/payments/admin/counter-qr/ amount',
        'POST /api/payments/admin/walk-ins/ amount',
      ]),
    );
    for (const field of fields) {
      expect(field.schema[MAX_DECIMALS_KEYWORD], field.name).toBe(2);
      expect(field.schema, field.name).not.toHaveProperty('multipleOf');
    }
  });

  it('take ₹19.99, ₹1.14 and ₹4.35, which multipleOf 0.01 refused', () => {
    for (const field of fields) {
      const validate = validatorOf(field.schema);
      const { min, max } = rangeOf(field.schema);
      const amounts = [19.99, 1.14, 4.35, 0.29, 0.57, 1.15, 9999.99];
      for (const amount of amounts.filter((one) => one * 100 >= min && one * 100 <= max)) {
        expect(validate(amount), `${field.name} ${amount}`).toBe(true);
      }
    }
  });

  it('take every two-decimal amount in range (fast-check, in paise), read back as those paise', () => {
    for (const field of fields) {
      const validate = validatorOf(field.schema);
      const { min, max } = rangeOf(field.schema);
      fc.assert(
        fc.property(fc.integer({ min, max }), (hundredths) => {
          const amount = hundredths / 100;
          expect(validate(amount), `${field.name} ${amount}`).toBe(true);
          expect(paiseFromRupees(amount)).toBe(hundredths);
        }),
        { numRuns: 1_000 },
      );
    }
  });

  it('refuse every amount with a third decimal (fast-check), naming the rule', () => {
    for (const field of fields) {
      const validate = validatorOf(field.schema);
      const { min, max } = rangeOf(field.schema);
      fc.assert(
        fc.property(
          fc.integer({ min: min * 10, max: max * 10 - 1 }).filter((mills) => mills % 10 !== 0),
          (thousandths) => {
            const amount = thousandths / 1000;
            expect(validate(amount), `${field.name} ${amount}`).toBe(false);
            expect(validate.errors?.map((error) => error.keyword)).toEqual([MAX_DECIMALS_KEYWORD]);
            expect(paiseFromRupees(amount)).toBeNull();
          },
        ),
        { numRuns: 1_000 },
      );
    }
  });

  it('take every one of the million amounts from 0.01 to 10,000', () => {
    for (const field of fields) {
      const validate = validatorOf(field.schema);
      const { min, max } = rangeOf(field.schema);
      const refused: number[] = [];
      for (let hundredths = min; hundredths <= max; hundredths += 1) {
        const amount = hundredths / 100;
        if (!validate(amount) || paiseFromRupees(amount) !== hundredths) refused.push(amount);
      }
      expect(refused.slice(0, 10), field.name).toEqual([]);
    }
  });
});

describe.each(testDatabases())('amounts with paise over HTTP on %s', (dialect) => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const saveWhatsappPrice = (price: number) =>
    t.request('PUT', '/api/owner/settings/', {
      token: owner,
      body: { ...DEFAULT_SETTINGS, whatsapp: { utility_price_paise: price } },
    });

  it('keeps a WhatsApp price of 19.99, 1.14 or 4.35 paise; refuses 11.555', async () => {
    for (const price of [19.99, 1.14, 4.35]) {
      const saved = await saveWhatsappPrice(price);
      expect(saved.status, String(price)).toBe(200);
      expect(saved.body.whatsapp.utility_price_paise).toBe(price);
      const read = await t.request('GET', '/api/owner/settings/', { token: owner });
      expect(read.body.whatsapp.utility_price_paise).toBe(price);
    }
    const refused = await saveWhatsappPrice(11.555);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      'whatsapp.utility_price_paise': [
        'The price of a WhatsApp message has at most two decimals of a paisa',
      ],
      error_code: 'invalid',
    });
  });

  it("records a rider's cash of ₹19.99, ₹1.14 and ₹4.35 to the paisa; refuses ₹19.999", async () => {
    const rider = await createRider(t, 'Mohan');
    const customer = await registerCustomer(t, { userType: 'regular', service: 'tiffin' });
    await t.ctx.db.kysely
      .updateTable('regular_profiles')
      .set({ pincode: '110001' })
      .where('user_id', '=', customer.id)
      .execute();
    const plan = await insertPlan(t, { serviceType: 'tiffin', meals: ['lunch'] });
    await insertSubscription(t, customer.id, { plan });
    const route = await t.request('POST', '/api/owner/routes/', {
      token: owner,
      body: { name: 'Paise', areas: ['110001'], riders: [rider.id] },
    });
    expect(route.status).toBe(201);
    const mark = (event: string, extra: Record<string, unknown> = {}) => ({
      id: randomUUID(),
      route: route.body.id,
      date: t.ctx.today(),
      meal: 'lunch',
      customer: customer.id,
      event,
      marked_at: t.clock.now().toISOString(),
      ...extra,
    });
    const cash = [19.99, 1.14, 4.35].map((amount) => mark('cash_collected', { amount }));
    const sent = await t.request('POST', '/api/delivery/marks/', {
      token: rider.access,
      body: { marks: [mark('delivered'), ...cash] },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.results.map((result: { status: string }) => result.status)).toEqual([
      'applied',
      'applied',
      'applied',
      'applied',
    ]);
    const stored = await t.ctx.db.kysely
      .selectFrom('cash_collections')
      .select(['mark_id', 'amount_paise'])
      .where(
        'mark_id',
        'in',
        cash.map((one) => one.id),
      )
      .execute();
    expect(Object.fromEntries(stored.map((row) => [row.mark_id, row.amount_paise]))).toEqual({
      [cash[0]!.id]: 1999,
      [cash[1]!.id]: 114,
      [cash[2]!.id]: 435,
    });

    const threeDecimals = await t.request('POST', '/api/delivery/marks/', {
      token: rider.access,
      body: { marks: [mark('cash_collected', { amount: 19.999 })] },
    });
    expect(threeDecimals.status).toBe(400);
    expect(threeDecimals.body).toEqual({
      'marks.0.amount': ['Amount may have at most two decimals'],
      error_code: 'invalid',
    });
  });
});
