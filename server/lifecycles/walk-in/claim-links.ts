// The claim page's link, whoever it was made for: a walk-in the owner enrolled at the counter
// (machines/walk-in) or a staff member the owner invited (machines/staff). Both go through the same
// steps (an OTP to the account's phone; its check, which makes the account the holder's and signs
// them in; an optional username and password); each store writes its own rows, and the staff store
// also moves the member invited → active (staff.claim) at the check. Proving the phone by a code
// outside the claim page (phone sign-in, verify-otp) claims an open link the same way, one rule for
// both kinds (claimOnSignIn).
import { createHash, randomBytes } from 'node:crypto';
import type { ClaimEvent, Refusal, StaffRole } from '@machines';
import type { StaffMemberRow, User, WalkIn } from '@server/platform/db/schema.js';
import { refusal, walkInUsername } from '@machines';
import { refusalError, refusalMessage } from '@server/errors.js';
import { localizer, type Localizer } from '@server/platform/i18n.js';
import { nowIso, type Executor, type StoreDeps } from '@server/lifecycles/store.js';
import type { WalkInStore } from './walk-in.store.js';
import type { StaffStore } from '@server/lifecycles/staff/staff.store.js';

export interface ClaimLink {
  /** The account the link claims. */
  userId: number;
  /** Whose account it is: a customer's (a walk-in) or a staff member's (an invite). */
  account: 'customer' | 'staff';
  /** The staff member's role; null for a customer. */
  role: StaffRole | null;
  /** The claim machine's refusal of `event` for this link now, or null when it is allowed. */
  refusalOf(event: ClaimEvent): Refusal | null;
  /** Throws the claim machine's refusal of `event` for this link now. */
  check(event: ClaimEvent): void;
  /**
   * claim.verify: the right OTP was entered. The account is the holder's from now on (its phone
   * verified, a staff member active), and they are signed in; the link stays good for choosing a
   * password (claim.complete) until it expires.
   */
  verify(): Promise<User>;
  /**
   * claim.complete (`account`: chosen on the claim page) or claim.sign_in (null: the phone proven
   * by a code elsewhere, the password left to set): the account becomes the holder's, the link is
   * spent.
   */
  complete(account: ClaimAccount | null): Promise<User>;
}

/** The username and password a claim page sets. */
export interface ClaimAccount {
  username: string;
  passwordHash: string;
}

/** The account's columns a claim writes: the claim page's username and password, else none. */
const claimedAccount = (account: ClaimAccount | null) =>
  account
    ? {
        username: account.username,
        username_lower: account.username.toLowerCase(),
        password_hash: account.passwordHash,
      }
    : {};

/** A link's token is stored only as its hash: the SMS holds the token. */
export const hashClaimToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new link valid for `days` from now: its token (for the SMS only), hash and expiry. */
export function newClaimToken(deps: Pick<StoreDeps, 'clock'>, days: number) {
  const token = randomBytes(24).toString('base64url');
  return {
    token,
    hash: hashClaimToken(token),
    expiresAt: new Date(deps.clock.now().getTime() + days * 86_400_000).toISOString(),
  };
}

/** A username nobody has for an account the owner makes: `prefix` and the proposed one, or it with _2, _3… */
export async function freeUsername(
  trx: Executor,
  firstName: string,
  phone: string,
  prefix = '',
): Promise<string> {
  for (let attempt = 0; ; attempt += 1) {
    const candidate = `${prefix}${walkInUsername(firstName, phone, attempt)}`;
    const clash = await trx
      .selectFrom('users')
      .select('id')
      .where('username_lower', '=', candidate.toLowerCase())
      .executeTakeFirst();
    if (!clash) return candidate;
  }
}

/**
 * Texts `user` their claim link, in their language: the notice's subject, summary and SMS (with the
 * business, their first name, the link and `values`).
 */
