// Registration, phone verification and the profile. The account store writes the user's status as
// the onboarding machine decides; handlers check the fields with the spec's messages first.
import {
  admitOtpCheck,
  admitOtpSend,
  claimOtpSend,
  consumeOtp,
  issueOtp,
  issueUnsentOtp,
} from '@server/resources/auth/otp.js';
import { hashPassword } from '@server/resources/auth/passwords.js';
import { LOGIN_FAILED, startSession } from '@server/resources/auth/sessions.js';
import type { AppContext } from '@server/context.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import type { User } from '@server/platform/db/schema.js';
import {
  ApiError,
  fieldErrors,
  refusalFieldErrors,
  refusedWith,
  unauthorized,
  type FieldErrors,
  found,
} from '@server/errors.js';
import {
  afterAnswer,
  clientIp,
  requireBusiness,
  requireCustomer,
  requireUser,
  type Handlers,
} from '@server/http.js';
import { DEFAULT_LANGUAGE } from '@server/platform/i18n.js';
import { serializeUser } from './user.serializer.js';
import { enforceLimit } from '@server/services/rate-limit.js';
import {
  normalizePhone,
  profileErrors,
  profileFieldErrors,
  profileRowsOf,
  profileTypeProblems,
  registrationErrors,
  type CustomerType,
} from './onboarding.validation.js';
import { formatPhone, refusal } from '@machines/shared';
import { awaitsPhoneCheck } from '@machines/onboarding';

/** A customer's account type (requireCustomer and the owner's reads keep staff out). */
const customerTypeOf = (user: User): CustomerType =>
  user.user_type === 'student' ? 'student' : 'regular';

/** What awaitsPhoneCheck reads of an account. */
const phoneCheckOf = (user: User) => ({
  status: user.status,
  userType: user.user_type,
  phoneVerified: user.phone_verified,
});

/** The account types the owner's customer screens show (never the owner or staff). */
const CUSTOMER_TYPES = ['student', 'regular'] as const;

