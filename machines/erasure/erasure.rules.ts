// The erasure lifecycle's data: the buttons it offers, and how an erased account is named
// everywhere the owner sees it.
import type { ErasureEvent } from './erasure.types';

/** The buttons: the customer's Cancel, the owner's Complete. */
export const erasureActionProbes: readonly ErasureEvent[] = [
  { type: 'erasure.cancel' },
  { type: 'erasure.complete' },
];

/** The first name an erased account keeps (its last name is `#<id>`), so lists still add up. */
export const ERASED_FIRST_NAME = 'Erased customer';

/** The non-identifying, unique sign-in name and e-mail an erased account keeps. */
export const erasedUsername = (userId: number) => `erased-${userId}`;
export const erasedEmail = (userId: number) => `erased-${userId}@erased.invalid`;
/**
 * A phone no person has (users.phone is unique and +91 numbers start with 6-9): +910 and the id,
 * so the account can never be signed into by phone nor receive an SMS.
 */
export const erasedPhone = (userId: number) => `+910${String(userId).padStart(9, '0')}`;

/** The privacy notice's retention of tax records (CGST Act section 36 with section 39's returns). */
export const TAX_RECORD_YEARS = 8;