export async function sendClaimLink(
  deps: StoreDeps,
  user: User,
  notice: 'walk_in_claim' | 'staff_invite',
  token: string,
  values: (l: Localizer) => Record<string, string> = () => ({}),
): Promise<void> {
  const l = localizer(user.language);
  const business = deps.config.business.name;
  const link = `${deps.config.publicUrl}/claim/${token}`;
  await deps.notifier.notify({
    userId: user.id,
    type: notice,
    subject: l.t(`notice.${notice}.subject`, { business }),
    summary: l.t(`notice.${notice}.summary`),
    sms: {
      to: user.phone,
      body: l.t(`notice.${notice}.sms`, { business, name: user.first_name, ...values(l), link }),
    },
    // The link signs whoever holds it in (with the OTP): sent, never stored.
    secret: true,
  });
}

/**
 * Spends a link and makes its account the holder's, in one transaction: `spend` is the link's
 * conditional UPDATE at `at` (false: it lost to a concurrent claim or resend), which also asks for
 * the OTP step done when `verifiedOnly` (a claim page's password; a sign-in proved the phone
 * itself). The account gets the claim page's username and password, none on a sign-in, and its
 * phone verified.
 */
export function spendClaim(
  deps: StoreDeps,
  userId: number,
  account: ClaimAccount | null,
  spend: (trx: Executor, at: string, verifiedOnly: boolean) => Promise<boolean>,
): Promise<User> {
  const at = nowIso(deps);
  return deps.db.kysely.transaction().execute(async (trx) => {
    if (!(await spend(trx, at, account !== null))) throw refusalError(refusal('claim.used'));
    return trx
      .updateTable('users')
      .set({ ...claimedAccount(account), phone_verified: true, last_login: at, updated_at: at })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/**
 * The account of a link whose phone was just proven on the claim page (claim.verify), in the
 * store's transaction: its phone verified and its sign-in stamped, as a phone sign-in would.
 */
export function proveClaimedPhone(trx: Executor, userId: number, at: string): Promise<User> {
  return trx
    .updateTable('users')
    .set({ phone_verified: true, last_login: at, updated_at: at })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

const refusedBy = (decision: { ok: true } | ({ ok: false } & Refusal)): Refusal | null =>
  decision.ok ? null : decision;

export function createClaimLinks(stores: { walkIns: WalkInStore; staff: StaffStore }) {
  const walkInLink = (walkIn: WalkIn): ClaimLink => ({
    userId: walkIn.user_id,
    account: 'customer',
    role: null,
    refusalOf: (event) => refusedBy(stores.walkIns.claimDecision(walkIn, event)),
    check: (event) => void stores.walkIns.check(walkIn, event),
    verify: () => stores.walkIns.verify(walkIn),
    complete: (account) => stores.walkIns.complete(walkIn, account),
  });
  const inviteLink = (invite: StaffMemberRow): ClaimLink => ({
    userId: invite.user_id,
    account: 'staff',
    role: invite.role,
    refusalOf: (event) => refusedBy(stores.staff.inviteDecision(invite, event)),
    check: (event) => void stores.staff.checkInvite(invite, event),
    verify: () => stores.staff.verifyInvite(invite),
    complete: (account) => stores.staff.claim(invite, account),
  });

  /** The link of `token`, or the refusal for a token that is no link. */
  async function byToken(token: string): Promise<ClaimLink> {
    const walkIn = await stores.walkIns.byToken(token);
    if (walkIn) return walkInLink(walkIn);
    const invite = await stores.staff.byInviteToken(token);
    if (invite) return inviteLink(invite);
    throw refusalError(refusal('claim.invalid'));
  }

  /**
   * A code to `user`'s phone was just proven (phone sign-in, verify-otp): an account the owner
   * made and nobody claimed yet becomes the holder's (claim.sign_in), while its link or invite is
   * unexpired; after that the sign-in is refused (claim.expired, "ask the mess for a new
   * invitation"). Any other account is answered as it is.
   */
  async function claimOnSignIn(user: User): Promise<User> {
    const walkIn = await stores.walkIns.openLinkOf(user.id);
    const invite = walkIn ? undefined : await stores.staff.openInviteOf(user.id);
    const link = walkIn ? walkInLink(walkIn) : invite ? inviteLink(invite) : null;
    if (!link) return user;
    // In the OTP endpoints' shape: one sentence under `message`.
    const refused = link.refusalOf({ type: 'claim.sign_in' });
    if (refused) throw refusalMessage(refused);
    return link.complete(null);
  }

  return { byToken, claimOnSignIn };
}
