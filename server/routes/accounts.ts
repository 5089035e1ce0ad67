// Accounts and sessions: register, OTP, login, tokens, profile, passwords (spec §7 "Auth and account").
import type { AppContext } from '../context.js';
import type { User } from '../db/schema.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/passwords.js';
import { consumeOtp, sendOtp } from '../auth/otp.js';
import {
  INVALID_RESET_LINK,
  createResetLink,
  isResetLinkValid,
  spendResetLink,
} from '../auth/password-reset.js';
import {
  revokeSession,
  revokeUserSessions,
  rotateRefreshToken,
  startSession,
} from '../auth/sessions.js';
import {
  ApiError,
  detailError,
  fieldErrors,
  forbidden,
  tooManyRequests,
  unauthorized,
} from '../errors.js';
import { clientIp, requireCustomer, requireUser, type Handlers } from '../http.js';
import { serializeUser } from '../serializers/users.js';
import { EMAIL_MESSAGE, isBlank, isEmail, normalizePhone } from '../validation.js';
import { isUniqueViolation } from '../db/index.js';
import { escapeHtml } from '../html.js';

const LOGIN_FAILED = 'Invalid credentials. Please try again.';
const USERNAME_PATTERN = /^[\w.@+-]+$/;

async function throttle(
  ctx: AppContext,
  key: string,
  limit: number,
  windowSeconds: number,
  shape: 'detail' | 'message' = 'detail',
) {
  const result = await ctx.rateLimiter.hit(key, limit, windowSeconds);
  if (!result.allowed) {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    throw tooManyRequests(
      result.retryAfterSeconds,
      `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      shape,
    );
  }
}

async function findUser(ctx: AppContext, id: number) {
  return ctx.db.kysely.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function accountHandlers(ctx: AppContext): Handlers {
  const db = ctx.db.kysely;

  return {
    async register(request, reply) {
      const body = request.body;
      // Generous: a whole hostel can register from one NAT address in an evening.
      await throttle(ctx, `register:ip:${clientIp(request)}`, 60, 3600);
      const errors: Record<string, string[]> = {};
      const username = body.username.trim();
      const email = body.email.trim();
      if (username.length < 3) errors.username = ['Username must be at least 3 characters'];
      else if (!USERNAME_PATTERN.test(username) || username.length > 150) {
        errors.username = [
          'Enter a valid username. It may contain only letters, numbers, and @/./+/-/_ characters.',
        ];
      }
      if (!isEmail(email)) errors.email = [EMAIL_MESSAGE];
      const phone = normalizePhone(body.phone);
      if (!phone.ok) errors.phone = [phone.message];
      if (body.password.length < 6) {
        errors.password = ['Password must be at least 6 characters'];
      }
      if (isBlank(body.confirm_password))
        errors.confirm_password = ['Please confirm your password'];
      else if (body.password !== body.confirm_password) {
        errors.confirm_password = ['Passwords do not match'];
      }
      if (isBlank(body.first_name)) errors.first_name = ['First name is required'];
      if (isBlank(body.last_name)) errors.last_name = ['Last name is required'];
      const taken = async () => {
        const clash: Record<string, string[]> = {};
        const existing = await db
          .selectFrom('users')
          .select(['username_lower', 'email_lower', 'phone'])
          .where((eb) =>
            eb.or([
              eb('username_lower', '=', username.toLowerCase()),
              eb('email_lower', '=', email.toLowerCase()),
              ...(phone.ok ? [eb('phone', '=', phone.value)] : []),
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
          if (phone.ok && row.phone === phone.value) {
            clash.phone = ['A user with this phone number already exists.'];
          }
        }
        return clash;
      };
      Object.assign(errors, { ...(await taken()), ...errors });
      if (Object.keys(errors).length || !phone.ok) throw fieldErrors(errors);
      const now = ctx.clock.now().toISOString();
      let user: User;
      try {
        user = await db
          .insertInto('users')
          .values({
            username,
            username_lower: username.toLowerCase(),
            email,
            email_lower: email.toLowerCase(),
            phone: phone.value,
            password_hash: await hashPassword(body.password),
            user_type: body.user_type,
            first_name: body.first_name.trim(),
            last_name: body.last_name.trim(),
            status: 'unverified',
            is_active: true,
            phone_verified: false,
            last_login: null,
            is_tiffin_user: false,
            is_mess_user: false,
            preferred_delivery_time: '6:00 PM',
            date_joined: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldErrors(await taken());
        throw error;
      }
      await sendOtp(ctx, user);
      reply.code(201);
      return {
        detail: 'Registration successful. Please check your phone for OTP verification.',
        phone: user.phone,
        user: await serializeUser(db, user),
      };
    },

    async resendOtp(request) {
      const phone = normalizePhone(request.body.phone);
      await throttle(ctx, `otp:ip:${clientIp(request)}`, 20, 3600, 'message');
      if (!phone.ok) throw new ApiError(400, { message: phone.message, phone: [phone.message] });
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('phone', '=', phone.value)
        .executeTakeFirst();
      if (!user || user.status !== 'unverified') {
        throw new ApiError(400, {
          message: 'No pending verification for this phone number.',
          code: 'otp.not_pending',
        });
      }
      await sendOtp(ctx, user);
      return { message: 'A new OTP has been sent to your phone.' };
    },

    async verifyOtp(request) {
      const phone = normalizePhone(request.body.phone);
      await throttle(ctx, `otp-verify:ip:${clientIp(request)}`, 30, 900, 'message');
      if (!phone.ok) throw new ApiError(400, { message: phone.message, phone: [phone.message] });
      if (isBlank(request.body.otp)) {
        throw new ApiError(400, {
          message: 'OTP Required: Please enter the OTP.',
          code: 'otp.required',
        });
      }
      await throttle(ctx, `otp-verify:phone:${phone.value}`, 10, 900, 'message');
      const userId = await consumeOtp(ctx, phone.value, request.body.otp);
      const now = ctx.clock.now().toISOString();
      const wasUnverified = await db
        .updateTable('users')
        .set({ status: 'registration_complete', phone_verified: true, updated_at: now })
        .where('id', '=', userId)
        .where('status', '=', 'unverified')
        .returning('id')
        .executeTakeFirst();
      const user = await findUser(ctx, userId);
      if (!user || !user.is_active) throw unauthorized(LOGIN_FAILED);
      await db.updateTable('users').set({ last_login: now }).where('id', '=', user.id).execute();
      const tokens = await startSession(ctx, user.id);
      if (wasUnverified) {
        await ctx.notifier.notify({
          userId: user.id,
          type: 'welcome',
          subject: `Welcome to ${ctx.config.business.name}`,
          email: {
            to: user.email,
            text: `Hello ${user.first_name},\n\nYour phone number is verified. Complete your profile to choose a mess or tiffin plan: ${ctx.config.publicUrl}/profile\n\n${ctx.config.business.name}`,
          },
          sms: {
            to: user.phone,
            body: `Welcome to ${ctx.config.business.name}, ${user.first_name}! Your phone is verified.`,
          },
        });
      }
      return {
        ...tokens,
        message: 'OTP verified successfully.',
        user: await serializeUser(db, { ...user, last_login: now }),
      };
    },

    async login(request) {
      const identifier = request.body.username.trim();
      await throttle(ctx, `login:ip:${clientIp(request)}`, 30, 300);
      await throttle(ctx, `login:account:${identifier.toLowerCase()}`, 10, 900);
      const column = identifier.includes('@') ? 'email_lower' : 'username_lower';
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where(column, '=', identifier.toLowerCase())
        .executeTakeFirst();
      if (!user) {
        await burnPasswordCheck(request.body.password);
        throw unauthorized(LOGIN_FAILED);
      }
      const ok = await verifyPassword(user.password_hash, request.body.password);
      if (!ok || !user.is_active) throw unauthorized(LOGIN_FAILED);
      await db
        .updateTable('users')
        .set({ last_login: ctx.clock.now().toISOString() })
        .where('id', '=', user.id)
        .execute();
      return startSession(ctx, user.id);
    },

    async refreshToken(request) {
      return rotateRefreshToken(ctx, request.body.refresh);
    },

    async logout(request, reply) {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      await revokeSession(ctx, auth.sessionId, 'logout');
      return reply.code(204).send();
    },

    async getProfile(request) {
      return serializeUser(db, requireUser(request));
    },

    async completeProfile(request) {
      const user = requireCustomer(request);
      const body = request.body;
      if (user.status === 'unverified') {
        throw forbidden('Please verify your phone number before completing your profile.');
      }
      const errors: Record<string, string[]> = {};
      if (body.user_type !== user.user_type) errors.user_type = ['User type cannot be changed.'];
      if (body.is_tiffin_user === body.is_mess_user) {
        errors.non_field_errors = ['Choose exactly one of tiffin user or mess user.'];
      }
      const student = body.student_profile ?? null;
      const regular = body.regular_profile ?? null;
      const requireFields = (
        prefix: string,
        profile: Record<string, unknown> | null,
        fields: string[],
      ) => {
        if (!profile) {
          errors[prefix] = ['This field is required.'];
          return;
        }
        for (const field of fields) {
          const value = profile[field];
          if (typeof value !== 'string' || isBlank(value)) {
            errors[`${prefix}.${field}`] = ['This field is required.'];
          }
        }
      };
      if (user.user_type === 'student') {
        requireFields('student_profile', student, [
          'institute',
          'student_id',
          'hostel',
          'year',
          'course',
        ]);
      } else {
        requireFields('regular_profile', regular, ['address', 'landmark', 'pincode', 'city']);
        if (regular && !isBlank(regular.pincode) && !/^\d{6}$/.test(regular.pincode.trim())) {
          errors['regular_profile.pincode'] = ['Pincode must be 6 digits.'];
        }
      }
      if (Object.keys(errors).length) throw fieldErrors(errors);
      const now = ctx.clock.now().toISOString();
      const becameComplete = await db.transaction().execute(async (trx) => {
        if (user.user_type === 'student' && student) {
          const values = {
            institute: student.institute,
            student_id: student.student_id.trim(),
            hostel: student.hostel.trim(),
            year: student.year,
            course: student.course.trim(),
          };
          await trx
            .insertInto('student_profiles')
            .values({ user_id: user.id, ...values })
            .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
            .execute();
        } else if (regular) {
          const values = {
            address: regular.address.trim(),
            landmark: regular.landmark.trim(),
            pincode: regular.pincode.trim(),
            city: regular.city.trim(),
          };
          await trx
            .insertInto('regular_profiles')
            .values({ user_id: user.id, ...values })
            .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
            .execute();
        }
        await trx
          .updateTable('users')
          .set({
            is_tiffin_user: body.is_tiffin_user,
            is_mess_user: body.is_mess_user,
            ...(body.preferred_delivery_time
              ? { preferred_delivery_time: body.preferred_delivery_time.trim() }
              : {}),
            updated_at: now,
          })
          .where('id', '=', user.id)
          .execute();
        const changed = await trx
          .updateTable('users')
          .set({ status: 'profile_complete' })
          .where('id', '=', user.id)
          .where('status', '=', 'registration_complete')
          .returning('id')
          .executeTakeFirst();
        return Boolean(changed);
      });
      const updated = (await findUser(ctx, user.id))!;
      if (becameComplete) {
        await ctx.notifier.notify({
          userId: user.id,
          type: 'profile_completed',
          subject: 'Your profile is complete',
          email: {
            to: user.email,
            text: `Hello ${user.first_name},\n\nYour profile is complete. Browse the plans and subscribe: ${ctx.config.publicUrl}/plans\n\n${ctx.config.business.name}`,
          },
        });
      }
      return serializeUser(db, updated);
    },

    async changePassword(request) {
      const user = requireUser(request);
      const auth = request.auth!;
      const body = request.body;
      await throttle(ctx, `change-password:user:${user.id}`, 10, 900);
      if (!(await verifyPassword(user.password_hash, body.old_password))) {
        throw fieldErrors({ old_password: ['Your old password was entered incorrectly.'] });
      }
      const errors: Record<string, string[]> = {};
      if (body.new_password.length < 8) {
        errors.new_password = ['Ensure this field has at least 8 characters.'];
      }
      if (body.new_password !== body.confirm_password) {
        errors.confirm_password = ['New passwords do not match'];
      }
      if (Object.keys(errors).length) throw fieldErrors(errors);
      await db
        .updateTable('users')
        .set({
          password_hash: await hashPassword(body.new_password),
          updated_at: ctx.clock.now().toISOString(),
        })
        .where('id', '=', user.id)
        .execute();
      await revokeUserSessions(ctx, user.id, 'password_changed', auth.sessionId);
      await ctx.notifier.notify({
        userId: user.id,
        type: 'password_changed',
        subject: 'Your password was changed',
        email: {
          to: user.email,
          text: `Hello ${user.first_name},\n\nYour ${ctx.config.business.name} password was just changed, and your other sessions were signed out. If this was not you, reset your password at ${ctx.config.publicUrl}/forgot-password.`,
        },
      });
      return { detail: 'Password changed successfully.' };
    },

    async requestPasswordReset(request) {
      const email = request.body.email.trim();
      if (!isEmail(email)) throw fieldErrors({ email: [EMAIL_MESSAGE] });
      await throttle(ctx, `reset:ip:${clientIp(request)}`, 10, 3600);
      const answer = {
        detail: 'If an account exists for this e-mail, a password reset link has been sent.',
      };
      // Past the per-address limit we stay silent rather than reveal anything.
      const perEmail = await ctx.rateLimiter.hit(`reset:email:${email.toLowerCase()}`, 3, 3600);
      if (!perEmail.allowed) return answer;
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('email_lower', '=', email.toLowerCase())
        .where('is_active', '=', true)
        .executeTakeFirst();
      if (user) {
        const link = await createResetLink(ctx, user);
        await ctx.notifier.notify({
          userId: user.id,
          type: 'password_reset',
          subject: 'Reset your password',
          email: {
            to: user.email,
            text: `Hello ${user.first_name},\n\nUse this link to set a new password. It works once and expires in 1 hour:\n\n${link}\n\nIf you did not ask for this, ignore this e-mail.\n\n${ctx.config.business.name}`,
            html: `<p>Hello ${escapeHtml(user.first_name)},</p><p>Use this link to set a new password. It works once and expires in 1 hour:</p><p><a href="${link}">${link}</a></p><p>If you did not ask for this, ignore this e-mail.</p>`,
          },
        });
      }
      return answer;
    },

    async checkPasswordResetLink(request) {
      const { uid, token } = request.params;
      if (!(await isResetLinkValid(ctx, uid, token)))
        return { valid: false, detail: INVALID_RESET_LINK };
      return { valid: true, detail: 'The link is valid.' };
    },

    async confirmPasswordReset(request) {
      const body = request.body;
      const errors: Record<string, string[]> = {};
      if (body.new_password.length < 8) {
        errors.new_password = ['Ensure this field has at least 8 characters.'];
      }
      if (body.new_password !== body.confirm_password) {
        errors.confirm_password = ['Passwords do not match'];
      }
      if (Object.keys(errors).length) throw fieldErrors(errors);
      const userId = await spendResetLink(ctx, body.uidb64, body.token);
      if (userId === null) throw detailError(400, INVALID_RESET_LINK, 'reset.invalid_link');
      await db
        .updateTable('users')
        .set({
          password_hash: await hashPassword(body.new_password),
          updated_at: ctx.clock.now().toISOString(),
        })
        .where('id', '=', userId)
        .execute();
      await revokeUserSessions(ctx, userId, 'password_reset');
      const user = await findUser(ctx, userId);
      if (user) {
        await ctx.notifier.notify({
          userId,
          type: 'password_changed',
          subject: 'Your password was reset',
          email: {
            to: user.email,
            text: `Hello ${user.first_name},\n\nYour ${ctx.config.business.name} password was reset and all your sessions were signed out.`,
          },
        });
      }
      return { detail: 'Password reset successful. You can now log in with your new password.' };
    },
  };
}
