// The erasure machine: a waiting request may be cancelled by the customer or completed by the owner,
// but only once the customer's business is over (no subscription running or awaiting payment, no
// money open either way or on its way); completed and cancelled are final; refusals carry their
// codes, the ones the server answers with, and every blocker is named in the order to settle it.
import { describe, expect, it } from 'vitest';
import {
  ERASED_FIRST_NAME,
  allowedEvents,
  decide,
  erasedEmail,
  erasedPhone,
  erasedUsername,
  erasureBlockers,
  erasureFactsOfRequest,
  erasureFromApi,
  erasureMachine,
  NOTHING_OPEN,
  type ErasureFacts,
  type ErasureStatus,
} from '@machines';

const at = (status: ErasureStatus, balancePaise = 0, openRefunds = 0) =>
  erasureFromApi({
    ...NOTHING_OPEN,
    status,
    balance_paise: balancePaise,
    open_refunds: openRefunds,
  });
const waiting = (open: Partial<Omit<ErasureFacts, 'status'>>) =>
  erasureFromApi({ ...NOTHING_OPEN, ...open, status: 'requested' });

describe('the erasure machine', () => {
  it('a waiting request with nothing owed can be cancelled or completed', () => {
    expect(allowedEvents(erasureMachine, at('requested'))).toEqual([
      'erasure.cancel',
      'erasure.complete',
    ]);
    expect(decide(erasureMachine, at('requested'), { type: 'erasure.complete' })).toMatchObject({
      ok: true,
      next: 'completed',
    });
    expect(decide(erasureMachine, at('requested'), { type: 'erasure.cancel' })).toMatchObject({
      ok: true,
      next: 'cancelled',
    });
  });

  it('money open either way blocks completion, not cancelling', () => {
    for (const balance of [150_000, -50_00]) {
      const waiting = at('requested', balance);
      expect(decide(erasureMachine, waiting, { type: 'erasure.complete' })).toMatchObject({
        ok: false,
        code: 'erasure.balance_open',
      });
      expect(allowedEvents(erasureMachine, waiting)).toEqual(['erasure.cancel']);
    }
    expect(
      decide(erasureMachine, at('requested', 0, 1), { type: 'erasure.complete' }),
    ).toMatchObject({ ok: false, code: 'erasure.refund_open' });
  });

  it('a subscription running or awaiting payment, a payment link or rider cash blocks completion', () => {
    const cases = [
      [{ active_subscriptions: 1 }, 'erasure.subscription_active'],
      [{ pending_subscriptions: 2 }, 'erasure.subscription_pending'],
      [{ open_payment_links: 1 }, 'erasure.payment_link_open'],
      [{ pending_cash_collections: 1 }, 'erasure.cash_pending'],
    ] as const;
    for (const [open, code] of cases) {
      expect(decide(erasureMachine, waiting(open), { type: 'erasure.complete' })).toMatchObject({
        ok: false,
        code,
      });
      expect(allowedEvents(erasureMachine, waiting(open))).toEqual(['erasure.cancel']);
      expect(erasureBlockers(waiting(open)).map((blocker) => blocker.code)).toEqual([code]);
    }
  });

  it('names every blocker in the order to settle them; the first is the refusal', () => {
    const everything = waiting({
      active_subscriptions: 1,
      pending_subscriptions: 1,
      balance_paise: 120_000,
      open_refunds: 1,
      open_payment_links: 1,
      pending_cash_collections: 1,
    });
    expect(erasureBlockers(everything).map((blocker) => blocker.code)).toEqual([
      'erasure.subscription_active',
      'erasure.balance_open',
      'erasure.refund_open',
      'erasure.subscription_pending',
      'erasure.payment_link_open',
      'erasure.cash_pending',
    ]);
    expect(decide(erasureMachine, everything, { type: 'erasure.complete' })).toMatchObject({
      ok: false,
      code: 'erasure.subscription_active',
    });
    expect(erasureBlockers(waiting({}))).toEqual([]);
    expect(erasureBlockers(at('completed'))).toEqual([]);
    // The owner's list serves the balance in rupees; the facts carry paise.
    expect(
      erasureFactsOfRequest({
        status: 'requested',
        active_subscriptions: 0,
        pending_subscriptions: 0,
        balance: -50.5,
        open_refunds: 0,
        open_payment_links: 0,
        pending_cash_collections: 0,
      }),
    ).toMatchObject({ balance_paise: -5050 });
  });

  it('completed and cancelled are final', () => {
    for (const status of ['completed', 'cancelled'] as const) {
      expect(allowedEvents(erasureMachine, at(status))).toEqual([]);
      for (const type of ['erasure.cancel', 'erasure.complete'] as const) {
        expect(decide(erasureMachine, at(status), { type })).toMatchObject({
          ok: false,
          code: 'erasure.not_requested',
        });
      }
    }
  });

  it('an erased account keeps unique values that name nobody', () => {
    expect(ERASED_FIRST_NAME).toBe('Erased customer');
    expect(erasedUsername(12)).toBe('erased-12');
    expect(erasedEmail(12)).toBe('erased-12@erased.invalid');
    // +91 numbers start with 6-9: +910… is nobody's, and unique per id.
    expect(erasedPhone(12)).toBe('+910000000012');
    expect(erasedPhone(12)).not.toBe(erasedPhone(13));
  });
});
