// How the refund screens name a status filter and a payout, in the current language. In English
// they read exactly as machines/ writes them (tests/web/messages-owner.test.ts), as `dabba` shows.
import {
  shownUpiId,
  type REFUND_FILTERS,
  type RefundPayout,
  type RefundPayoutMasked,
} from '@machines/refund';
import { t, type MessageId } from '@web/i18n/i18n';

/**
 * The filter buttons: in English as the spec writes them (ALL, PENDING, …, the refund machine's
 * REFUND_FILTERS), in words in Hindi.
 */
export const REFUND_FILTER_LABELS: Readonly<Record<(typeof REFUND_FILTERS)[number], MessageId>> = {
  ALL: 'adminRefunds.filter.ALL',
  PENDING: 'adminRefunds.filter.PENDING',
  APPROVED: 'adminRefunds.filter.APPROVED',
  REJECTED: 'adminRefunds.filter.REJECTED',
  PAID: 'adminRefunds.filter.PAID',
};

/**
 * Where a refund is to be paid, in one line: the refund machine's describePayout() in the current
 * language ("UPI asha@okaxis", "Bank account XXXXXXXX4321 (Asha Verma, SBIN0001234)").
 */
export function describePayout(payout: RefundPayout | RefundPayoutMasked | null): string {
  if (!payout) return t('adminRefunds.payout.none');
  if (payout.method === 'upi') return t('adminRefunds.payout.upi', { id: shownUpiId(payout) });
  const number = 'account_number' in payout ? payout.account_number : payout.account_number_masked;
  return t('adminRefunds.payout.bank', {
    number,
    holder: payout.account_holder_name,
    ifsc: payout.ifsc,
  });
}
