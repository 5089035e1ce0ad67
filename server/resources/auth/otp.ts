// One-time codes for phone verification and phone sign-in: 6 digits from a CSPRNG, stored as an
// HMAC, valid 10 minutes, single use, killed after 5 wrong tries. At most 3 sends per phone per
// hour, 60 s apart, whatever the codes are for.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '@server/context.js';
import type { OtpPurpose, User } from '@server/platform/db/schema.js';
import { ApiError, refusalMessage, tooManyRequests } from '@server/errors.js';
import { OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS, refusal } from '@machines/shared';
import { localizer } from '@server/platform/i18n.js';
import { enforceLimit } from '@server/services/rate-limit.js';
import type { Job } from '@server/services/scheduler.js';
import { isBlank, normalizePhone } from '@server/lifecycles/onboarding/onboarding.validation.js';

export type { OtpPurpose };

export { OTP_RESEND_COOLDOWN_SECONDS };
const OTP_TTL_SECONDS = 10 * 60;
const OTP_MAX_ATTEMPTS = 5;

/** The OTP endpoints' refusals: one sentence under `message`, as the spec's client reads it. */
export const otpError = (
  key:
    | 'otp.required'
    | 'otp.expired'
    | 'otp.too_many_attempts'
    | 'otp.invalid'
    | 'sign_in.phone_shared',
) => refusalMessage(refusal(key));

/** A phone field error on the OTP endpoints, which the client reads from `message`. */
const otpPhoneError = (message: string) =>
  new ApiError(400, { message, phone: [message], error_code: 'invalid' });

const otpSendsFrom = (ip: string) => `otp:ip:${ip}`;

/** The caller's address may ask for at most 20 codes an hour, to any phones: counts one. */
export const enforceOtpSendsFrom = (ctx: AppContext, ip: string) =>
  enforceLimit(ctx.rateLimiter, otpSendsFrom(ip), 20, 3600, 'message');

/**
 * claimOtpSend for a caller whose address was counted (enforceOtpSendsFrom). A send the phone's
 * limits refuse texts nothing, so the address gets its count back: someone tapping "Send" again
 * during the cooldown (on a mess's Wi-Fi, the address of the owner, the staff and the counter's
 * customers alike) uses up nobody's codes, while 20 sent codes an hour still stop an address.
 */
export async function claimOtpSendFrom(ctx: AppContext, ip: string, phone: string): Promise<void> {
  try {
    await claimOtpSend(ctx, phone);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 429) {
      await ctx.rateLimiter.giveBack(otpSendsFrom(ip), 3600);
    }
    throw error;
  }
}

/**
 * What every endpoint that texts a code by phone checks first: the per-IP limit, the phone's
 * format (the registration's rule), then the phone's send limits (claimOtpSendFrom). Returns the
 * phone as stored.
 */
export async function admitOtpSend(ctx: AppContext, ip: string, input: string): Promise<string> {
  const phone = normalizePhone(input);
  await enforceOtpSendsFrom(ctx, ip);
  if (!phone.ok) throw otpPhoneError(phone.message);
  await claimOtpSendFrom(ctx, ip, phone.value);
  return phone.value;
}

/**
 * What every endpoint that checks a code by phone does before looking at it: the per-IP limit, the
 * phone's format, a code given, the per-phone limit. Returns the phone as stored.
 */
export async function admitOtpCheck(
  ctx: AppContext,
  ip: string,
  input: string,
  otp: string,
): Promise<string> {
  const phone = normalizePhone(input);
  await enforceLimit(ctx.rateLimiter, `otp-verify:ip:${ip}`, 30, 900, 'message');
  if (!phone.ok) throw otpPhoneError(phone.message);
  if (isBlank(otp)) throw otpError('otp.required');
  await enforceLimit(ctx.rateLimiter, `otp-verify:phone:${phone.value}`, 10, 900, 'message');
  return phone.value;
}

function hashCode(ctx: AppContext, phone: string, code: string): string {
  return createHmac('sha256', ctx.config.jwtSecret).update(`otp:${phone}:${code}`).digest('hex');
}

// Parallel requests for one phone race on a compare-and-set; one that keeps losing is refused.
const MAX_RACES = 5;

/**
 * Claims one OTP send for `phone`, registered or not, or throws 429 with Retry-After: at most
 * 3 in any hour (the table keeps exactly the last three send times), the configured cooldown
 * (OTP_RESEND_COOLDOWN_SECONDS, the spec's 60 s by default) apart. Limits keyed by the phone alone
 * treat unknown phones exactly like registered ones.
 */
