// Every sentence a walk-in's claim link refuses with (machines/shared/refusals.ts).
import type { RefusalTable } from '../shared/lifecycle';
import { refusal } from '../shared/refusals';
import type { ClaimEvent, ClaimStatus } from './walk-in.types';

export const walkInClaimRefusals = {
  states: { CLAIMED: refusal('claim.used') },
  events: {
    'claim.send_otp': refusal('claim.used'),
    'claim.verify': refusal('claim.used'),
    'claim.complete': refusal('claim.otp_required'),
    'claim.resend': refusal('claim.used'),
    'claim.sign_in': refusal('claim.used'),
  },
  guards: {
    isUnexpired: refusal('claim.expired'),
    isUnexpiredAtSignIn: refusal('claim.expired:sign_in'),
  },
} as const satisfies RefusalTable<ClaimEvent, ClaimStatus>;
