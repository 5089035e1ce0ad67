// Passwords: change (signed in; other sessions end) and reset by an e-mailed link (all sessions
// end). Whether an address is registered never shows in the answer or its timing.
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.js';
import { hashPassword, verifyPassword } from './passwords.js';
import {
  INVALID_RESET_LINK,
  createResetLink,
  isResetLinkValid,
  spendResetLink,
} from './password-reset.js';
import { revokeUserSessions } from './sessions.js';
import type { AppContext } from '@server/context.js';
import { fieldErrors, type FieldErrors, refusalDetail } from '@server/errors.js';
import { escapeHtml } from '@server/platform/html.js';
import { afterAnswer, clientIp, requireUser, type Handlers } from '@server/http.js';
import { localizer } from '@server/platform/i18n.js';
import { enforceLimit } from '@server/services/rate-limit.js';
import { EMAIL_MESSAGE, isEmail } from '@server/lifecycles/onboarding/onboarding.validation.js';

/** The new-password rules shared by change and reset: 8+ characters, not common, confirmed. */
async function newPasswordErrors(
  password: string,
  confirmation: string,
  mismatch: string,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (password.length < 8) errors.new_password = ['Ensure this field has at least 8 characters.'];
  else if (await isCommonPassword(password)) errors.new_password = [COMMON_PASSWORD_MESSAGE];
  if (password !== confirmation) errors.confirm_password = [mismatch];
  return errors;
}

export function passwordHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;

  async function setPassword(userId: number, password: string) {
    return db
      .updateTable('users')
      .set({
        password_hash: await hashPassword(password),
        updated_at: ctx.clock.now().toISOString(),
      })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirst();
  }

  async function sendResetMail(email: string): Promise<void> {
    // Past the per-address limit we stay silent rather than reveal anything.
    const perEmail = await ctx.rateLimiter.hit(`reset:email:${email.toLowerCase()}`, 3, 3600);
    if (!perEmail.allowed) return;
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('email_lower', '=', email.toLowerCase())
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (!user) return;
    const link = await createResetLink(ctx, user);
    const l = localizer(user.language);
    const greeting = l.t('notice.greeting', { name: user.first_name });
    const intro = l.t('notice.password_reset.intro');
    const ignore = l.t('notice.password_reset.ignore');
    await ctx.notifier.notify({
      userId: user.id,
      type: 'password_reset',
      subject: l.t('notice.password_reset.subject'),
      summary: l.t('notice.password_reset.summary'),
      email: {
        to: user.email,
        text: `${greeting}\n\n${intro}\n\n${link}\n\n${ignore}\n\n${ctx.config.business.name}`,
        html: `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p><a href="${link}">${link}</a></p><p>${escapeHtml(ignore)}</p>`,
      },
    });
  }

  return {
    async changePassword(request) {
      const user = requireUser(request);
      const body = request.body;
      await enforceLimit(ctx.rateLimiter, `change-password:user:${user.id}`, 10, 900);
      if (!(await verifyPassword(user.password_hash, body.old_password))) {
        throw fieldErrors({ old_password: ['Your old password was entered incorrectly.'] });
      }
      const errors = await newPasswordErrors(
        body.new_password,
        body.confirm_password,
        'New passwords do not match',
      );
      if (Object.keys(errors).length) throw fieldErrors(errors);
      await setPassword(user.id, body.new_password);
      await revokeUserSessions(ctx, user.id, 'password_changed', request.auth!.sessionId);
      const l = localizer(user.language);
      const changed = l.t('notice.password_changed.text', {
        business: ctx.config.business.name,
        link: `${ctx.config.publicUrl}/forgot-password`,
      });
      await ctx.notifier.notify({
        userId: user.id,
        type: 'password_changed',
        subject: l.t('notice.password_changed.subject'),
        summary: l.t('notice.password_changed.summary'),
        email: {
          to: user.email,
          text: `${l.t('notice.greeting', { name: user.first_name })}\n\n${changed}`,
        },
      });
      return { detail: 'Password changed successfully.' };
    },

    async requestPasswordReset(request, reply) {
      const email = request.body.email.trim();
      if (!isEmail(email)) throw fieldErrors({ email: [EMAIL_MESSAGE] });
      await enforceLimit(ctx.rateLimiter, `reset:ip:${clientIp(request)}`, 10, 3600);
      // Everything that depends on whether the address is registered happens after the answer, so
      // neither the answer nor its timing tells.
      afterAnswer(ctx, reply, 'password-reset-mail', () => sendResetMail(email));
      return {
        detail: 'If an account exists for this e-mail, a password reset link has been sent.',
      };
    },

    async checkPasswordResetLink(request) {
      const { uid, token } = request.params;
      if (!(await isResetLinkValid(ctx, uid, token))) {
        return { valid: false, detail: INVALID_RESET_LINK };
      }
      return { valid: true, detail: 'The link is valid.' };
    },

    async confirmPasswordReset(request) {
      const body = request.body;
      const errors = await newPasswordErrors(
        body.new_password,
        body.confirm_password,
        'Passwords do not match',
      );
      if (Object.keys(errors).length) throw fieldErrors(errors);
      const userId = await spendResetLink(ctx, body.uidb64, body.token);
      if (userId === null) throw refusalDetail(400, 'reset.invalid_link');
      const user = await setPassword(userId, body.new_password);
      await revokeUserSessions(ctx, userId, 'password_reset');
      if (user) {
        const l = localizer(user.language);
        const reset = l.t('notice.password_was_reset.text', { business: ctx.config.business.name });
        await ctx.notifier.notify({
          userId,
          type: 'password_changed',
          subject: l.t('notice.password_was_reset.subject'),
          summary: l.t('notice.password_was_reset.summary'),
          email: {
            to: user.email,
            text: `${l.t('notice.greeting', { name: user.first_name })}\n\n${reset}`,
          },
        });
      }
      return { detail: 'Password reset successful. You can now log in with your new password.' };
    },
  } satisfies Partial<Handlers>;
}
