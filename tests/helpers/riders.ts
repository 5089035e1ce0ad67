// Delivery riders for tests: a users row with user_type 'delivery' and a password, written straight
// to the database (the staff branch adds the owner's way to invite them), then signed in.
import { hashPassword } from '../../server/resources/auth/passwords.js';
import type { UsersTable } from '../../server/platform/db/schema.js';
import type { TestApp } from './app.js';
import { uniquePhone } from './accounts.js';

let counter = 0;

export interface Rider {
  id: number;
  username: string;
  password: string;
  access: string;
}

export async function createRider(t: TestApp, firstName = 'Ravi'): Promise<Rider> {
  counter += 1;
  const username = `rider${process.pid}x${counter}`;
  const password = 'rider-pass-1';
  const now = t.clock.now().toISOString();
  const row = await t.ctx.db.kysely
    .insertInto('users')
    .values({
      username,
      username_lower: username,
      email: `${username}@example.com`,
      email_lower: `${username}@example.com`,
      phone: `+91${uniquePhone()}`,
      password_hash: await hashPassword(password),
      // A staff role the users table's type does not list until the staff branch merges.
      user_type: 'delivery' as UsersTable['user_type'],
      first_name: firstName,
      last_name: 'Rider',
      status: 'profile_complete',
      is_active: true,
      phone_verified: true,
      last_login: null,
      is_tiffin_user: false,
      is_mess_user: false,
      preferred_delivery_time: '',
      date_joined: now,
      updated_at: now,
      diet: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const login = await t.request('POST', '/api/accounts/login/', {
    ip: `10.250.${(counter >> 8) & 255}.${counter & 255}`,
    body: { username, password },
  });
  if (login.status !== 200) throw new Error(`rider login failed: ${JSON.stringify(login.body)}`);
  return { id: row.id, username, password, access: login.body.access as string };
}

/** How many of the marks with these ids are stored. */
export async function storedMarks(t: TestApp, ids: readonly string[]): Promise<number> {
  const rows = await t.ctx.db.kysely
    .selectFrom('delivery_marks')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return rows.length;
}