export function onboardingHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { accounts } = ctx.stores;

  /** Which of username, e-mail and phone another account already has. */
  async function taken(
    username: string,
    email: string,
    phone: string | null,
  ): Promise<FieldErrors> {
    const clash: FieldErrors = {};
    const existing = await db
      .selectFrom('users')
      .select(['username_lower', 'email_lower', 'phone'])
      .where((eb) =>
        eb.or([
          eb('username_lower', '=', username.toLowerCase()),
          eb('email_lower', '=', email.toLowerCase()),
          ...(phone ? [eb('phone', '=', phone)] : []),
        ]),
      )
      .execute();
    for (const row of existing) {
      if (row.username_lower === username.toLowerCase()) {
        clash.username = ['A user with that username already exists.'];
      }
      if (row.email_lower === email.toLowerCase()) {
        clash.email = ['A user with this email already exists.'];
      }
      if (phone && row.phone === phone) {
        clash.phone = ['A user with this phone number already exists.'];
      }
    }
    return clash;
  }

  /**
   * How the customer proves a number the owner changed: a walk-in who never claimed the account
   * gets a new claim link at it (the claim's OTP verifies it); anyone else a verification code,
   * entered at the next sign-in. A code the send limits hold back is asked for again from the OTP
   * screen.
   */
  async function sendPhoneCheck(actor: User, user: User): Promise<'otp' | 'claim_link'> {
    if (await ctx.stores.walkIns.openLinkOf(user.id)) {
      await ctx.stores.walkIns.resend(actor, user.id);
      return 'claim_link';
    }
    try {
      await claimOtpSend(ctx, user.phone);
      await issueOtp(ctx, user);
    } catch (error) {
      if (!(error instanceof ApiError && error.statusCode === 429)) throw error;
    }
    return 'otp';
  }

  return {
    async register(request, reply) {
      const body = request.body;
      // Generous: a whole hostel can register from one NAT address in an evening.
      await enforceLimit(ctx.rateLimiter, `register:ip:${clientIp(request)}`, 60, 3600);
      const username = body.username.trim();
      const email = body.email.trim();
      const phone = normalizePhone(body.phone);
      const errors = await registrationErrors(body);
      if (!phone.ok) errors.phone = [phone.message];
      Object.assign(errors, {
        ...(await taken(username, email, phone.ok ? phone.value : null)),
        ...errors,
      });
      if (Object.keys(errors).length || !phone.ok) throw fieldErrors(errors);
      // Before the account exists, so a phone whose sends are used up registers later, cleanly.
      await claimOtpSend(ctx, phone.value);
      let user: User;
      try {
        user = await accounts.register(db, {
          username,
          username_lower: username.toLowerCase(),
          email,
          email_lower: email.toLowerCase(),
          phone: phone.value,
          password_hash: await hashPassword(body.password),
          user_type: body.user_type,
          first_name: body.first_name.trim(),
          last_name: body.last_name.trim(),
          language: body.language ?? DEFAULT_LANGUAGE,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldErrors(await taken(username, email, phone.value));
        throw error;
      }
      // The form's optional checkbox, recorded against the privacy notice shown beside it.
      if (body.whatsapp_service_consent === true) {
        await ctx.stores.consents.change({
          userId: user.id,
          channel: 'whatsapp',
          purpose: 'service',
          actor: user,
          event: { type: 'consent.grant', method: 'registration_checkbox', recordedBy: null },
        });
      }
      await issueOtp(ctx, user);
      reply.code(201);
      return {
        detail: 'Registration successful. Please check your phone for OTP verification.',
        phone: user.phone,
        user: await serializeUser(db, user),
      };
    },

    async resendOtp(request, reply) {
      // The same limits, answer and timing for every phone: only the work after the answer knows
      // whether the phone waits for a code.
      const phone = await admitOtpSend(ctx, clientIp(request), request.body.phone);
      afterAnswer(ctx, reply, 'otp-resend', async () => {
        const user = await db
          .selectFrom('users')
          .selectAll()
          .where('phone', '=', phone)
          .executeTakeFirst();
        // A registration, or a customer's number the owner changed (awaitsPhoneCheck).
        if (user && awaitsPhoneCheck(phoneCheckOf(user))) await issueOtp(ctx, user);
        else await issueUnsentOtp(ctx, phone, 'verify');
      });
      return { message: 'A new OTP has been sent to your phone.' };
    },

    async verifyOtp(request) {
      const { otp } = request.body;
      const phone = await admitOtpCheck(ctx, clientIp(request), request.body.phone, otp);
      const userId = await consumeOtp(ctx, phone, otp);
      const found = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!found || !found.is_active) throw unauthorized(LOGIN_FAILED);
      // The claim page's code given here: it claims the account as the claim page would, or is
      // refused once the link or invite expired (claim-links.ts).
      await ctx.stores.claimLinks.claimOnSignIn(found);
      await accounts.verifyPhone(found);
      const now = ctx.clock.now().toISOString();
      const user = await db
        .updateTable('users')
        .set({ last_login: now })
        .where('id', '=', found.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const tokens = await startSession(ctx, user.id);
      return {
        ...tokens,
        message: 'OTP verified successfully.',
        user: await serializeUser(db, user),
      };
    },

    async getProfile(request) {
      // On PostgreSQL the session lookup read the profile rows too: no second round trip.
      return serializeUser(db, requireUser(request), request.auth?.profiles);
    },

    async setLanguage(request) {
      // Only the caller's own row: the signed-in user, never an id from the request.
      const user = await accounts.setLanguage(requireUser(request), request.body.language);
      return serializeUser(db, user);
    },

    async ownerUpdateCustomer(request) {
      const actor = requireBusiness(request);
      const customer = await found(
        db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', request.params.id)
          .where('user_type', 'in', [...CUSTOMER_TYPES])
          .executeTakeFirst(),
      );
      if (customer.erased_at) throw refusedWith(400, refusal('onboarding.account_erased'));
      const body = request.body;
      const userType = customerTypeOf(customer);
      // The rules of the customer's own forms: the profile's, registration's phone.
      const mismatch = profileTypeProblems(userType, body);
      if (mismatch.length > 0) throw refusalFieldErrors(mismatch);
      const errors = profileFieldErrors(userType, body, false);
      const phone = body.phone === undefined ? undefined : normalizePhone(body.phone);
      if (phone && !phone.ok) errors.phone = [phone.message];
      if (phone?.ok && phone.value !== customer.phone) {
        const clash = await db
          .selectFrom('users')
          .select('id')
          .where('phone', '=', phone.value)
          .executeTakeFirst();
        if (clash) errors.phone = ['A user with this phone number already exists.'];
      }
      if (Object.keys(errors).length) throw fieldErrors(errors);
      const { user, changed } = await accounts.updateDetails(actor, customer, {
        phone: phone?.ok ? phone.value : undefined,
        language: body.language,
        diet: body.diet,
        profile: profileRowsOf(userType, body),
      });
      const phoneCheck = changed.includes('phone') ? await sendPhoneCheck(actor, user) : null;
      return {
        detail:
          changed.length === 0
            ? 'Nothing changed.'
            : phoneCheck === 'claim_link'
              ? `Customer details saved. A new link to claim the account was sent to ${formatPhone(user.phone)}.`
              : phoneCheck === 'otp'
                ? `Customer details saved. A verification code was sent to ${formatPhone(user.phone)}.`
                : 'Customer details saved.',
        user: await serializeUser(db, user),
        changed,
        phone_check: phoneCheck,
      };
    },

    async completeProfile(request) {
      const user = requireCustomer(request);
      const body = request.body;
      if (user.status === 'unverified') {
        throw refusedWith(403, refusal('onboarding.otp_required'), 'permission_denied');
      }
      const errors = profileErrors(user, body);
      if (Object.keys(errors).length) throw fieldErrors(errors);
      const userType = customerTypeOf(user);
      const mismatch = profileTypeProblems(userType, body);
      if (mismatch.length > 0) throw refusalFieldErrors(mismatch);
      await accounts.completeProfile(user, {
        isTiffinUser: body.is_tiffin_user,
        isMessUser: body.is_mess_user,
        preferredDeliveryTime: body.preferred_delivery_time?.trim(),
        ...profileRowsOf(userType, body),
      });
      const updated = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      return serializeUser(db, updated);
    },
  } satisfies Partial<Handlers>;
}
