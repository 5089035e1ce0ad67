// The one mapping from a claim link as stored (a walk-in's, or a staff member's invite) to the claim
// machine's state, at the moment `now` (an ISO instant) the question is asked.
import type { Persisted } from '../shared/lifecycle';
import type { WalkInClaimMachine } from './walk-in.machine';
import type { ClaimStatus } from './walk-in.types';

export interface ClaimLinkFacts {
  /** When the account was claimed (null: not yet). */
  readonly claimedAt: string | null;
  /** When the right OTP was entered for the current link (null: not yet). */
  readonly verifiedAt: string | null;
  readonly expiresAt: string;
}

export function claimStatusOf(link: Pick<ClaimLinkFacts, 'claimedAt' | 'verifiedAt'>): ClaimStatus {
  if (link.claimedAt) return 'CLAIMED';
  return link.verifiedAt ? 'VERIFIED' : 'OPEN';
}

export function claimLinkFromFacts(
  link: ClaimLinkFacts,
  now: string,
): Persisted<WalkInClaimMachine> {
  return { value: claimStatusOf(link), context: { expiresAt: link.expiresAt, now } };
}
