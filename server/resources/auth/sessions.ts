// Login sessions and rotating refresh tokens. A session is one refresh-token family: presenting a
// refresh token twice revokes the whole family, and access tokens die with their session.
import { randomUUID } from 'node:crypto';
import type { AppContext } from '@server/context.js';
import { compiledOnce, placeholder } from '@server/platform/db/compiled.js';
import { sql, type Kysely, type Selectable } from 'kysely';
import { createBatchReader } from '@server/platform/db/batch.js';
import type { Db } from '@server/platform/db/index.js';
import { readUnwritten, type ReadUnwritten } from '@server/platform/db/unwritten.js';
import type {
  Database,
  MessOwnerProfilesTable,
  RegularProfilesTable,
  StudentProfilesTable,
  User,
} from '@server/platform/db/schema.js';
import { unauthorized } from '@server/errors.js';
import { isoNow } from '@server/platform/time.js';
import { signJwt, verifyJwt } from './jwt.js';

/** The one answer to a failed sign-in (password or OTP): it never says which part was wrong. */
export const LOGIN_FAILED = 'Invalid credentials. Please try again.';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const REFRESH_TOKEN_SECONDS = 7 * 24 * 60 * 60;

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface AuthContext {
  user: User;
  sessionId: string;
  /** The user's profile rows, when the session lookup read them too (on PostgreSQL). */
  profiles?: OwnProfiles;
}

/** The profile rows of one user: at most one of them exists, by the account's type. */
export interface OwnProfiles {
  student: Selectable<StudentProfilesTable> | null;
  regular: Selectable<RegularProfilesTable> | null;
  owner: Selectable<MessOwnerProfilesTable> | null;
}

const nowSeconds = (ctx: AppContext) => Math.floor(ctx.clock.now().getTime() / 1000);

async function issueTokens(ctx: AppContext, userId: number, sessionId: string): Promise<TokenPair> {
  const iat = nowSeconds(ctx);
  const jti = randomUUID();
  await ctx.db.kysely
    .insertInto('refresh_tokens')
    .values({
      jti,
      session_id: sessionId,
      issued_at: new Date(iat * 1000).toISOString(),
      expires_at: new Date((iat + REFRESH_TOKEN_SECONDS) * 1000).toISOString(),
      used_at: null,
    })
    .execute();
  const sub = String(userId);
  return {
    access: await signJwt(
      { sub, sid: sessionId, typ: 'access', iat, exp: iat + ACCESS_TOKEN_SECONDS },
      ctx.config.jwtSecret,
    ),
    refresh: await signJwt(
      { sub, sid: sessionId, typ: 'refresh', jti, iat, exp: iat + REFRESH_TOKEN_SECONDS },
      ctx.config.jwtSecret,
    ),
  };
}

export async function startSession(ctx: AppContext, userId: number): Promise<TokenPair> {
  const sessionId = randomUUID();
  await ctx.db.kysely
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: userId,
      created_at: isoNow(ctx.clock),
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
  return issueTokens(ctx, userId, sessionId);
}

/** A sign-in that passed its check (password or phone code): stamps last_login, starts a session. */
export async function completeSignIn(ctx: AppContext, userId: number): Promise<TokenPair> {
  await ctx.db.kysely
    .updateTable('users')
    .set({ last_login: isoNow(ctx.clock) })
    .where('id', '=', userId)
    .execute();
  return startSession(ctx, userId);
}

