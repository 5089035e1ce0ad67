// A control character in any text of a request is the same 400 on SQLite and PostgreSQL (a NUL in a
// name used to be stored by SQLite and refused by PostgreSQL), named by its field, in the request's
// language; line breaks and tabs in text stay allowed. Nothing is stored from a refused request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlCharacterAt } from '../../server/contract.js';
import { loginOwner, registerCustomer, uniquePhone, type Customer } from '../helpers/accounts.js';
import { commerce } from '../helpers/commerce.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';

const REFUSED = ['This field may not contain control characters.'];
const CONTROLS = ['\u0000', '\u0007', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f'];

describe('controlCharacterAt', () => {
  it('finds the first string with one, anywhere', () => {
    expect(controlCharacterAt({ a: 'fine', b: { c: ['x', 'y\u0000'] } })).toBe('/b/c/1');
    expect(controlCharacterAt({ a: 'tab\there', b: 'line\r\nbreak' })).toBeNull();
    expect(controlCharacterAt({ n: 1, ok: true, none: null })).toBeNull();
    for (const control of CONTROLS) expect(controlCharacterAt(`a${control}b`)).toBe('');
  });
});

describe.each(testDatabases())('control characters in requests (%s)', (dialect) => {
  let t: TestApp;
  let owner: string;
  let alice: Customer;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    alice = await registerCustomer(t);
  });
  afterAll(() => t?.close());

  const registration = (firstName: string) => {
    const phone = uniquePhone();
    return {
      username: `ctl${phone}`,
      email: `ctl${phone}@example.com`,
      phone: `+91${phone}`,
      password: 'secret-pass-1',
      confirm_password: 'secret-pass-1',
      user_type: 'student',
      first_name: firstName,
      last_name: 'Sharma',
    };
  };

  it.each(CONTROLS.map((control) => [JSON.stringify(control), control]))(
    'refuses %s in a name at registration, storing nothing',
    async (_shown, control) => {
      const body = registration(`Ra${control}vi`);
      const answer = await t.request('POST', '/api/accounts/register/', { body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ first_name: REFUSED, error_code: 'invalid' });
      const stored = await t.ctx.db.kysely
        .selectFrom('users')
        .select('id')
        .where('username', '=', body.username)
        .executeTakeFirst();
      expect(stored).toBeUndefined();
    },
  );

  it('says it in Hindi to a request in Hindi', async () => {
    const answer = await t.request('POST', '/api/accounts/register/', {
      body: registration('Ravi\u0000'),
      headers: { 'accept-language': 'hi' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.first_name[0]).toMatch(/[\u0900-\u097f]/u);
  });

  it('refuses them in nested fields, owner fields and query strings alike', async () => {
    const plan = await t.request('POST', '/api/subscriptions/plans/', {
      token: owner,
      body: { code: 'CTL1', name: 'Thali\u0000', description: 'Lunch' },
    });
    expect(plan.status).toBe(400);
    expect(plan.body).toEqual({ name: REFUSED, error_code: 'invalid' });

    const profile = await t.request('POST', '/api/accounts/complete-profile/', {
      token: alice.access,
      body: {
        user_type: 'regular',
        is_tiffin_user: true,
        is_mess_user: false,
        regular_profile: {
          address: '12 MG Road\u001b[2J',
          landmark: 'Temple',
          pincode: '201206',
          city: 'Ghaziabad',
        },
      },
    });
    expect(profile.status).toBe(400);
    expect(profile.body).toEqual({ 'regular_profile.address': REFUSED, error_code: 'invalid' });

    const search = await t.request('GET', '/api/accounts/owner/users/?search=ab%00cd', {
      token: owner,
    });
    expect(search.status).toBe(400);
    expect(search.body).toEqual({ search: REFUSED, error_code: 'invalid' });
  });

  it('keeps line breaks and tabs in text', async () => {
    const api = commerce(t, owner);
    const feedbackId = await api.openFeedback(alice, {
      subject: 'Dinner',
      message: 'Dal was cold.\r\nRoti\twas fine.',
    });
    const read = await t.request('GET', `/api/feedback/${feedbackId}/`, { token: alice.access });
    expect(read.body.message).toBe('Dal was cold.\r\nRoti\twas fine.');
  });
});
