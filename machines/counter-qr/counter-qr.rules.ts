// The counter-QR lifecycle's data and plain functions: the owner's buttons, how long a QR stays
// open. Its amount follows the payment-link rules (₹1 up to what is due).
import type { CounterQrEvent } from './counter-qr.types';

/** The buttons of a QR (the owner's). */
export const counterQrActionProbes: readonly CounterQrEvent[] = [{ type: 'counter_qr.close' }];

/**
 * How long a counter QR can be paid: 15 minutes, the customer is at the counter (Razorpay wants
 * close_by at least 2 minutes ahead).
 */
export const COUNTER_QR_LIFETIME_MINUTES = 15;
