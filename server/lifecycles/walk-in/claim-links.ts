// The claim page's link, whoever it was made for: a walk-in the owner enrolled at the counter
// (machines/walk-in) or a staff member the owner invited (machines/staff). Both go through the same
// three steps (an OTP to the account's phone, its check, a username and password); each store
// writes its own rows, and the staff store also moves the member invited → active (staff.claim).
// Proving the phone by a code outside the claim page (phone sign-in, verify-otp) claims an open
// link the same way, one rule for both kinds (claimOnSignIn).
import type { ClaimEvent, Refusal } from '@machines';
import type { StaffMemberRow, User, WalkIn } from '@server/platform/db/schema.js';
import { refusal } from '@machines';
import { refusalError, refusalMessage } from '@server/errors.js';
import type { WalkInStore } from './walk-in.store.js';
import type { StaffStore } from '@server/lifecycles/staff/staff.store.js';

export interface ClaimLink {
  /** The account the link claims. */
  userId: number;
  /** The claim machine's refusal of `event` for this link now, or null when it is allowed. */
  refusalOf(event: ClaimEvent): Refusal | null;
  /** Throws the claim machine's refusal of `event` for this link now. */
  check(event: ClaimEvent): void;
  /** claim.verify: the right OTP was entered. */
  markVerified(): Promise<void>;
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
export const claimedAccount = (account: ClaimAccount | null) =>
  account
    ? {
        username: account.username,
        username_lower: account.username.toLowerCase(),
        password_hash: account.passwordHash,
      }
    : {};

const refusedBy = (decision: { ok: true } | ({ ok: false } & Refusal)): Refusal | null =>
  decision.ok ? null : decision;

export function createClaimLinks(stores: { walkIns: WalkInStore; staff: StaffStore }) {
  const walkInLink = (walkIn: WalkIn): ClaimLink => ({
    userId: walkIn.user_id,
    refusalOf: (event) => refusedBy(stores.walkIns.claimDecision(walkIn, event)),
    check: (event) => void stores.walkIns.check(walkIn, event),
    markVerified: () => stores.walkIns.markVerified(walkIn),
    complete: (account) => stores.walkIns.complete(walkIn, account),
  });
  const inviteLink = (invite: StaffMemberRow): ClaimLink => ({
    userId: invite.user_id,
    refusalOf: (event) => refusedBy(stores.staff.inviteDecision(invite, event)),
    check: (event) => void stores.staff.checkInvite(invite, event),
    markVerified: () => stores.staff.markInviteVerified(invite),
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
