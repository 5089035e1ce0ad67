// Signing in with the phone number and a one-time code texted to it, beside the password login.
// The code is an OTP like the verification code (otp.ts: limits, expiry, single use, lockout), kept
// apart from it by its purpose, so neither kind of code works for the other.
import {
  admitOtpCheck,
  admitOtpSend,
  consumeOtp,
  issueOtp,
  issueUnsentOtp,
  otpError,
} from './otp.js';
import { completeSignIn, LOGIN_FAILED } from './sessions.js';
import type { AppContext } from '@server/context.js';
import type { User } from '@server/platform/db/schema.js';
import { ApiError, carrying, unauthorized } from '@server/errors.js';
import { refusal } from '@machines/shared';
import { afterAnswer, clientIp, type Handlers } from '@server/http.js';

/** The answer to every accepted request for a code, so it never tells whether the phone has an account. */
const PHONE_LOGIN_SENT =
  'If an account uses this phone number, a sign-in code has been sent to it.';

/**
 * Which account a phone signs in to: none, exactly one active account, or several (refused once
 * the code is proven; `user` is the one the code is texted for).
 */
export type PhoneLoginAccount =
  { kind: 'none' } | { kind: 'one'; user: User } | { kind: 'shared'; user: User };

/**
 * The active accounts with this phone, as registration stores it. Deactivated accounts never sign
 * in; when several active accounts share the phone, a code could not say which one is meant.
 */
async function phoneLoginAccount(ctx: AppContext, phone: string): Promise<PhoneLoginAccount> {
  const users = await ctx.db.kysely
    .selectFrom('users')
    .selectAll()
    .where('phone', '=', phone)
    .where('is_active', '=', true)
    .limit(2)
    .execute();
  const [first] = users;
  if (!first) return { kind: 'none' };
  return { kind: users.length > 1 ? 'shared' : 'one', user: first };
}

export function phoneLoginHandlers(ctx: AppContext) {
  /**
   * A registration not verified yet gets no session (the web's guard would send it to OTP
   * verification anyway): a new verification code, and the phone the OTP screen needs. The code
   * goes outside the send limits: the caller just proved they hold the phone, whose sign-in codes
   * the limits already count.
   */
  async function sendToVerification(user: User): Promise<never> {
    await issueOtp(ctx, user, 'verify');
    const refused = refusal('sign_in.unverified');
    throw new ApiError(
      403,
      carrying({ message: refused.message, error_code: refused.code, phone: user.phone }, [
        refused,
      ]),
    );
  }

  return {
    async phoneLogin(request, reply) {
      // The limits, the answer and its timing are the same for every phone: whether a code goes
      // out is decided after the answer.
      const phone = await admitOtpSend(ctx, clientIp(request), request.body.phone);
      afterAnswer(ctx, reply, 'phone-login-code', async () => {
        const account = await phoneLoginAccount(ctx, phone);
        if (account.kind === 'none') await issueUnsentOtp(ctx, phone, 'sign_in');
        else await issueOtp(ctx, account.user, 'sign_in');
      });
      return { message: PHONE_LOGIN_SENT };
    },

    async phoneLoginVerify(request) {
      const { otp } = request.body;
      const phone = await admitOtpCheck(ctx, clientIp(request), request.body.phone, otp);
      // The code first: only the phone's holder learns anything about its accounts.
      const userId = await consumeOtp(ctx, phone, otp, 'sign_in');
      const account = await phoneLoginAccount(ctx, phone);
      if (account.kind === 'shared') throw otpError('sign_in.phone_shared');
      // The account may have been deactivated, or its phone changed, since the code was sent.
      if (account.kind !== 'one' || account.user.id !== userId) throw unauthorized(LOGIN_FAILED);
      if (account.user.status === 'unverified') await sendToVerification(account.user);
      // An account the owner made and nobody claimed is claimed by the proven phone, or refused.
      await ctx.stores.claimLinks.claimOnSignIn(account.user);
      // The code proved the phone: a number the owner changed is verified by it.
      await ctx.stores.accounts.verifyPhone(account.user);
      return completeSignIn(ctx, userId);
    },
  } satisfies Partial<Handlers>;
}
