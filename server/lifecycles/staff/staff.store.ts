// Staff accounts (issue 22): the owner adds a manager, kitchen or delivery account, which gets an SMS
// invite to claim it through the walk-in claim flow (a phone OTP, which makes the member active and
// signs them in; then, if they like, a username and password).
// Every status change is written as machines/staff decides, with a conditional UPDATE on the status
// it was decided from, and audited in the same transaction. Deactivation ends every session at once.
import {
  NO_EMAIL_DOMAIN,
  STAFF_INVITE_DAYS,
  decide,
  refusal,
  staffFromApi,
  staffMachine,
  walkInClaimMachine,
  type ClaimEvent,
  claimLinkFromFacts,
  type StaffEvent,
  type StaffRole,
  type StaffStatus,
} from '@machines';
import type { Updateable } from 'kysely';
import type { StaffMemberRow, User, UsersTable } from '@server/platform/db/schema.js';
import { isUniqueViolation } from '@server/platform/db/index.js';
import { notFound, refusalError, refusalField } from '@server/errors.js';
import type { Language } from '@server/platform/i18n.js';
import { recordAudit, type AuditValues } from '@server/lifecycles/audit.js';
import { revokeUserSessionsIn } from '@server/resources/auth/sessions.js';
import { allowed, nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import type { AccountStore } from '@server/lifecycles/onboarding/onboarding.store.js';
import { staffMemberById, type StaffMemberFacts } from './staff.read.js';
import {
  freeUsername,
  hashClaimToken,
  newClaimToken,
  proveClaimedPhone,
  sendClaimLink,
  spendClaim,
  type ClaimAccount,
} from '@server/lifecycles/walk-in/claim-links.js';

export interface StaffInput {
  firstName: string;
  lastName: string;
  /** Normalised (+91…). */
  phone: string;
  role: StaffRole;
  /** The member's language: their SMS invite and later notices are written in it. */
  language: Language;
}

export type StaffStore = ReturnType<typeof createStaffStore>;

/** A member's name as the audit log writes it. */
const staffName = (row: { first_name: string; last_name: string }) =>
  `${row.first_name} ${row.last_name}`.trim();

/** One step of the owner's on a member, as ownerStep() writes it. */
interface OwnerStep {
  /** The member's columns it writes besides the status. */
  changes: Partial<Omit<StaffMemberRow, 'user_id' | 'status'>>;
  /** Its other writes, in the same transaction. */
  also?: (trx: Executor) => Promise<unknown>;
  /** Its audit summary's values: the member's name unless given. */
  values?: AuditValues;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** The invite it texts after the commit, if any. */
  invite?: string;
}

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

  /** A new invite: its token (for the SMS only) and the columns that store it. */
  function newInvite() {
    const { token, hash, expiresAt } = newClaimToken(deps, STAFF_INVITE_DAYS);
    return {
      token,
      columns: { invite_token_hash: hash, invite_expires_at: expiresAt, invite_verified_at: null },
    };
  }

  async function sendInvite(userId: number, token: string): Promise<void> {
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await sendClaimLink(deps, user, 'staff_invite', token, (l) => ({
      role: l.t(`label.staff_role.${user.user_type}`),
    }));
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
        const username = await freeUsername(trx, input.firstName, input.phone, 'staff_');
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
          language: input.language,
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
          summary: {
            key: 'audit.summary.staff.add',
            values: {
              name: `${input.firstName} ${input.lastName}`.trim(),
              phone: input.phone,
              role: { message: `label.staff_role.${input.role}` },
            },
          },
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

  /**
   * The owner's `event` on a member, as the staff machine decides: `plan` says what it writes (from
   * the member and the status decided), and in one transaction the status moves, the rest is
   * written and the step is audited (action and summary named as the event). The member as now.
   */
  async function ownerStep(
    owner: User,
    userId: number,
    event: Exclude<StaffEvent, { type: 'staff.claim' }>,
    plan: (row: StaffMemberFacts, next: StaffStatus) => OwnerStep | Promise<OwnerStep>,
  ): Promise<StaffMemberFacts> {
    const row = await member(userId);
    const next = check(row, event).next as StaffStatus;
    const step = await plan(row, next);
    await db.transaction().execute(async (trx) => {
      await transition(trx, row, next, step.changes);
      await step.also?.(trx);
      await recordAudit(deps, trx, {
        actor: owner,
        action: event.type,
        objectType: 'user',
        objectId: userId,
        summary: {
          key: `audit.summary.${event.type}`,
          values: step.values ?? { name: staffName(row) },
        },
        before: step.before,
        after: step.after,
      });
    });
    if (step.invite) await sendInvite(userId, step.invite);
    return member(userId);
  }

  /** The member's account's columns (users), written with a step. */
  const writeUser =
    (userId: number, columns: Updateable<UsersTable>) =>
    (trx: Executor): Promise<unknown> =>
      trx.updateTable('users').set(columns).where('id', '=', userId).execute();

  /** staff.update: name and role; a new role applies from the member's next request. */
  const update = (
    owner: User,
    userId: number,
    changes: { firstName?: string; lastName?: string; role?: StaffRole },
  ) =>
    ownerStep(owner, userId, { type: 'staff.update' }, (row) => {
      const after = {
        first_name: changes.firstName ?? row.first_name,
        last_name: changes.lastName ?? row.last_name,
        role: changes.role ?? row.role,
      };
      return {
        changes: { role: after.role },
        also: writeUser(userId, {
          first_name: after.first_name,
          last_name: after.last_name,
          user_type: after.role,
          updated_at: nowIso(deps),
        }),
        values: { name: staffName(after), role: { message: `label.staff_role.${after.role}` } },
        before: { first_name: row.first_name, last_name: row.last_name, role: row.role },
        after,
      };
    });

  /** staff.deactivate: no sign-in, the invite dead, every session revoked, in one transaction. */
  const deactivate = (owner: User, userId: number) =>
    ownerStep(owner, userId, { type: 'staff.deactivate' }, (row, next) => {
      const at = nowIso(deps);
      return {
        changes: {
          deactivated_at: at,
          invite_token_hash: null,
          invite_expires_at: null,
          invite_verified_at: null,
        },
        also: async (trx) => {
          await writeUser(userId, { is_active: false, updated_at: at })(trx);
          // Every request reads the session and the user (authenticateToken, rotateRefreshToken):
          // both refuse from the commit on, for access and refresh tokens alike.
          await revokeUserSessionsIn(trx, userId, 'staff_deactivated', at);
        },
        before: { status: row.status },
        after: { status: next },
      };
    });

  /** staff.reactivate: back to active if ever claimed, else invited again with a new invite. */
  const reactivate = (owner: User, userId: number) =>
    ownerStep(owner, userId, { type: 'staff.reactivate' }, async (row, next) => {
      if (await phoneTaken(row.phone, userId)) throw refusalField('phone', 'staff.phone_taken');
      const invite = next === 'invited' ? newInvite() : null;
      const at = nowIso(deps);
      return {
        changes: {
          deactivated_at: null,
          ...(invite ? { ...invite.columns, invited_at: at } : {}),
        },
        also: writeUser(userId, { is_active: true, updated_at: at }),
        before: { status: row.status },
        after: { status: next },
        invite: invite?.token,
      };
    });

  /** staff.resend_invite: a new link replaces the old one (whose hash no longer matches). */
  const resendInvite = (owner: User, userId: number) =>
    ownerStep(owner, userId, { type: 'staff.resend_invite' }, (row) => {
      const invite = newInvite();
      return {
        changes: invite.columns,
        before: { invite_expires_at: row.invite_expires_at },
        after: { invite_expires_at: invite.columns.invite_expires_at },
        invite: invite.token,
      };
    });

  // ----- the claim flow's side (server/lifecycles/walk-in/claim-links.ts) -----

  /** The member whose current invite `token` is, if any (a deactivated member's invite is gone). */
  async function byInviteToken(token: string): Promise<StaffMemberRow | undefined> {
    return db
      .selectFrom('staff_members')
      .selectAll()
      .where('invite_token_hash', '=', hashClaimToken(token))
      .executeTakeFirst();
  }

  /** What the claim machine says to `event` for this invite now (a dead invite is no link). */
  function inviteDecision(row: StaffMemberRow, event: ClaimEvent) {
    if (row.status === 'deactivated' || !row.invite_expires_at) {
      return { ok: false as const, ...refusal('claim.invalid') };
    }
    const link = {
      // A member who proved the phone on the claim page is active (joined) while the link waits
      // for the optional password: the link is spent only when its token is gone.
      claimedAt: row.invite_token_hash ? null : row.joined_at,
      verifiedAt: row.invite_verified_at,
      expiresAt: row.invite_expires_at,
    };
    return decide(walkInClaimMachine, claimLinkFromFacts(link, nowIso(deps)), event);
  }

  /** What the claim machine says to `event` for this invite now; throws its refusal. */
  function checkInvite(row: StaffMemberRow, event: ClaimEvent) {
    return allowed(inviteDecision(row, event));
  }

  /**
   * The status a claim step leaves the member in: an invited member is claimed (staff.claim,
   * active); one already active by the claim page's code stays so.
   */
  const claimedStatus = (row: StaffMemberRow): StaffStatus =>
    row.status === 'invited'
      ? (check(row, { type: 'staff.claim' }).next as StaffStatus)
      : row.status;

  /**
   * claim.verify on a staff invite is staff.claim: the right code makes the member active at once
   * (a rider can be put on a route straight away) with a verified phone, and signs them in; the
   * invite stays good for choosing a password (claim.complete) until it expires. One conditional
   * UPDATE on this very invite, so a concurrent resend or deactivation wins or loses whole.
   */
  async function verifyInvite(row: StaffMemberRow): Promise<User> {
    checkInvite(row, { type: 'claim.verify' });
    const next = claimedStatus(row);
    const at = nowIso(deps);
    return db.transaction().execute(async (trx) => {
      const written = await trx
        .updateTable('staff_members')
        .set((eb) => ({
          status: next,
          joined_at: eb.fn.coalesce('joined_at', eb.val(at)),
          invite_verified_at: eb.fn.coalesce('invite_verified_at', eb.val(at)),
        }))
        .where('user_id', '=', row.user_id)
        .where('status', '=', row.status)
        .where('invite_token_hash', '=', row.invite_token_hash ?? '')
        .returning('user_id')
        .executeTakeFirst();
      if (!written) throw refusalError(refusal('claim.used'));
      return proveClaimedPhone(trx, row.user_id, at);
    });
  }

  /**
   * claim.complete on a staff invite: the account gets its password (and username), the invite is
   * spent (a member still invited, from before codes claimed at once, becomes active:
   * staff.claim); claim.sign_in (`account` null: the phone proven by a sign-in code) claims an
   * invited member the same way without a password. One conditional UPDATE on this very invite.
   */
  async function claim(row: StaffMemberRow, account: ClaimAccount | null): Promise<User> {
    checkInvite(row, { type: account ? 'claim.complete' : 'claim.sign_in' });
    const next = claimedStatus(row);
    return spendClaim(deps, row.user_id, account, async (trx, at, verifiedOnly) => {
      let spend = trx
        .updateTable('staff_members')
        .set((eb) => ({
          status: next,
          joined_at: eb.fn.coalesce('joined_at', eb.val(at)),
          invite_token_hash: null,
          invite_expires_at: null,
          invite_verified_at: eb.fn.coalesce('invite_verified_at', eb.val(at)),
        }))
        .where('user_id', '=', row.user_id)
        .where('status', '=', row.status)
        .where('invite_token_hash', '=', row.invite_token_hash ?? '');
      if (verifiedOnly) spend = spend.where('invite_verified_at', 'is not', null);
      return (await spend.returning('user_id').executeTakeFirst()) !== undefined;
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
    verifyInvite,
    claim,
  };
}
