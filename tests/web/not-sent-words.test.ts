// Messages that say where they went (issue 37, item 6): a WhatsApp notice only written to the
// outbox on the server, or whose SMS was, reads "Not sent" and why, never "Sent", to the owner (the
// missing route) and to the customer (the mess has not set it up), in both languages. A notice
// that left the machine keeps its stored status. The consent screens do not say "Never asked"
// about service messages by SMS and e-mail, which go without consent.
import { describe, expect, it } from 'vitest';
import { sentWithoutConsent } from '@machines/consent';
import { whatsappStatusWords, type StatusReader } from '../../web/features/whatsapp/status-words';
import { en, hi } from './catalogues';

type Message = Parameters<typeof whatsappStatusWords>[0];

/** The badge and its notes as one reads them, in a catalogue's language. */
const said = (message: Message, reader: StatusReader, catalogue = en) => {
  const words = whatsappStatusWords(message, reader);
  return [words.badge, ...words.notes].map((id) => catalogue[id]!).join(' ');
};

const byWhatsapp: Message = {
  status: 'sent',
  channel: 'whatsapp',
  provider: 'outbox',
  fallback: false,
  fallback_reason: null,
};
const bySmsWithoutConsent: Message = {
  status: 'sms',
  channel: 'sms',
  provider: 'outbox',
  fallback: true,
  fallback_reason: 'no_consent',
};
const failedThenSms: Message = {
  status: 'failed',
  channel: 'sms',
  provider: 'outbox',
  fallback: true,
  fallback_reason: 'failed',
};

describe('a WhatsApp notice kept in the outbox on the server', () => {
  it('reads "Not sent" and the missing route to the owner, in both languages', () => {
    expect(said(byWhatsapp, 'owner')).toBe('Not sent No WhatsApp route set up.');
    expect(said(byWhatsapp, 'owner', hi)).toBe('नहीं भेजा गया WhatsApp भेजने की व्यवस्था सेट नहीं है।');
    expect(said(bySmsWithoutConsent, 'owner')).toBe(
      'Not sent No SMS route set up. No WhatsApp consent.',
    );
    expect(whatsappStatusWords(byWhatsapp, 'owner')).toMatchObject({
      notSent: true,
      tone: 'warning',
    });
  });

  it('tells the customer the mess has not set the channel up', () => {
    expect(said(byWhatsapp, 'customer')).toBe('Not sent The mess has not set up WhatsApp yet.');
    expect(said(bySmsWithoutConsent, 'customer', hi)).toBe(
      'नहीं भेजा गया मेस ने अभी एसएमएस सेट नहीं किया है। WhatsApp की सहमति नहीं।',
    );
  });

  it('says a failed WhatsApp message brought no SMS either, when the SMS stayed on the server', () => {
    expect(said(failedThenSms, 'owner')).toBe('Failed No SMS went instead: no SMS route set up.');
    expect(said({ ...failedThenSms, provider: 'twilio' }, 'owner')).toBe(
      'Failed Sent by SMS instead.',
    );
  });

  it('never reads "Sent" for a message that stayed on the server', () => {
    for (const message of [byWhatsapp, bySmsWithoutConsent, failedThenSms]) {
      for (const reader of ['owner', 'customer'] as const) {
        for (const catalogue of [en, hi]) {
          const badge = catalogue[whatsappStatusWords(message, reader).badge];
          expect(badge).not.toBe(catalogue['status.whatsapp.sent']);
          expect(badge).not.toBe(catalogue['status.whatsapp.sms']);
        }
      }
    }
  });

  it('keeps the stored status of a message that left the machine', () => {
    expect(said({ ...byWhatsapp, provider: 'cloud_api' }, 'owner')).toBe('Sent');
    expect(said({ ...bySmsWithoutConsent, provider: 'twilio' }, 'owner')).toBe(
      'By SMS No WhatsApp consent.',
    );
    // Recorded before providers were: as stored.
    expect(said({ ...byWhatsapp, provider: null }, 'customer')).toBe('Sent');
  });
});

describe('service messages on the consent screens', () => {
  it('go by SMS and e-mail without consent; WhatsApp and promotions ask first', () => {
    expect(sentWithoutConsent('sms', 'service')).toBe(true);
    expect(sentWithoutConsent('email', 'service')).toBe(true);
    expect(sentWithoutConsent('whatsapp', 'service')).toBe(false);
    expect(sentWithoutConsent('sms', 'promotions')).toBe(false);
  });

  it('say they are always sent, never "Never asked"', () => {
    expect(en['privacy.consent.alwaysSent']).toBe('Always sent');
    expect(hi['privacy.consent.alwaysSent']).not.toBe(hi['privacy.consent.none']);
    expect(en['superuser.consent.status.alwaysSent']).toBe('Always sent');
  });
});
