// Sessions: login (by username or e-mail, with a per-IP limit and a per-account progressive
// delay), token refresh and logout.
import { burnPasswordCheck, verifyPassword } from './passwords.js';
import {
  completeSignIn,
  LOGIN_FAILED,
  revokeOwnRefreshSession,
  revokeSession,
  rotateRefreshToken,
} from './sessions.js';
import type { AppContext } from '@server/context.js';
import { tooManyRequests, unauthorized } from '@server/errors.js';
import { clientIp, type Handlers } from '@server/http.js';
import { enforceLimit } from '@server/services/rate-limit.js';

export function sessionHandlers(ctx: AppContext) {
  const db = ctx.db.kysely;

  return {
    async login(request) {
      const identifier = request.body.username.trim();
      await enforceLimit(ctx.rateLimiter, `login:ip:${clientIp(request)}`, 30, 300);
      const column = identifier.includes('@') ? 'email_lower' : 'username_lower';
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where(column, '=', identifier.toLowerCase())
        .executeTakeFirst();
      // Username and e-mail of one account share its counter; a name no account has gets its own,
      // so both are treated alike.
      const throttleKey = user ? `user:${user.id}` : `name:${identifier.toLowerCase()}`;
      const attempt = await ctx.loginThrottle.begin(throttleKey);
      if (!attempt.allowed) {
        const seconds = attempt.retryAfterSeconds;
        throw tooManyRequests(
          seconds,
          `Too many failed login attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
          'detail',
        );
      }
      if (!user) {
        await burnPasswordCheck(request.body.password);
        throw unauthorized(LOGIN_FAILED);
      }
      const ok = await verifyPassword(user.password_hash, request.body.password);
      if (!ok || !user.is_active) throw unauthorized(LOGIN_FAILED);
      await ctx.loginThrottle.succeeded(throttleKey);
      return completeSignIn(ctx, user.id);
    },

    async refreshToken(request) {
      return rotateRefreshToken(ctx, request.body.refresh);
    },

    async logout(request, reply) {
      const auth = request.auth;
      if (!auth) throw unauthorized();
      await revokeSession(ctx, auth.sessionId, 'logout');
      // The body is optional (an empty one reads as {}); its refresh token may name another
      // session of the same user, e.g. the one a client kept after rotating.
      const refresh = request.body.refresh;
      if (refresh) await revokeOwnRefreshSession(ctx, auth.user.id, refresh, 'logout');
      return reply.code(204).send();
    },
  } satisfies Partial<Handlers>;
}
