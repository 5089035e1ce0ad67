// The payment-link machine and its rules: a link is paid, expired or cancelled once, takes no
// payment from the second it expires, asks for ₹1 up to what is due; and the counter UPI request
// is a valid, percent-encoded upi://pay URI.
import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  decide,
  isValidVpa,
  paymentLinkAmountProblems,
  paymentLinkFromApi,
  paymentLinkMachine,
  refusalSentence,
  upiAmount,
  upiPayUri,
} from '@machines';

const EXPIRES = '2026-12-01T10:00:00.000Z';
const second = (iso: string, seconds: number) =>
  new Date(Date.parse(iso) + seconds * 1000).toISOString();
const link = (status: 'created' | 'paid' | 'expired' | 'cancelled', now: string) =>
  paymentLinkFromApi({ status, expire_by: EXPIRES }, now);

describe('the payment-link machine', () => {
  it('is paid until the second before it expires, not from then on', () => {
    const before = decide(paymentLinkMachine, link('created', second(EXPIRES, -1)), {
      type: 'payment_link.pay',
    });
    expect(before).toMatchObject({ ok: true, next: 'paid' });
    const at = decide(paymentLinkMachine, link('created', EXPIRES), { type: 'payment_link.pay' });
    expect(at).toMatchObject({ ok: false, code: 'payment_link.expired' });
  });

  it('ends once: paid, expired and cancelled links refuse every event with their reason', () => {
    const now = second(EXPIRES, -3600);
    for (const [status, code] of [
      ['paid', 'payment_link.already_paid'],
      ['expired', 'payment_link.expired'],
      ['cancelled', 'payment_link.cancelled'],
    ] as const) {
      for (const type of [
        'payment_link.pay',
        'payment_link.cancel',
        'payment_link.expire',
      ] as const) {
        expect(decide(paymentLinkMachine, link(status, now), { type })).toMatchObject({
          ok: false,
          code,
        });
      }
      expect(allowedEvents(paymentLinkMachine, link(status, now))).toEqual([]);
    }
  });

  it('offers the owner Cancel while it waits, also once past its expiry', () => {
    expect(allowedEvents(paymentLinkMachine, link('created', second(EXPIRES, -1)))).toEqual([
      'payment_link.cancel',
    ]);
    expect(
      decide(paymentLinkMachine, link('created', second(EXPIRES, 10)), {
        type: 'payment_link.cancel',
      }),
    ).toMatchObject({ ok: true, next: 'cancelled' });
  });
});

describe("a link's amount", () => {
  it('is ₹1 up to what is due', () => {
    expect(paymentLinkAmountProblems(100, 240000)).toEqual([]);
    expect(paymentLinkAmountProblems(240000, 240000)).toEqual([]);
    expect(paymentLinkAmountProblems(99, 240000)[0]?.code).toBe('payment_link.amount_too_low');
    const above = paymentLinkAmountProblems(240001, 240000)[0]!;
    expect(above.code).toBe('payment_link.amount_above_due');
    expect(above.message).toBe(
      'The amount cannot be more than ₹2,400, what the subscription still owes.',
    );
    expect(refusalSentence('hi', above.key, above.values)).toBe(
      'राशि ₹2,400 से अधिक नहीं हो सकती, जो इस सदस्यता पर अभी बकाया है।',
    );
    expect(paymentLinkAmountProblems(100, 50)[0]?.code).toBe('payment_link.nothing_due');
  });
});

describe('the counter UPI request', () => {
  it('writes pa, pn, am with two decimals, cu and tn, percent-encoded', () => {
    const uri = upiPayUri({
      vpa: 'annapurna.mess@okaxis',
      payeeName: "Annapurna's Mess & Café",
      amountPaise: 150050,
      note: 'Lunch plan #12',
    });
    expect(uri).toBe(
      'upi://pay?pa=annapurna.mess%40okaxis&pn=Annapurna%27s%20Mess%20%26%20Caf%C3%A9&am=1500.50&cu=INR&tn=Lunch%20plan%20%2312',
    );
    const parsed = new URL(uri);
    expect(parsed.searchParams.get('pn')).toBe("Annapurna's Mess & Café");
    expect(parsed.searchParams.get('am')).toBe('1500.50');
    expect(upiAmount(100)).toBe('1.00');
    expect(upiAmount(240000)).toBe('2400.00');
  });

  it('knows a UPI id when it sees one', () => {
    for (const vpa of ['mess@okaxis', 'annapurna.mess@ybl', '9876543210@paytm', 'a_b-c@upi']) {
      expect(isValidVpa(vpa), vpa).toBe(true);
    }
    for (const vpa of [
      'mess',
      '@okaxis',
      'mess@',
      'me ss@okaxis',
      'mess@ok axis',
      'mess@@okaxis',
    ]) {
      expect(isValidVpa(vpa), vpa).toBe(false);
    }
  });
});
