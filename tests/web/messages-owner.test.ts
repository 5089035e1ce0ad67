// Texts the owner's screens show from machines/ (which `dabba` shows too) read in English exactly
// as the machines write them: the refund filters and the refund payout line.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  describePayout as machineDescribePayout,
  REFUND_FILTERS,
  type RefundPayout,
  type RefundPayoutMasked,
} from '@machines/refund';
import { i18n, loadAppMessages, loadMessages, setMessageLoaders } from '../../web/i18n/i18n';
import { describePayout, REFUND_FILTER_LABELS } from '../../web/features/refund/refundLabels';
import { en } from './catalogues';

describe("the owner's screens' texts from machines/", () => {
  it('label the refund filters in English as the refund machine names them', () => {
    expect(Object.keys(REFUND_FILTER_LABELS).sort()).toEqual([...REFUND_FILTERS].sort());
    for (const filter of REFUND_FILTERS) expect(en[REFUND_FILTER_LABELS[filter]]).toBe(filter);
  });

  describe('describe a payout in English as the refund machine does', () => {
    beforeAll(async () => {
      setMessageLoaders(() => import('virtual:messages/loaders'));
      // English first: messages load in the current language, which a test file run before this
      // one in the same worker may have left in Hindi (the suite does not isolate files).
      i18n.activate('en');
      await loadAppMessages();
      await loadMessages('adminRefunds');
    });

    const upi: RefundPayout = { method: 'upi', upi_id: 'asha@okaxis' };
    const bank: RefundPayout = {
      method: 'bank',
      account_holder_name: 'Asha Verma',
      account_number: '123456784321',
      ifsc: 'SBIN0001234',
    };
    const masked: RefundPayoutMasked = {
      method: 'bank',
      account_holder_name: 'Asha Verma',
      account_number_masked: 'XXXXXXXX4321',
      ifsc: 'SBIN0001234',
    };

    it.each([
      ['none', null],
      ['UPI', upi],
      ['a bank account', bank],
      ['a masked bank account', masked],
    ])('for %s', (_, payout) => {
      expect(describePayout(payout)).toBe(machineDescribePayout(payout));
    });
  });
});
