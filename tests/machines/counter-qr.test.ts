// The counter-QR machine: a QR is credited, closed or expired once, takes no payment from the
// second its close_by passes, and shows as expired from then even before the provider says so.
import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  counterQrFromApi,
  counterQrMachine,
  counterQrShownStatus,
  decide,
} from '@machines';

const CLOSES = '2026-12-01T10:15:00.000Z';
const second = (iso: string, seconds: number) =>
  new Date(Date.parse(iso) + seconds * 1000).toISOString();
const qr = (status: 'created' | 'credited' | 'closed' | 'expired', now: string) =>
  counterQrFromApi({ status, close_by: CLOSES }, now);

describe('the counter-QR machine', () => {
  it('is credited until the second before it closes, not from then on', () => {
    expect(
      decide(counterQrMachine, qr('created', second(CLOSES, -1)), { type: 'counter_qr.credit' }),
    ).toMatchObject({ ok: true, next: 'credited' });
    expect(
      decide(counterQrMachine, qr('created', CLOSES), { type: 'counter_qr.credit' }),
    ).toMatchObject({ ok: false, code: 'counter_qr.expired' });
  });

  it('ends once: credited, closed and expired QRs refuse every event with their reason', () => {
    const now = second(CLOSES, -60);
    for (const [status, code] of [
      ['credited', 'counter_qr.already_paid'],
      ['closed', 'counter_qr.closed'],
      ['expired', 'counter_qr.expired'],
    ] as const) {
      for (const type of ['counter_qr.credit', 'counter_qr.close', 'counter_qr.expire'] as const) {
        expect(decide(counterQrMachine, qr(status, now), { type })).toMatchObject({
          ok: false,
          code,
        });
      }
      expect(allowedEvents(counterQrMachine, qr(status, now))).toEqual([]);
    }
  });

  it('offers the owner Close while it waits; the provider may close or expire it', () => {
    expect(allowedEvents(counterQrMachine, qr('created', second(CLOSES, -1)))).toEqual([
      'counter_qr.close',
    ]);
    expect(
      decide(counterQrMachine, qr('created', second(CLOSES, 5)), { type: 'counter_qr.expire' }),
    ).toMatchObject({ ok: true, next: 'expired' });
  });

  it('shows a waiting QR past its close_by as expired', () => {
    const facts = { status: 'created' as const, close_by: CLOSES };
    expect(counterQrShownStatus(facts, second(CLOSES, -1))).toBe('created');
    expect(counterQrShownStatus(facts, CLOSES)).toBe('expired');
    expect(counterQrShownStatus({ ...facts, status: 'credited' }, CLOSES)).toBe('credited');
  });
});
