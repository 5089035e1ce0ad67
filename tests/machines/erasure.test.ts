// The erasure machine: a waiting request may be cancelled by the customer or completed by the owner,
// but only once no money is open either way; completed and cancelled are final; refusals carry
// their codes, the ones the server answers with.
import { describe, expect, it } from 'vitest';
import {
  ERASED_FIRST_NAME,
  allowedEvents,
  decide,
  erasedEmail,
  erasedPhone,
  erasedUsername,
  erasureFromApi,
  erasureMachine,
  type ErasureStatus,
} from '@machines';

const at = (status: ErasureStatus, balancePaise = 0, openRefunds = 0) =>
  erasureFromApi({ status, balance_paise: balancePaise, open_refunds: openRefunds });

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
