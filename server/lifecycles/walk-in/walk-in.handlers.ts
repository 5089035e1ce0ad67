// Walk-ins: the owner's counter enrolment, and the public claim page's steps (whose account the link
// is for; an OTP to the account's phone; its check, which claims the account and signs its holder
// in; an optional password), which claim a staff invite too (claim-links.ts). The OTP limits are
// the ones of every OTP.
import { AMOUNT_DECIMALS_MESSAGE } from '@server/lifecycles/payment/amount-field.js';
import {
  claimOtpSendFrom,
  consumeOtp,
  enforceOtpSendsFrom,
  issueOtp,
  otpError,
} from '@server/resources/auth/otp.js';
import { hashPassword } from '@server/resources/auth/passwords.js';
import {
  COMMON_PASSWORD_MESSAGE,
  isCommonPassword,
} from '@server/resources/auth/common-passwords.js';
import { startSession } from '@server/resources/auth/sessions.js';
import type { AppContext } from '@server/context.js';
import { walkInAddressProblems, walkInStartProblems } from '@machines/walk-in';
import { profileFieldOf } from '@machines/onboarding';
import { formatPhone } from '@machines/shared';
import {
  fieldErrors,
  notFound,
  refusalFieldErrors,
  type FieldErrors,
  noSuchRecord,
} from '@server/errors.js';
import { amountDuePaise } from '@server/platform/gst.js';
import { clientIp, type Handlers, requireBusiness } from '@server/http.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import { formatMoney } from '@server/platform/i18n.js';
import { toPaise } from '@server/platform/format.js';
import { enforceLimit } from '@server/services/rate-limit.js';
import { serializeUser } from '@server/lifecycles/onboarding/user.serializer.js';
import {
  isBlank,
  isEmail,
  EMAIL_MESSAGE,
  normalizePhone,
  profileFieldErrors,
  profileRowsOf,
  profileTypeProblems,
} from '@server/lifecycles/onboarding/onboarding.validation.js';
import {
  loadSubscriptionBody,
  type SubscriptionBody,
} from '@server/lifecycles/subscription/subscription.serializer.js';
import { adminPaymentBody } from '@server/lifecycles/payment/payment.serializer.js';
import { adminPaymentSelect } from '@server/lifecycles/payment/payment.read.js';

/** The phone as the claim page shows it: all but the last four digits hidden. */
const maskPhone = (phone: string) => `${phone.slice(0, 3)}******${phone.slice(-4)}`;

