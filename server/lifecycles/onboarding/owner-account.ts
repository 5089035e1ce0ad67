// On a start with no mess owner, create the configured one.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { OWNER_PLACEHOLDER_NAME } from '@machines/shared';
import type { AppContext } from '@server/context.js';
import { hashPassword } from '@server/resources/auth/passwords.js';
import { normalizePhone } from './onboarding.validation.js';

export async function ensureOwner(ctx: AppContext): Promise<void> {
  const { db, config } = ctx;
  const existing = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('user_type', '=', 'mess_owner')
    .executeTakeFirst();
  if (existing) return;
  const generated = config.owner.password === null;
  const password = config.owner.password ?? randomBytes(18).toString('base64url');
  const phone = normalizePhone(config.owner.phone);
  if (!phone.ok) throw new Error(`OWNER_PHONE: ${phone.message}`);
  try {
    await db.kysely.transaction().execute(async (trx) => {
      const owner = await ctx.stores.accounts.createOwner(trx, {
        username: config.owner.username,
        username_lower: config.owner.username.toLowerCase(),
        email: config.owner.email,
        email_lower: config.owner.email.toLowerCase(),
        phone: phone.value,
        password_hash: await hashPassword(password),
        user_type: 'mess_owner',
        first_name: OWNER_PLACEHOLDER_NAME.first,
        last_name: OWNER_PLACEHOLDER_NAME.last,
      });
      await trx
        .insertInto('mess_owner_profiles')
        .values({
          user_id: owner.id,
          mess_name: config.business.name,
          business_address: config.business.address,
          business_phone: config.business.phone,
          business_email: config.business.email,
          gst_number: config.business.gstin,
        })
        .execute();
    });
  } catch (error) {
    // Another instance created the owner at the same moment.
    const again = await db.kysely
      .selectFrom('users')
      .select('id')
      .where('user_type', '=', 'mess_owner')
      .executeTakeFirst();
    if (again) return;
    throw error;
  }
  if (generated) {
    const file = path.join(config.dataDir, 'owner-credentials.txt');
    writeFileSync(file, `username: ${config.owner.username}\npassword: ${password}\n`, {
      mode: 0o600,
    });
    // The password goes to the 0600 file only: logs are shipped and kept where anyone may read them.
    ctx.log.warn(
      { username: config.owner.username, file },
      `Created the mess owner account "${config.owner.username}". Its password is in ${file} (readable by this user only).`,
    );
  } else {
    ctx.log.info({ username: config.owner.username }, 'created the mess owner account');
  }
}