export async function claimOtpSend(ctx: AppContext, phone: string): Promise<void> {
  const db = ctx.db.kysely;
  for (let race = 0; race < MAX_RACES; race++) {
    const nowMs = ctx.clock.now().getTime();
    const row = await db
      .selectFrom('otp_send_limits')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirst();
    if (row) {
      const cooldown = Math.ceil(
        (row.sent_ms_1 + ctx.config.otpResendCooldownSeconds * 1000 - nowMs) / 1000,
      );
      if (cooldown > 0) {
        throw tooManyRequests(
          cooldown,
          `Please wait ${cooldown} second${cooldown === 1 ? '' : 's'} before requesting a new OTP.`,
          'message',
        );
      }
      const hourly = row.sent_ms_3 ? Math.ceil((row.sent_ms_3 + 3_600_000 - nowMs) / 1000) : 0;
      if (hourly > 0) {
        const minutes = Math.ceil(hourly / 60);
        throw tooManyRequests(
          hourly,
          `Too many OTP requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          'message',
        );
      }
      const shifted = await db
        .updateTable('otp_send_limits')
        .set({ sent_ms_1: nowMs, sent_ms_2: row.sent_ms_1, sent_ms_3: row.sent_ms_2 })
        .where('phone', '=', phone)
        .where('sent_ms_1', '=', row.sent_ms_1)
        .executeTakeFirst();
      if (Number(shifted.numUpdatedRows) === 1) return;
    } else {
      const inserted = await db
        .insertInto('otp_send_limits')
        .values({ phone, sent_ms_1: nowMs, sent_ms_2: 0, sent_ms_3: 0 })
        .onConflict((conflict) => conflict.column('phone').doNothing())
        .returning('phone')
        .executeTakeFirst();
      if (inserted) return;
    }
  }
  throw tooManyRequests(1, 'Please wait a second before requesting a new OTP.', 'message');
}

/** Deletes send records older than an hour, which limit nothing any more. */
async function pruneOtpSendLimits(ctx: AppContext): Promise<number> {
  const result = await ctx.db.kysely
    .deleteFrom('otp_send_limits')
    .where('sent_ms_1', '<', ctx.clock.now().getTime() - 3_600_000)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The texts of each kind of code, by their keys in server/locales. */
const OTP_NOTICE = {
  verify: 'notice.otp',
  sign_in: 'notice.sign_in_code',
} as const satisfies Record<OtpPurpose, string>;

/**
 * Stores `codeHash` as the phone's current code for `purpose`, replacing the old one. `userId` is
 * null for a phone no account waits on (issueUnsentOtp).
 */
async function storeCode(
  ctx: AppContext,
  phone: string,
  purpose: OtpPurpose,
  userId: number | null,
  codeHash: string,
): Promise<void> {
  const now = ctx.clock.now();
  const createdAt = now.toISOString();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    // A new code replaces the old one.
    await trx
      .updateTable('otp_codes')
      .set({ consumed_at: createdAt })
      .where('phone', '=', phone)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .execute();
    await trx
      .insertInto('otp_codes')
      .values({
        user_id: userId,
        phone,
        code_hash: codeHash,
        created_at: createdAt,
        expires_at: new Date(now.getTime() + OTP_TTL_SECONDS * 1000).toISOString(),
        attempts: 0,
        consumed_at: null,
        purpose,
      })
      .execute();
  });
}

/**
 * Makes a new code for `user` (replacing the old one for the same purpose) and texts it in the
 * user's language. Claim the send first.
 */
export async function issueOtp(
  ctx: AppContext,
  user: User,
  purpose: OtpPurpose = 'verify',
): Promise<void> {
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  await storeCode(ctx, user.phone, purpose, user.id, hashCode(ctx, user.phone, code));
  const l = localizer(user.language);
  const notice = OTP_NOTICE[purpose];
  await ctx.notifier.notify({
    userId: user.id,
    type: 'otp',
    subject: l.t(`${notice}.subject`),
    summary: l.t(`${notice}.summary`),
    sms: { to: user.phone, body: l.t(`${notice}.sms`, { code }) },
    secret: true,
  });
}

/**
 * What a send does for a phone no code is for (no account, or none waiting on this kind of code):
 * a current code like any other, that is texted to nobody and that no code matches (random bytes
 * where a code's HMAC would be). Checks against it then answer exactly as for a phone with an
 * account: wrong, too many tries, expired.
 */
export async function issueUnsentOtp(
  ctx: AppContext,
  phone: string,
  purpose: OtpPurpose,
): Promise<void> {
  await storeCode(ctx, phone, purpose, null, randomBytes(32).toString('hex'));
}

/** Deletes codes past their expiry: checked against, they answer as no code at all does. */
async function pruneOtpCodes(ctx: AppContext): Promise<number> {
  const result = await ctx.db.kysely
    .deleteFrom('otp_codes')
    .where('expires_at', '<', ctx.clock.now().toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Checks a code for `purpose` and spends it; returns its user's id. Throws the OTP errors, their
 * sentence under `message`.
 */
export async function consumeOtp(
  ctx: AppContext,
  phone: string,
  code: string,
  purpose: OtpPurpose = 'verify',
): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const current = await ctx.db.kysely
    .selectFrom('otp_codes')
    .selectAll()
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!current || current.expires_at <= now) {
    throw otpError('otp.expired');
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
      throw otpError('otp.too_many_attempts');
    }
    throw otpError('otp.invalid');
  }
  const spent = await ctx.db.kysely
    .updateTable('otp_codes')
    .set({ consumed_at: now })
    .where('id', '=', current.id)
    .where('consumed_at', 'is', null)
    .where('attempts', '<', OTP_MAX_ATTEMPTS)
    .returning('user_id')
    .executeTakeFirst();
  // An unsent code matches nothing; be strict all the same.
  if (!spent || spent.user_id === null) throw otpError('otp.invalid');
  return spent.user_id;
}

/** Once a day, the codes and send records that no longer limit or sign in anyone. */
export const otpJobs: Job[] = [
  {
    name: 'prune-otp-codes',
    runKey: (ctx) => ctx.today(),
    run: async (ctx) => ({
      otpSendLimits: await pruneOtpSendLimits(ctx),
      otpCodes: await pruneOtpCodes(ctx),
    }),
  },
];
