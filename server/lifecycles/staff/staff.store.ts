// Staff accounts (issue 22): the owner adds a manager, kitchen or delivery account, which gets an SMS
// invite to claim it through the walk-in claim flow (a phone OTP, then a username and password).
// Every status change is written as machines/staff decides, with a conditional UPDATE on the status
// it was decided from, and audited in the same transaction. Deactivation ends every session at once.
import { createHash, randomBytes } from 'node:crypto';
import {
  NO_EMAIL_DOMAIN,
  STAFF_INVITE_DAYS,
  decide,
  refusal,
  staffFromApi,
  staffMachine,
  walkInClaimMachine,
  walkInUsername,
  type ClaimEvent,
  claimLinkFromFacts,
  type StaffEvent,
  type StaffRole,
  type StaffStatus,
} from '@machines';
import type { StaffMemberRow, User } from '@server/platform/db/schema.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import { notFound, refusalError, refusalField } from '@server/errors.js';
import { DEFAULT_LANGUAGE, localizer } from '@server/platform/i18n.js';
import { recordAudit } from '@server/lifecycles/audit.js';
import { revokeUserSessionsIn } from '@server/resources/auth/sessions.js';
import { allowed, nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import type { AccountStore } from '@server/lifecycles/onboarding/onboarding.store.js';
import { staffMemberById, type StaffMemberFacts } from './staff.read.js';
import { claimedAccount, type ClaimAccount } from '@server/lifecycles/walk-in/claim-links.js';

export interface StaffInput {
  firstName: string;
  lastName: string;
  /** Normalised (+91…). */
  phone: string;
  role: StaffRole;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The invite link's state as the walk-in claim machine reads it. */
export type StaffStore = ReturnType<typeof createStaffStore>;

export function createStaffStore(deps: StoreDeps, stores: { accounts: AccountStore }) {
  const db = deps.db.kysely;

  /** What the staff machine says to `event` for this member now; throws its refusal. */
  const check = (row: Pick<StaffMemberRow, 'status' | 'joined_at'>, event: StaffEvent) =>
    allowed(decide(staffMachine, staffFromApi(row), event));

  async function member(userId: number): Promise<StaffMemberFacts> {
    const found = await staffMemberById(db, userId);
    if (!found) throw notFound();
    return found;
  }

  /** A phone is one account's (users.phone is unique): the per-field refusal. */
  async function phoneTaken(phone: string, exceptUserId?: number): Promise<boolean> {
    let query = db.selectFrom('users').select('id').where('phone', '=', phone);
    if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** A username nobody has, proposed to the member on the claim page. */
  async function freeUsername(trx: Executor, firstName: string, phone: string): Promise<string> {
    for (let attempt = 0; ; attempt += 1) {
      const candidate = `staff_${walkInUsername(firstName, phone, attempt)}`;
      const clash = await trx
        .selectFrom('users')
        .select('id')
        .where('username_lower', '=', candidate.toLowerCase())
        .executeTakeFirst();
      if (!clash) return candidate;
    }
  }

  /** A new invite: its token (for the SMS only) and the columns that store it. */
  function newInvite() {
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(
      deps.clock.now().getTime() + STAFF_INVITE_DAYS * 86_400_000,
    ).toISOString();
    return {
      token,
      columns: {
        invite_token_hash: hashToken(token),
        invite_expires_at: expiresAt,
        invite_verified_at: null,
      },
    };
  }

  async function sendInvite(userId: number, token: string): Promise<void> {
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const l = localizer(user.language);
    const business = deps.config.business.name;
    const link = `${deps.config.publicUrl}/claim/${token}`;
    await deps.notifier.notify({
      userId: user.id,
      type: 'staff_invite',
      subject: l.t('notice.staff_invite.subject', { business }),
      summary: l.t('notice.staff_invite.summary'),
      sms: {
        to: user.phone,
        body: l.t('notice.staff_invite.sms', {
          business,
          name: user.first_name,
          role: l.t(`label.staff_role.${user.user_type}`),
          link,
        }),
      },
      // The link signs whoever holds it in (with the OTP): sent, never stored.
      secret: true,
    });
  }

  /** staff.add: the account (no usable password) and its invite in one transaction; the SMS after. */
  async function add(owner: User, input: StaffInput): Promise<StaffMemberFacts> {
    const phoneRefused = () => refusalField('phone', 'staff.phone_taken');
    if (await phoneTaken(input.phone)) throw phoneRefused();
    const invite = newInvite();
    const at = nowIso(deps);
    let userId: number;
    try {
      userId = await db.transaction().execute(async (trx) => {
        const username = await freeUsername(trx, input.firstName, input.phone);
        const email = `${username.toLowerCase()}@${NO_EMAIL_DOMAIN}`;
        const user = await stores.accounts.createStaff(trx, {
          username,
          username_lower: username.toLowerCase(),
          email,
          email_lower: email,
          phone: input.phone,
          // No usable password until the member claims the invite: no hash matches '!'.
          password_hash: '!staff',
          user_type: input.role,
          first_name: input.firstName,
          last_name: input.lastName,
          language: DEFAULT_LANGUAGE,
        });
        await trx
          .insertInto('staff_members')
          .values({
            user_id: user.id,
            role: input.role,
            status: 'invited',
            invited_at: at,
            joined_at: null,
            deactivated_at: null,
            invited_by: owner.id,
            ...invite.columns,
          })
          .execute();
        await recordAudit(deps, trx, {
          actor: owner,
          action: 'staff.add',
          objectType: 'user',
          objectId: user.id,
          summary:
            `Added ${input.firstName} ${input.lastName}`.trim() +
            ` (${input.phone}) as ${input.role}.`,
          before: null,
          after: { role: input.role, status: 'invited', phone: input.phone },
        });
        return user.id;
      });
    } catch (error) {
      // Another account took the phone between the look and the insert.
      if (isUniqueViolation(error) && (await phoneTaken(input.phone))) throw phoneRefused();
      throw error;
    }
    await sendInvite(userId, invite.token);
    return member(userId);
  }

  /**
   * Writes the machine's next status from `from` (a conditional UPDATE: a concurrent change makes
   * this one refuse as the machine would now), with `changes` and its audit entry.
   */
  async function transition(
    trx: Executor,
    row: StaffMemberFacts,
    next: StaffStatus,
    changes: Partial<Omit<StaffMemberRow, 'user_id' | 'status'>>,
  ): Promise<void> {
    const written = await trx
      .updateTable('staff_members')
      .set({ status: next, ...changes })
      .where('user_id', '=', row.user_id)
      .where('status', '=', row.status)
      .returning('user_id')
      .executeTakeFirst();
    if (!written) {
      const now = await staffMemberById(trx, row.user_id);
      throw refusalError(
        now?.status === 'deactivated' ? refusal('staff.deactivated') : refusal('staff.not_invited'),
      );
    }
  }

  /** staff.update: name and role; a new role applies from the member's next request. */
  async function update(
    owner: User,
    userId: number,
    changes: { firstName?: string; lastName?: string; role?: StaffRole },
  ): Promise<StaffMemberFacts> {
    const row = await member(userId);
    const { next } = check(row, { type: 'staff.update' });
    const after = {
      first_name: changes.firstName ?? row.first_name,
      last_name: changes.lastName ?? row.last_name,
      role: changes.role ?? row.role,
    };
    await db.transaction().execute(async (trx) => {
      await transition(trx, row, next as StaffStatus, { role: after.role });
      await trx
        .updateTable('users')
        .set({
          first_name: after.first_name,
          last_name: after.last_name,
          user_type: after.role,
          updated_at: nowIso(deps),
        })
        .where('id', '=', userId)
        .execute();
      await recordAudit(deps, trx, {
        actor: owner,
        action: 'staff.update',
        objectType: 'user',
        objectId: userId,
        summary:
          `Changed staff member ${after.first_name} ${after.last_name}`.trim() +
          ` (${after.role}).`,
        before: { first_name: row.first_name, last_name: row.last_name, role: row.role },
        after,
      });
    });
    return member(userId);
  }

  /** staff.deactivate: no sign-in, the invite dead, every session revoked, in one transaction. */
  async function deactivate(owner: User, userId: number): Promise<StaffMemberFacts> {
    const row = await member(userId);
    const { next } = check(row, { type: 'staff.deactivate' });
    const at = nowIso(deps);
    await db.transaction().execute(async (trx) => {
      await transition(trx, row, next as StaffStatus, {
        deactivated_at: at,
        invite_token_hash: null,
        invite_expires_at: null,
        invite_verified_at: null,
      });
      await trx
        .updateTable('users')
        .set({ is_active: false, updated_at: at })
        .where('id', '=', userId)
        .execute();
      // Every request reads the session and the user (authenticateToken, rotateRefreshToken):
      // both refuse from the commit on, for access and refresh tokens alike.
      await revokeUserSessionsIn(trx, userId, 'staff_deactivated', at);
      await recordAudit(deps, trx, {
        actor: owner,
        action: 'staff.deactivate',
        objectType: 'user',
        objectId: userId,
        summary: `Deactivated staff member ${row.first_name} ${row.last_name}`.trim() + '.',
        before: { status: row.status },
        after: { status: next },
      });
    });
    return member(userId);
  }

  /** staff.reactivate: back to active if ever claimed, else invited again with a new invite. */
  async function reactivate(owner: User, userId: number): Promise<StaffMemberFacts> {
    const row = await member(userId);
    const { next } = check(row, { type: 'staff.reactivate' });
    if (await phoneTaken(row.phone, userId)) throw refusalField('phone', 'staff.phone_taken');
    const invite = next === 'invited' ? newInvite() : null;
    const at = nowIso(deps);
    await db.transaction().execute(async (trx) => {
      await transition(trx, row, next as StaffStatus, {
        deactivated_at: null,
        ...(invite ? { ...invite.columns, invited_at: at } : {}),
      });
      await trx
        .updateTable('users')
        .set({ is_active: true, updated_at: at })
        .where('id', '=', userId)
        .execute();
      await recordAudit(deps, trx, {
        actor: owner,
        action: 'staff.reactivate',
        objectType: 'user',
        objectId: userId,
        summary: `Reactivated staff member ${row.first_name} ${row.last_name}`.trim() + '.',
        before: { status: row.status },
        after: { status: next },
      });
    });
    if (invite) await sendInvite(userId, invite.token);
    return member(userId);
  }

  /** staff.resend_invite: a new link replaces the old one (whose hash no longer matches). */
  async function resendInvite(owner: User, userId: number): Promise<StaffMemberFacts> {
    const row = await member(userId);
    const { next } = check(row, { type: 'staff.resend_invite' });
    const invite = newInvite();
    await db.transaction().execute(async (trx) => {
      await transition(trx, row, next as StaffStatus, invite.columns);
      await recordAudit(deps, trx, {
        actor: owner,
        action: 'staff.resend_invite',
        objectType: 'user',
        objectId: userId,
        summary: `Sent staff member ${row.first_name} ${row.last_name}`.trim() + ' a new invite.',
        before: { invite_expires_at: row.invite_expires_at },
        after: { invite_expires_at: invite.columns.invite_expires_at },
      });
    });
    await sendInvite(userId, invite.token);
    return member(userId);
  }

  // ----- the claim flow's side (server/lifecycles/walk-in/claim-links.ts) -----

  /** The member whose current invite `token` is, if any (a deactivated member's invite is gone). */
  async function byInviteToken(token: string): Promise<StaffMemberRow | undefined> {
    return db
      .selectFrom('staff_members')
      .selectAll()
      .where('invite_token_hash', '=', hashToken(token))
      .executeTakeFirst();
  }

  /** What the claim machine says to `event` for this invite now (a dead invite is no link). */
  function inviteDecision(row: StaffMemberRow, event: ClaimEvent) {
    if (row.status === 'deactivated' || !row.invite_expires_at) {
      return { ok: false as const, ...refusal('claim.invalid') };
    }
    const link = {
      claimedAt: row.joined_at,
      verifiedAt: row.invite_verified_at,
      expiresAt: row.invite_expires_at,
    };
    return decide(walkInClaimMachine, claimLinkFromFacts(link, nowIso(deps)), event);
  }

  /** What the claim machine says to `event` for this invite now; throws its refusal. */
  function checkInvite(row: StaffMemberRow, event: ClaimEvent) {
    return allowed(inviteDecision(row, event));
  }

  async function markInviteVerified(row: StaffMemberRow): Promise<void> {
    checkInvite(row, { type: 'claim.verify' });
    if (row.invite_verified_at) return;
    await db
      .updateTable('staff_members')
      .set({ invite_verified_at: nowIso(deps) })
      .where('user_id', '=', row.user_id)
      .where('status', '=', 'invited')
      .where('invite_verified_at', 'is', null)
      .execute();
  }

  /**
   * claim.complete on a staff invite is staff.claim: the member becomes active, the account gets
   * its password (and username) and a verified phone, the invite is spent; claim.sign_in (`account`
   * null: the phone proven by a sign-in code) the same without a password. One conditional UPDATE.
   */
  async function claim(row: StaffMemberRow, account: ClaimAccount | null): Promise<User> {
    checkInvite(row, { type: account ? 'claim.complete' : 'claim.sign_in' });
    const { next } = check(row, { type: 'staff.claim' });
    const at = nowIso(deps);
    return db.transaction().execute(async (trx) => {
      let spend = trx
        .updateTable('staff_members')
        .set((eb) => ({
          status: next as StaffStatus,
          joined_at: at,
          invite_token_hash: null,
          invite_expires_at: null,
          invite_verified_at: eb.fn.coalesce('invite_verified_at', eb.val(at)),
        }))
        .where('user_id', '=', row.user_id)
        .where('status', '=', 'invited')
        .where('joined_at', 'is', null);
      if (account) spend = spend.where('invite_verified_at', 'is not', null);
      const spent = await spend.returning('user_id').executeTakeFirst();
      if (!spent) throw refusalError(refusal('claim.used'));
      return trx
        .updateTable('users')
        .set({ ...claimedAccount(account), phone_verified: true, last_login: at, updated_at: at })
        .where('id', '=', row.user_id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /** The member's invite while it waits to be claimed (invited, not deactivated), if any. */
  function openInviteOf(userId: number): Promise<StaffMemberRow | undefined> {
    return db
      .selectFrom('staff_members')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'invited')
      .where('joined_at', 'is', null)
      .executeTakeFirst();
  }

  return {
    add,
    update,
    deactivate,
    reactivate,
    resendInvite,
    byInviteToken,
    openInviteOf,
    inviteDecision,
    checkInvite,
    markInviteVerified,
    claim,
  };
}
