// One-time codes for phone verification: 6 digits from a CSPRNG, stored as an HMAC, valid 10 minutes,
// single use, killed after 5 wrong tries. At most 3 sends per phone per hour, 60 s apart.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context.js';
import type { User } from '../db/schema.js';
import { ApiError, tooManyRequests } from '../errors.js';

export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_SENDS_PER_HOUR = 3;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;

const otpError = (message: string, code: string) => new ApiError(400, { message, code });

function hashCode(ctx: AppContext, phone: string, code: string): string {
  return createHmac('sha256', ctx.config.jwtSecret).update(`otp:${phone}:${code}`).digest('hex');
}

export async function sendOtp(ctx: AppContext, user: User): Promise<void> {
  const now = ctx.clock.now();
  const hourAgo = new Date(now.getTime() - 3_600_000).toISOString();
  const recent = await ctx.db.kysely
    .selectFrom('otp_codes')
    .select('created_at')
    .where('phone', '=', user.phone)
    .where('created_at', '>', hourAgo)
    .orderBy('created_at', 'desc')
    .execute();
  const latest = recent[0];
  if (latest) {
    const waited = (now.getTime() - Date.parse(latest.created_at)) / 1000;
    if (waited < OTP_RESEND_COOLDOWN_SECONDS) {
      const wait = Math.ceil(OTP_RESEND_COOLDOWN_SECONDS - waited);
      throw tooManyRequests(
        wait,
        `Please wait ${wait} seconds before requesting a new OTP.`,
        'message',
      );
    }
  }
  if (recent.length >= OTP_SENDS_PER_HOUR) {
    const oldest = recent[recent.length - 1]!;
    const wait = Math.ceil((Date.parse(oldest.created_at) + 3_600_000 - now.getTime()) / 1000);
    throw tooManyRequests(
      wait,
      `Too many OTP requests. Please try again in ${Math.ceil(wait / 60)} minutes.`,
      'message',
    );
  }
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const createdAt = now.toISOString();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    // A new code replaces the old one.
    await trx
      .updateTable('otp_codes')
      .set({ consumed_at: createdAt })
      .where('phone', '=', user.phone)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('otp_codes')
      .values({
        user_id: user.id,
        phone: user.phone,
        code_hash: hashCode(ctx, user.phone, code),
        created_at: createdAt,
        expires_at: new Date(now.getTime() + OTP_TTL_SECONDS * 1000).toISOString(),
        attempts: 0,
        consumed_at: null,
      })
      .execute();
  });
  await ctx.notifier.notify({
    userId: user.id,
    type: 'otp',
    subject: 'Your Dabba verification code',
    sms: {
      to: user.phone,
      body: `${code} is your Dabba verification code. It expires in 10 minutes. Do not share it.`,
    },
    secret: true,
  });
}

/** Checks a code and spends it. Throws the OTP errors of spec §8 (`message`). */
export async function consumeOtp(ctx: AppContext, phone: string, code: string): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const current = await ctx.db.kysely
    .selectFrom('otp_codes')
    .selectAll()
    .where('phone', '=', phone)
    .where('consumed_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!current || current.expires_at <= now) {
    throw otpError(
      'OTP has expired or was not requested. Please request a new OTP.',
      'otp.expired',
    );
  }
  const expected = Buffer.from(current.code_hash, 'hex');
  const given = Buffer.from(hashCode(ctx, phone, code.trim()), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const updated = await ctx.db.kysely
      .updateTable('otp_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', current.id)
      .where('consumed_at', 'is', null)
      .returning('attempts')
      .executeTakeFirst();
    if (updated && updated.attempts >= OTP_MAX_ATTEMPTS) {
      await ctx.db.kysely
        .updateTable('otp_codes')
        .set({ consumed_at: now })
        .where('id', '=', current.id)
        .execute();
      throw otpError('Too many wrong attempts. Please request a new OTP.', 'otp.too_many_attempts');
    }
    throw otpError('Invalid OTP. Please try again.', 'otp.invalid');
  }
  const spent = await ctx.db.kysely
    .updateTable('otp_codes')
    .set({ consumed_at: now })
    .where('id', '=', current.id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', OTP_MAX_ATTEMPTS)
    .returning('user_id')
    .executeTakeFirst();
  if (!spent) throw otpError('Invalid OTP. Please try again.', 'otp.invalid');
  return spent.user_id;
}
