// A counter QR's statuses, context and events, shared by its machine, rules and messages.
import type { DeadlineContext } from '../shared/dates';

/** A counter QR's statuses as stored (counter_qr_codes.status) and as the API sends them. */
export const COUNTER_QR_STATUSES = ['created', 'credited', 'closed', 'expired'] as const;

export type CounterQrStatus = (typeof COUNTER_QR_STATUSES)[number];

/** What the machine decides on: when the QR closes by itself and the moment it is asked. */
export type CounterQrContext = DeadlineContext<'closeBy'>;

export type CounterQrEvent =
  /** The provider credited a payment to it (qr_code.credited, or the sandbox's scan and pay). */
  | { readonly type: 'counter_qr.credit' }
  /** The owner closes it (or the provider reports it closed on demand). */
  | { readonly type: 'counter_qr.close' }
  /** Its close_by passed (the provider closed it by itself). */
  | { readonly type: 'counter_qr.expire' };
