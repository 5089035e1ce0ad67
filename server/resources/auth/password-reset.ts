// Password-reset links: PUBLIC_URL/reset-password/{uidb64}/{token}/, single use, valid one hour.
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '@server/context.js';
import type { User } from '@server/platform/db/schema.js';

const RESET_TTL_SECONDS = 60 * 60;
export const INVALID_RESET_LINK = 'The password reset link is invalid or has expired.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const encodeUid = (userId: number) => Buffer.from(String(userId)).toString('base64url');

function decodeUid(uidb64: string): number | null {
  const text = Buffer.from(uidb64, 'base64url').toString('utf8');
  return /^\d{1,12}$/.test(text) ? Number(text) : null;
}

export async function createResetLink(ctx: AppContext, user: User): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.clock.now();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    // Only the newest link works.
    await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now.toISOString() })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('password_reset_tokens')
      .values({
        user_id: user.id,
        token_hash: hashToken(token),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + RESET_TTL_SECONDS * 1000).toISOString(),
        used_at: null,
      })
      .execute();
  });
  return `${ctx.config.publicUrl}/reset-password/${encodeUid(user.id)}/${token}/`;
}

export async function isResetLinkValid(ctx: AppContext, uidb64: string, token: string) {
  const userId = decodeUid(uidb64);
  if (userId === null || !token) return false;
  const row = await ctx.db.kysely
    .selectFrom('password_reset_tokens')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', ctx.clock.now().toISOString())
    .executeTakeFirst();
  return Boolean(row);
}

/** Spends the link; returns the user id, or null when it is invalid, used or expired. */
export async function spendResetLink(ctx: AppContext, uidb64: string, token: string) {
  const userId = decodeUid(uidb64);
  if (userId === null || !token) return null;
  const now = ctx.clock.now().toISOString();
  const row = await ctx.db.kysely
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hashToken(token))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}