export function walkInHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;
  const { walkIns, claimLinks } = ctx.stores;

  async function accountOf(userId: number) {
    return db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  }

  return {
    async adminEnrolWalkIn(request, reply) {
      const owner = requireBusiness(request);
      const body = request.body;
      const errors: FieldErrors = {};
      const phone = normalizePhone(body.phone);
      if (!phone.ok) errors.phone = [phone.message];
      const email = body.email?.trim() || null;
      if (email && !isEmail(email)) errors.email = [EMAIL_MESSAGE];
      const amountPaise = toPaise(body.amount);
      if (amountPaise === null) errors.amount = [AMOUNT_DECIMALS_MESSAGE];
      // The profile by the customer's own form's rules: the other type's is refused.
      const mismatch = profileTypeProblems(body.user_type, body);
      if (mismatch.length > 0) throw refusalFieldErrors(mismatch);
      Object.assign(errors, profileFieldErrors(body.user_type, body, false));
      if (Object.keys(errors).length || !phone.ok || amountPaise === null) {
        throw fieldErrors(errors);
      }
      const plan = await db
        .selectFrom('plans')
        .selectAll()
        .where('id', '=', body.plan)
        .where('is_active', '=', true)
        .executeTakeFirst();
      if (!plan) {
        throw noSuchRecord('plan', body.plan);
      }
      const start = body.start ?? null;
      const startProblems = walkInStartProblems({
        amountPaise,
        pricePaise: amountDuePaise(plan.base_price_paise, ctx.config.gst),
        start,
      });
      // A plan that delivers needs where to: never taken on the form's word.
      const addressProblems = walkInAddressProblems({
        serviceType: plan.service_type,
        userType: body.user_type,
        hasProfile: Boolean(body[profileFieldOf(body.user_type)]),
      });
      if (startProblems.length + addressProblems.length > 0) {
        throw refusalFieldErrors([...startProblems, ...addressProblems]);
      }
      const { walkIn, replayed } = await walkIns.enrol(owner, {
        firstName: body.first_name.trim(),
        lastName: body.last_name?.trim() ?? '',
        phone: phone.value,
        email,
        userType: body.user_type,
        profile: profileRowsOf(body.user_type, body),
        plan,
        amountPaise,
        mode: body.payment_mode,
        reference: body.reference?.trim() || null,
        start,
        requestId: body.request_id ?? null,
        language: body.language ?? ctx.config.business.language,
      });
      const subscription = walkIn.subscription_id
        ? await loadSubscriptionBody(db, walkIn.subscription_id, ctx.today(), owner)
        : undefined;
      if (!subscription) throw notFound();
      const paymentRow = walkIn.payment_id
        ? await adminPaymentSelect(db)
            .where('payments.id', '=', walkIn.payment_id)
            .executeTakeFirst()
        : undefined;
      reply.code(201);
      return {
        detail: enrolledDetail(subscription),
        customer: await serializeUser(db, await accountOf(walkIn.user_id)),
        subscription,
        payment: paymentRow ? adminPaymentBody(paymentRow, ctx.today()) : null,
        sms_sent: true,
        replayed,
      };
    },

    async adminResendWalkInClaim(request) {
      const owner = requireBusiness(request);
      const claim = await walkIns.resend(owner, request.params.id);
      const user = await accountOf(request.params.id);
      return { detail: `A new claim link was sent to ${formatPhone(user.phone)}.`, claim };
    },

    async claimLinkAccount(request) {
      const link = await claimLinks.byToken(request.params.token);
      link.check({ type: 'claim.send_otp' });
      const user = await accountOf(link.userId);
      return {
        account: link.account,
        role: link.role,
        first_name: user.first_name,
      };
    },

    async claimSendOtp(request) {
      const ip = clientIp(request);
      await enforceOtpSendsFrom(ctx, ip);
      const link = await claimLinks.byToken(request.params.token);
      link.check({ type: 'claim.send_otp' });
      const user = await accountOf(link.userId);
      await claimOtpSendFrom(ctx, ip, user.phone);
      await issueOtp(ctx, user);
      return {
        message: 'A new OTP has been sent to your phone.',
        first_name: user.first_name,
        phone: maskPhone(user.phone),
        username: user.username,
      };
    },

    async claimVerifyOtp(request) {
      const ip = clientIp(request);
      await enforceLimit(ctx.rateLimiter, `otp-verify:ip:${ip}`, 30, 900, 'message');
      const link = await claimLinks.byToken(request.params.token);
      link.check({ type: 'claim.verify' });
      if (isBlank(request.body.otp)) throw otpError('otp.required');
      const user = await accountOf(link.userId);
      await enforceLimit(ctx.rateLimiter, `otp-verify:phone:${user.phone}`, 10, 900, 'message');
      const userId = await consumeOtp(ctx, user.phone, request.body.otp);
      // A code of another account on this phone cannot happen (phones are unique); be strict.
      if (userId !== user.id) throw otpError('otp.invalid');
      // The claim's code is the first sign-in's too: the account is the holder's, signed in.
      const claimed = await link.verify();
      const tokens = await startSession(ctx, claimed.id);
      return {
        ...tokens,
        message: 'Phone verified. You are signed in.',
        first_name: claimed.first_name,
        phone: maskPhone(claimed.phone),
        username: claimed.username,
        user: await serializeUser(db, claimed),
      };
    },

    async claimComplete(request) {
      const link = await claimLinks.byToken(request.params.token);
      link.check({ type: 'claim.complete' });
      const body = request.body;
      const current = await accountOf(link.userId);
      const username = body.username?.trim() || current.username;
      const errors: FieldErrors = {};
      if (body.password.length < 6) errors.password = ['Password must be at least 6 characters'];
      else if (await isCommonPassword(body.password)) errors.password = [COMMON_PASSWORD_MESSAGE];
      if (isBlank(body.confirm_password))
        errors.confirm_password = ['Please confirm your password'];
      else if (body.password !== body.confirm_password) {
        errors.confirm_password = ['Passwords do not match'];
      }
      if (username.toLowerCase() !== current.username_lower) {
        const clash = await db
          .selectFrom('users')
          .select('id')
          .where('username_lower', '=', username.toLowerCase())
          .executeTakeFirst();
        if (clash) errors.username = ['A user with that username already exists.'];
      }
      if (Object.keys(errors).length) throw fieldErrors(errors);
      let user;
      try {
        user = await link.complete({
          username,
          passwordHash: await hashPassword(body.password),
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw fieldErrors({ username: ['A user with that username already exists.'] });
        }
        throw error;
      }
      const tokens = await startSession(ctx, user.id);
      return {
        ...tokens,
        message: 'Your account is ready. Welcome!',
        user: await serializeUser(db, user),
      };
    },
  } satisfies Partial<Handlers>;
}

/** What the owner is told (in English; the answer's language is applied on the way out). */
function enrolledDetail(subscription: SubscriptionBody): string {
  if (subscription.amount_due <= 0) return 'Walk-in enrolled. The subscription is active.';
  const due = formatMoney('en', Math.round(subscription.amount_due * 100));
  return subscription.status === 'PENDING_PAYMENT'
    ? `Walk-in enrolled. ${due} is still due; the subscription starts when it is paid.`
    : `Walk-in enrolled. The subscription is active; ${due} is still due.`;
}
