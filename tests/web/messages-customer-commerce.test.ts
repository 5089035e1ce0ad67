// Texts the customer's subscription and payment screens show from machines/ (which `dabba` shows
// too) read in English exactly as the machines write them: the failed actions' toasts, the payout
// rules' messages, how a payout reads, and a payment's gateway and mode.
import { describe, expect, it } from 'vitest';
import {
  OFFLINE_PAYMENT_MODE_LABELS,
  paymentGatewayLabel,
  paymentModeLabel,
} from '@machines/payment';
import { describePayout, PAYOUT_MESSAGES } from '@machines/refund';
import { SUBSCRIPTION_FAILURE_TOASTS } from '@machines/subscription';
import { PAYMENT_GATEWAY_MESSAGES, PAYMENT_MODE_MESSAGES } from '../../web/pages/payments/labels';
import { PAYOUT_ERROR_MESSAGES, PAYOUT_ERROR_VALUES } from '../../web/features/refund/messages';
import { FAILURE_TOAST_MESSAGES } from '../../web/features/subscription/messages';
import { en } from './catalogues';

/** An English message with its plain placeholders filled in. */
const fill = (id: string, values: Readonly<Record<string, string | number>> = {}) =>
  (en[id] ?? `missing ${id}`).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

describe("the customer's subscription and payment texts from machines/", () => {
  it("give the failed actions' toasts the subscription machine's English", () => {
    for (const [action, ids] of Object.entries(FAILURE_TOAST_MESSAGES)) {
      const toast = SUBSCRIPTION_FAILURE_TOASTS[action as keyof typeof FAILURE_TOAST_MESSAGES];
      expect(en[ids.title], `${action} title`).toBe(toast.title);
      expect(en[ids.message], `${action} message`).toBe(toast.message);
    }
  });

  it("give every payout rule's message the refund rules' English", () => {
    expect(Object.keys(PAYOUT_ERROR_MESSAGES).sort()).toEqual(Object.keys(PAYOUT_MESSAGES).sort());
    for (const [field, rules] of Object.entries(PAYOUT_MESSAGES)) {
      const ids: Record<string, string> =
        PAYOUT_ERROR_MESSAGES[field as keyof typeof PAYOUT_MESSAGES];
      expect(Object.keys(ids).sort(), field).toEqual(Object.keys(rules).sort());
      for (const [rule, message] of Object.entries(rules)) {
        expect(fill(ids[rule] ?? '', PAYOUT_ERROR_VALUES), `${field} ${rule}`).toBe(message);
      }
    }
  });

  it('write a payout as describePayout does', () => {
    expect(fill('subscriptions.payout.notGiven')).toBe(describePayout(null));
    expect(fill('subscriptions.payout.describeUpi', { upiId: 'asha@okaxis' })).toBe(
      describePayout({ method: 'upi', upi_id: 'asha@okaxis' }),
    );
    const bank = {
      method: 'bank',
      account_holder_name: 'Asha Verma',
      account_number_masked: 'XXXXXXXX4321',
      ifsc: 'SBIN0001234',
    } as const;
    expect(
      fill('subscriptions.payout.describeBank', {
        number: bank.account_number_masked,
        name: bank.account_holder_name,
        ifsc: bank.ifsc,
      }),
    ).toBe(describePayout(bank));
  });

  it("name a payment's gateway and mode as the payment rules do", () => {
    for (const [gateway, id] of PAYMENT_GATEWAY_MESSAGES) {
      expect(en[id], gateway).toBe(paymentGatewayLabel(gateway));
    }
    for (const [mode, id] of PAYMENT_MODE_MESSAGES) {
      expect(en[id], mode).toBe(paymentModeLabel(mode));
    }
    for (const mode of Object.keys(OFFLINE_PAYMENT_MODE_LABELS)) {
      // Every way of paying at the mess has a message, or reads the same in Hindi (UPI).
      expect(PAYMENT_MODE_MESSAGES.has(mode) || mode === 'upi', mode).toBe(true);
    }
  });
});
