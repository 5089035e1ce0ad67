// Every screen that shows a subscription's money labels each figure (issue 35, item 4): its price
// (the API's total_paid) is "Price", never "Total paid"; what was paid, paid back and is still owed
// stand beside it under their own labels, in English and Hindi, and `dabba` writes the same words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionMoneyFacts, type SubscriptionMoney } from '@machines/shared';
import { MONEY_LABELS } from '../../cli/output';
import { i18n, loadAppMessages, setMessageLoaders } from '../../web/i18n/i18n';
import { moneyLabel, subscriptionMoneyItems } from '../../web/lib/format';
import { en, hi } from './catalogues';

const unpaid: SubscriptionMoney = {
  total_paid: 1800,
  amount_paid: 0,
  amount_refunded: 0,
  amount_due: 1800,
};
const partPaid: SubscriptionMoney = {
  total_paid: 1800,
  amount_paid: 1000,
  amount_refunded: 0,
  amount_due: 800,
};
const refunded: SubscriptionMoney = {
  total_paid: 3000,
  amount_paid: 3000,
  amount_refunded: 2900,
  amount_due: 0,
};
const refundApproved: SubscriptionMoney = {
  total_paid: 3000,
  amount_paid: 3000,
  amount_refunded: 0,
  amount_due: -2900,
};

beforeAll(() => {
  setMessageLoaders(() => import('virtual:messages/loaders'));
});

describe("a subscription's money on screen", () => {
  it('shows the price, and what was paid, paid back and is owed once there is any', () => {
    const facts = (money: SubscriptionMoney) =>
      subscriptionMoneyFacts(money).map(({ fact, amount }) => [fact, amount]);
    expect(facts(unpaid)).toEqual([
      ['price', 1800],
      ['due', 1800],
    ]);
    expect(facts(partPaid)).toEqual([
      ['price', 1800],
      ['paid', 1000],
      ['due', 800],
    ]);
    expect(facts(refunded)).toEqual([
      ['price', 3000],
      ['paid', 3000],
      ['refunded', 2900],
    ]);
    // An approved refund not yet paid out is owed back, not a negative due.
    expect(facts(refundApproved)).toEqual([
      ['price', 3000],
      ['paid', 3000],
      ['refund_due', 2900],
    ]);
    // A detail view shows all four, zeros too.
    expect(subscriptionMoneyFacts(refunded, { every: true }).map(({ fact }) => fact)).toEqual([
      'price',
      'paid',
      'refunded',
      'due',
    ]);
  });

  it('labels each figure in English, as `dabba` does', async () => {
    i18n.activate('en');
    await loadAppMessages();
    expect(subscriptionMoneyItems(partPaid)).toEqual([
      ['Price', '₹1,800'],
      ['Paid', '₹1,000'],
      ['Due', '₹800'],
    ]);
    expect(subscriptionMoneyItems(refunded)).toEqual([
      ['Price', '₹3,000'],
      ['Paid', '₹3,000'],
      ['Refunded', '₹2,900'],
    ]);
    for (const [fact, label] of Object.entries(MONEY_LABELS)) {
      expect(moneyLabel(fact as keyof typeof MONEY_LABELS)).toBe(label);
    }
    // "Total paid" is left only where it sums real payments (the customer's payment history, the
    // export's column of what was paid); the labels that put it over a price are gone.
    expect(
      Object.keys(en)
        .filter((id) => /^total paid$/i.test(en[id]!))
        .sort(),
    ).toEqual(['payments.stat.totalPaid', 'superuser.export.column.total_paid']);
  });

  // The files of a worker share i18n (the suite does not isolate them): English again after.
  afterAll(() => i18n.activate('en'));

  it('labels each figure in Hindi', async () => {
    i18n.activate('hi');
    await loadAppMessages();
    expect(subscriptionMoneyItems(partPaid)).toEqual([
      ['कीमत', '₹1,800'],
      ['भुगतान किया', '₹1,000'],
      ['बकाया', '₹800'],
    ]);
    expect(subscriptionMoneyItems(refundApproved).map(([label]) => label)).toEqual([
      'कीमत',
      'भुगतान किया',
      'रिफ़ंड बाकी',
    ]);
    const labels = Object.keys(MONEY_LABELS).map((fact) => moneyLabel(fact as 'price'));
    expect(new Set(labels).size).toBe(labels.length);
    for (const label of labels) expect(Object.values(hi)).toContain(label);
  });
});
