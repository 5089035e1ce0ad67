// The consent machine: consent is given per channel and purpose, taken back at once, given again;
// spoken consent the owner records names who recorded it; refusals carry their codes.
import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  consentFromApi,
  consentMachine,
  consentReplyIntent,
  consentStatusOf,
  decide,
  nextWhatsappStatus,
} from '@machines';

const never = consentFromApi({
  granted_at: null,
  withdrawn_at: null,
  method: null,
  recorded_by: null,
});
const granted = consentFromApi({
  granted_at: '2026-11-01T10:00:00.000Z',
  withdrawn_at: null,
  method: 'registration_checkbox',
  recorded_by: null,
});
const withdrawn = consentFromApi({
  granted_at: '2026-11-01T10:00:00.000Z',
  withdrawn_at: '2026-11-02T10:00:00.000Z',
  method: 'registration_checkbox',
  recorded_by: null,
});

describe('the consent machine', () => {
  it('reads the stored record: never given, open, withdrawn', () => {
    expect(never.value).toBe('none');
    expect(granted.value).toBe('granted');
    expect(withdrawn.value).toBe('withdrawn');
    expect(consentStatusOf({ granted_at: 'x', withdrawn_at: null })).toBe('granted');
  });

  it('grants from none and from withdrawn, recording the method', () => {
    for (const from of [never, withdrawn]) {
      const decision = decide(consentMachine, from, {
        type: 'consent.grant',
        method: 'reply_start',
        recordedBy: null,
      });
      expect(decision).toMatchObject({ ok: true, next: 'granted' });
      if (decision.ok)
        expect(decision.context).toEqual({ method: 'reply_start', recordedBy: null });
    }
  });

  it('refuses a second grant and a withdrawal of what was never given', () => {
    expect(
      decide(consentMachine, granted, {
        type: 'consent.grant',
        method: 'profile',
        recordedBy: null,
      }),
    ).toMatchObject({ ok: false, code: 'consent.already_granted' });
    for (const from of [never, withdrawn]) {
      expect(
        decide(consentMachine, from, { type: 'consent.withdraw', method: 'reply_stop' }),
      ).toMatchObject({ ok: false, code: 'consent.not_granted' });
    }
  });

  it('withdraws an open grant by any method, forgetting how it was given', () => {
    for (const method of ['reply_stop', 'profile', 'owner'] as const) {
      const decision = decide(consentMachine, granted, { type: 'consent.withdraw', method });
      expect(decision).toMatchObject({ ok: true, next: 'withdrawn' });
      if (decision.ok) expect(decision.context).toEqual({ method: null, recordedBy: null });
    }
  });

  it('takes spoken consent only with the name of who recorded it', () => {
    for (const recordedBy of [null, '', '   ']) {
      expect(
        decide(consentMachine, never, {
          type: 'consent.grant',
          method: 'owner_recorded',
          recordedBy,
        }),
      ).toMatchObject({ ok: false, code: 'consent.recorder_required' });
    }
    const decision = decide(consentMachine, never, {
      type: 'consent.grant',
      method: 'owner_recorded',
      recordedBy: ' Meena ',
    });
    expect(decision).toMatchObject({ ok: true, next: 'granted' });
    if (decision.ok) expect(decision.context.recordedBy).toBe('Meena');
  });

  it('offers the switch that applies: grant when not given, withdraw when given', () => {
    expect(allowedEvents(consentMachine, never)).toEqual(['consent.grant']);
    expect(allowedEvents(consentMachine, granted)).toEqual(['consent.withdraw']);
    expect(allowedEvents(consentMachine, withdrawn)).toEqual(['consent.grant']);
  });

  it('reads STOP and START replies, in either language and case', () => {
    expect(consentReplyIntent(' stop ')).toBe('stop');
    expect(consentReplyIntent('START')).toBe('start');
    expect(consentReplyIntent('रोकें')).toBe('stop');
    expect(consentReplyIntent('please stop')).toBeNull();
  });
});

describe('WhatsApp delivery statuses', () => {
  it('move forward only, a failure only before delivery', () => {
    expect(nextWhatsappStatus('queued', 'sent')).toBe('sent');
    expect(nextWhatsappStatus('sent', 'read')).toBe('read');
    expect(nextWhatsappStatus('read', 'delivered')).toBe('read');
    expect(nextWhatsappStatus('delivered', 'sent')).toBe('delivered');
    expect(nextWhatsappStatus('sent', 'failed')).toBe('failed');
    expect(nextWhatsappStatus('delivered', 'failed')).toBe('delivered');
    expect(nextWhatsappStatus('failed', 'delivered')).toBe('failed');
    expect(nextWhatsappStatus('sms', 'sent')).toBe('sms');
  });
});
