// The claim page's link, whoever it was made for: a walk-in the owner enrolled at the counter
// (machines/walk-in) or a staff member the owner invited (machines/staff). Both go through the same
// three steps (an OTP to the account's phone, its check, a username and password); each store
// writes its own rows, and the staff store also moves the member invited → active (staff.claim).
import type { ClaimEvent } from '@machines';
import type { User } from '@server/platform/db/schema.js';
import { refusal } from '@machines';
import { refusalError } from '@server/errors.js';
import type { WalkInStore } from './walk-in.store.js';
import type { StaffStore } from '@server/lifecycles/staff/staff.store.js';

export interface ClaimLink {
  /** The account the link claims. */
  userId: number;
  /** Throws the claim machine's refusal of `event` for this link now. */
  check(event: ClaimEvent): void;
  /** claim.verify: the right OTP was entered. */
  markVerified(): Promise<void>;
  /** claim.complete: the account becomes the holder's; the link is spent. */
  complete(account: { username: string; passwordHash: string }): Promise<User>;
}

export type ClaimLinks = ReturnType<typeof createClaimLinks>;

export function createClaimLinks(stores: { walkIns: WalkInStore; staff: StaffStore }) {
  /** The link of `token`, or the refusal for a token that is no link. */
  async function byToken(token: string): Promise<ClaimLink> {
    const walkIn = await stores.walkIns.byToken(token);
    if (walkIn) {
      return {
        userId: walkIn.user_id,
        check: (event) => void stores.walkIns.check(walkIn, event),
        markVerified: () => stores.walkIns.markVerified(walkIn),
        complete: (account) => stores.walkIns.complete(walkIn, account),
      };
    }
    const invite = await stores.staff.byInviteToken(token);
    if (invite) {
      return {
        userId: invite.user_id,
        check: (event) => void stores.staff.checkInvite(invite, event),
        markVerified: () => stores.staff.markInviteVerified(invite),
        complete: (account) => stores.staff.claim(invite, account),
      };
    }
    throw refusalError(refusal('claim.invalid'));
  }

  return { byToken };
}
