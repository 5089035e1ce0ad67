// Issue 12: one money formatter and one status label per lifecycle, shared by the web app and dabba.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rupees } from '../../cli/output.js';
import { formatPhone, formatRupees } from '@machines/shared';
import {
  FEEDBACK_PRIORITIES,
  FEEDBACK_PRIORITY_LABELS,
  FEEDBACK_STATUS_LABELS,
  FEEDBACK_STATUSES,
  FEEDBACK_TYPE_LABELS,
  FEEDBACK_TYPES,
} from '@machines/feedback';
import { LEAVE_STATUS_LABELS, LEAVE_STATUSES } from '@machines/leave';
import { USER_STATUS_LABELS, USER_STATUSES } from '@machines/onboarding';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@machines/order';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, paymentModeLabel } from '@machines/payment';
import { REFUND_STATUS_LABELS, REFUND_STATUSES, refundStatusDisplay } from '@machines/refund';
import { lifecycleLabel, statusLabel } from '@machines/status-labels';
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUSES } from '@machines/subscription';
import * as webFormat from '../../web/lib/format.js';

describe('formatRupees', () => {
  it.each([
    [1333, '₹1,333'],
    [1333.5, '₹1,333.50'],
    [1234.05, '₹1,234.05'],
    [123456, '₹1,23,456'],
    [10000000, '₹1,00,00,000'],
    [0, '₹0'],
    [-250, '-₹250'],
    [1333.999, '₹1,334'],
    [0.004, '₹0'],
    [-0.001, '₹0'],
  ])('writes %d as %s', (amount, text) => {
    expect(formatRupees(amount)).toBe(text);
  });

  it("writes every amount as Intl's en-IN rupees would", () => {
    const intl = (paise: number) =>
      new Intl.NumberFormat('en-IN', {
        style: 'currency',
        currency: 'INR',
        minimumFractionDigits: paise % 100 === 0 ? 0 : 2,
        maximumFractionDigits: paise % 100 === 0 ? 0 : 2,
      }).format(paise / 100);
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (paise) => {
        expect(formatRupees(paise / 100)).toBe(intl(Math.round(paise) || 0));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes a missing amount as a dash', () => {
    expect(formatRupees(null)).toBe('—');
    expect(formatRupees(undefined)).toBe('—');
    expect(formatRupees(Number.NaN)).toBe('—');
  });

  it('is the one formatter of the web app and dabba', () => {
    expect(webFormat.formatRupees).toBe(formatRupees);
    expect(rupees(1333)).toBe('₹1,333');
    expect(rupees(1500.5)).toBe('₹1,500.50');
    // The CLI's tables write a missing value as "-", like every other empty cell.
    expect(rupees(null)).toBe('-');
  });
});

describe('status labels', () => {
  const lifecycles: Array<[string, readonly string[], Readonly<Record<string, string>>]> = [
    ['subscription', SUBSCRIPTION_STATUSES, SUBSCRIPTION_STATUS_LABELS],
    ['payment', PAYMENT_STATUSES, PAYMENT_STATUS_LABELS],
    ['order', ORDER_STATUSES, ORDER_STATUS_LABELS],
    ['leave', LEAVE_STATUSES, LEAVE_STATUS_LABELS],
    ['refund', REFUND_STATUSES, REFUND_STATUS_LABELS],
    ['feedback', FEEDBACK_STATUSES, FEEDBACK_STATUS_LABELS],
    ['account', USER_STATUSES, USER_STATUS_LABELS],
  ];

  it.each(lifecycles)(
    'names every %s status, and statusLabel uses that name',
    (_, statuses, labels) => {
      expect(Object.keys(labels).sort()).toEqual([...statuses].sort());
      for (const status of statuses) {
        expect(labels[status]).toMatch(/^[A-Z][a-z]+( [A-Z][a-z]+)*$/);
        expect(statusLabel(status)).toBe(labels[status]);
      }
    },
  );

  it('reads the web app’s labels', () => {
    expect(statusLabel('PENDING_PAYMENT')).toBe('Pending Payment');
    expect(statusLabel('in_progress')).toBe('In Progress');
    expect(statusLabel('APPROVED')).toBe('Approved');
    expect(statusLabel('sent')).toBe('Sent');
    // A value no lifecycle has (the users list's "No subscription") keeps its words.
    expect(statusLabel('No subscription')).toBe('No subscription');
  });

  it('names payment modes, online ones included, and keeps an unknown one as reported', () => {
    expect(paymentModeLabel('bank_transfer')).toBe('Bank transfer');
    expect(paymentModeLabel('upi')).toBe('UPI');
    expect(paymentModeLabel('netbanking')).toBe('Net banking');
    expect(paymentModeLabel('card')).toBe('Card');
    expect(paymentModeLabel('sandbox')).toBe('Sandbox (test)');
    expect(paymentModeLabel('crypto')).toBe('crypto');
    expect(paymentModeLabel(null)).toBeNull();
  });

  it('names feedback priorities and types, and looks a status up in its own lifecycle', () => {
    expect(Object.keys(FEEDBACK_PRIORITY_LABELS).sort()).toEqual([...FEEDBACK_PRIORITIES].sort());
    expect(FEEDBACK_PRIORITY_LABELS.urgent).toBe('Urgent');
    expect(Object.keys(FEEDBACK_TYPE_LABELS).sort()).toEqual([...FEEDBACK_TYPES].sort());
    expect(lifecycleLabel('subscription', 'PENDING_PAYMENT')).toBe('Pending Payment');
    expect(lifecycleLabel('subscription', 'CANCELLED')).toBe('Cancelled');
    expect(lifecycleLabel('refund', 'PAID')).toBe('Paid');
    expect(lifecycleLabel('account', 'profile_complete')).toBe('Profile Complete');
    expect(lifecycleLabel('subscription', 'No subscription')).toBe('No subscription');
  });

  it('gives the refund card the same words (status_display)', () => {
    for (const status of REFUND_STATUSES) {
      expect(refundStatusDisplay(status)).toBe(REFUND_STATUS_LABELS[status]);
    }
    expect(refundStatusDisplay(null)).toBe('No refund requested');
  });
});

describe('formatPhone: a stored number as people read it', () => {
  it('writes +91 and ten digits in two groups of five', () => {
    expect(formatPhone('+919876543210')).toBe('+91 98765 43210');
    expect(formatPhone('+917000000002')).toBe('+91 70000 00002');
  });

  it('leaves anything else as it is', () => {
    for (const other of ['+4915112345678', '9876543210', '+91 98765 43210', '', 'a@b.in']) {
      expect(formatPhone(other)).toBe(other);
    }
  });
});