export async function revokeSession(ctx: AppContext, sessionId: string, reason: string) {
  await ctx.db.kysely
    .updateTable('sessions')
    .set({ revoked_at: isoNow(ctx.clock), revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Logout's optional refresh token: revokes the session it names, but only when the token is genuine
 * and that session is `userId`'s; anything else is ignored, so a body cannot end someone else's
 * session.
 */
export async function revokeOwnRefreshSession(
  ctx: AppContext,
  userId: number,
  refreshToken: string,
  reason: string,
) {
  const claims = await verifyJwt(refreshToken, ctx.config.jwtSecret, nowSeconds(ctx));
  if (!claims || claims.typ !== 'refresh' || Number(claims.sub) !== userId) return;
  await ctx.db.kysely
    .updateTable('sessions')
    .set({ revoked_at: isoNow(ctx.clock), revoked_reason: reason })
    .where('id', '=', claims.sid)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeUserSessions(
  ctx: AppContext,
  userId: number,
  reason: string,
  keepSessionId?: string,
) {
  await revokeUserSessionsIn(ctx.db.kysely, userId, reason, isoNow(ctx.clock), keepSessionId);
}

/**
 * Ends every open session of `userId` (but `keepSessionId`) at `at`, in the caller's transaction
 * when it passes one: the next request with any of their tokens is 401.
 */
export async function revokeUserSessionsIn(
  db: Kysely<Database>,
  userId: number,
  reason: string,
  at: string,
  keepSessionId?: string,
) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: at, revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

const INVALID_REFRESH = 'Token is invalid or expired';

/** Spends a refresh token once and issues the next pair in the same session. */
export async function rotateRefreshToken(ctx: AppContext, token: string): Promise<TokenPair> {
  const claims = await verifyJwt(token, ctx.config.jwtSecret, nowSeconds(ctx));
  if (!claims || claims.typ !== 'refresh' || !claims.jti) throw unauthorized(INVALID_REFRESH);
  const now = isoNow(ctx.clock);
  const spent = await ctx.db.kysely
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('jti', '=', claims.jti)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('session_id')
    .executeTakeFirst();
  if (!spent) {
    const known = await ctx.db.kysely
      .selectFrom('refresh_tokens')
      .select(['session_id', 'used_at'])
      .where('jti', '=', claims.jti)
      .executeTakeFirst();
    // A used token presented again means it was stolen or replayed: end the whole family.
    if (known?.used_at) await revokeSession(ctx, known.session_id, 'refresh_token_reuse');
    throw unauthorized(INVALID_REFRESH);
  }
  const session = await ctx.db.kysely
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.user_id', 'sessions.revoked_at', 'users.is_active'])
    .where('sessions.id', '=', spent.session_id)
    .executeTakeFirst();
  if (!session || session.revoked_at || !session.is_active) throw unauthorized(INVALID_REFRESH);
  return issueTokens(ctx, session.user_id, spent.session_id);
}

/**
 * The lookup every authenticated request makes. It checks the session on each request, so a revoked
 * session, a deactivated user or a logged-out token is refused at once.
 */
const sessionUserQuery = compiledOnce(
  { sessionId: placeholder.text('session'), userId: placeholder.number(0) },
  (db, { sessionId, userId }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .where('sessions.id', '=', sessionId)
      .where('sessions.revoked_at', 'is', null)
      .where('users.id', '=', userId)
      .where('users.is_active', '=', true),
);

/** Each profile table's columns, as the batched lookup below reads them (`student_institute`). */
const PROFILE_COLUMNS = {
  student: ['user_id', 'institute', 'student_id', 'hostel', 'year', 'course'],
  regular: ['user_id', 'address', 'landmark', 'pincode', 'city'],
  owner: [
    'user_id',
    'mess_name',
    'business_address',
    'business_phone',
    'business_email',
    'gst_number',
  ],
} as const;

type ProfileKind = keyof typeof PROFILE_COLUMNS;

/** A session's user and profile rows, as the batched lookup reads them. */
interface SessionRow {
  user: User;
  profiles: OwnProfiles;
}

/** Takes the lookup's own columns off a joined row: the user, and its profile rows (null if none). */
function splitRow(row: Record<string, unknown>): [sessionId: string, SessionRow] {
  const user = { ...row };
  const sessionId = String(user.lookup_session_id);
  delete user.lookup_session_id;
  const profiles: Record<string, Record<string, unknown> | null> = {};
  for (const [kind, columns] of Object.entries(PROFILE_COLUMNS) as [
    ProfileKind,
    readonly string[],
  ][]) {
    const profile: Record<string, unknown> = {};
    for (const column of columns) {
      profile[column] = user[`${kind}_${column}`];
      delete user[`${kind}_${column}`];
    }
    profiles[kind] = profile.user_id == null ? null : profile;
  }
  return [
    sessionId,
    { user: user as unknown as User, profiles: profiles as unknown as OwnProfiles },
  ];
}

/**
 * On PostgreSQL, where each lookup is a round trip: the sessions asked for at about the same time
 * in one query (server/platform/db/batch.ts), each with its user's profile rows, so the profile answers
 * without a second round trip. Every lookup still starts after its request arrived.
 */
const batchedLookups = new WeakMap<
  Kysely<Database>,
  (id: string) => Promise<SessionRow | undefined>
>();

/**
 * The batch's query, one text whatever the batch's size (the ids are one list, `= any($1)`), sent
 * as a named statement: PostgreSQL parses and plans it once per connection, not once per batch.
 */
const batchedSessionQuery = compiledOnce(
  { sessionIds: [placeholder.text('sessions')] as readonly string[] },
  (db, { sessionIds }) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .leftJoin('student_profiles as student', 'student.user_id', 'users.id')
      .leftJoin('regular_profiles as regular', 'regular.user_id', 'users.id')
      .leftJoin('mess_owner_profiles as owner', 'owner.user_id', 'users.id')
      .selectAll('users')
      .select('sessions.id as lookup_session_id')
      .select(
        Object.entries(PROFILE_COLUMNS).flatMap(([kind, columns]) =>
          columns.map((column) => sql.ref(`${kind}.${column}`).as(`${kind}_${column}`)),
        ),
      )
      .where('sessions.id', '=', sql<string>`any(${sessionIds})`)
      .where('sessions.revoked_at', 'is', null)
      .where('users.is_active', '=', true),
  { named: true },
);

function batchedLookup(db: Kysely<Database>) {
  let lookup = batchedLookups.get(db);
  if (!lookup) {
    lookup = createBatchReader(async (sessionIds: string[]) => {
      const { rows } = await db.executeQuery(batchedSessionQuery(db, { sessionIds }));
      return new Map(rows.map((row) => splitRow(row as Record<string, unknown>)));
    });
    batchedLookups.set(db, lookup);
  }
  return lookup;
}

/** Sessions whose user row is kept on SQLite while nothing is written (a user row is about 1 kB). */
const SESSIONS_KEPT = 5_000;

/**
 * On SQLite: each session's user row, from memory while the database has not been written
 * (server/platform/db/unwritten.ts). A logout, a revoked session, a deactivation, a role change or
 * an erasure is a write, so the very next request reads the row again. The row is frozen: every
 * request that presents the session shares it.
 */
const sessionUsers = new WeakMap<Db, ReadUnwritten<string, User | null>>();

function sessionUser(ctx: AppContext, sessionId: string, userId: number): Promise<User | null> {
  let read = sessionUsers.get(ctx.db);
  if (!read) {
    read = readUnwritten(ctx.db, SESSIONS_KEPT);
    sessionUsers.set(ctx.db, read);
  }
  const db = ctx.db.kysely;
  return read(`${userId} ${sessionId}`, async () => {
    const [user] = (await db.executeQuery(sessionUserQuery(db, { sessionId, userId }))).rows;
    return user ? Object.freeze(user) : null;
  });
}

/**
 * Resolves a bearer token to its user (on PostgreSQL with its profile rows). Returns null for a
 * bad, expired or revoked token: the caller answers 401.
 */
export async function authenticateToken(
  ctx: AppContext,
  token: string,
): Promise<AuthContext | null> {
  const claims = await verifyJwt(token, ctx.config.jwtSecret, nowSeconds(ctx));
  if (!claims || claims.typ !== 'access') return null;
  const userId = Number(claims.sub);
  if (!Number.isSafeInteger(userId)) return null;
  const db = ctx.db.kysely;
  if (ctx.db.dialect === 'postgres') {
    const found = await batchedLookup(db)(claims.sid);
    return found && found.user.id === userId
      ? { user: found.user, profiles: found.profiles, sessionId: claims.sid }
      : null;
  }
  const user = await sessionUser(ctx, claims.sid, userId);
  return user ? { user, sessionId: claims.sid } : null;
}
