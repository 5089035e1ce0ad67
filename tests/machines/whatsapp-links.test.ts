// The click-to-chat builder (machines/whatsapp): the phone in wa.me's form, the message in both
// languages, and the text URL-encoded so that WhatsApp shows it as written.
import { describe, expect, it } from 'vitest';
import {
  clickToChatText,
  clickToChatUrl,
  DEFAULT_WHATSAPP_UTILITY_PRICE_PAISE,
  waMePhone,
  whatsappCostPaise,
} from '@machines/whatsapp';

const dues = {
  kind: 'dues_reminder',
  amountRupees: 1400,
  link: 'https://mess.example/payments',
} as const;

describe('waMePhone', () => {
  it('writes an Indian number as 91 and ten digits, without the plus', () => {
    expect(waMePhone('+919876543210')).toBe('919876543210');
    expect(waMePhone('+91 98765 43210')).toBe('919876543210');
    expect(waMePhone('9876543210')).toBe('919876543210');
    expect(waMePhone('919876543210')).toBe('919876543210');
  });
  it("keeps another country's number that carries its code", () => {
    expect(waMePhone('+44 20 7946 0958')).toBe('442079460958');
  });
  it('gives no link for what is not a phone number', () => {
    expect(waMePhone(null)).toBeNull();
    expect(waMePhone('')).toBeNull();
    expect(waMePhone('12345')).toBeNull();
    expect(waMePhone('5876543210')).toBeNull();
  });
});

describe('clickToChatText', () => {
  it('writes the dues reminder in English and Hindi, with the amount and the pay link', () => {
    expect(
      clickToChatText({ language: 'en', business: 'Annapurna Mess', name: 'Asha', message: dues }),
    ).toBe(
      'Namaste Asha, ₹1,400 is due on your account with Annapurna Mess. You can pay here: https://mess.example/payments',
    );
    expect(
      clickToChatText({ language: 'hi', business: 'Annapurna Mess', name: 'Asha', message: dues }),
    ).toBe(
      'नमस्ते Asha, Annapurna Mess में आपके खाते पर ₹1,400 बकाया है। आप यहाँ भुगतान कर सकते हैं: https://mess.example/payments',
    );
  });
  it('writes the receipts link, and greets without a name when there is none', () => {
    const message = { kind: 'receipts', link: 'https://mess.example/payments' } as const;
    expect(clickToChatText({ language: 'en', business: 'Dabba', name: ' ', message })).toBe(
      'Namaste, your receipts and payments with Dabba are here: https://mess.example/payments',
    );
    expect(clickToChatText({ language: 'hi', business: 'Dabba', name: 'Ravi', message })).toBe(
      'नमस्ते Ravi, Dabba की आपकी रसीदें और भुगतान यहाँ हैं: https://mess.example/payments',
    );
  });
});

describe('clickToChatUrl', () => {
  it('links to wa.me with the text URL-encoded, which decodes back to the message', () => {
    const input = {
      phone: '+919876543210',
      language: 'hi',
      business: 'Annapurna & Sons',
      name: 'Asha',
      message: dues,
    } as const;
    const url = clickToChatUrl(input);
    expect(url).not.toBeNull();
    const parsed = new URL(url!);
    expect(parsed.origin).toBe('https://wa.me');
    expect(parsed.pathname).toBe('/919876543210');
    expect(url).not.toMatch(/[ &]Sons|#|\s/);
    expect(url).toContain('Annapurna%20%26%20Sons');
    expect(parsed.searchParams.get('text')).toBe(clickToChatText(input));
  });
  it('gives null without a usable phone', () => {
    expect(
      clickToChatUrl({ phone: null, language: 'en', business: 'D', name: '', message: dues }),
    ).toBeNull();
  });
});

describe('whatsappCostPaise', () => {
  it("prices messages at Meta's utility rate by default, rounded to the paisa", () => {
    expect(DEFAULT_WHATSAPP_UTILITY_PRICE_PAISE).toBe(11.5);
    expect(whatsappCostPaise(3, DEFAULT_WHATSAPP_UTILITY_PRICE_PAISE)).toBe(35);
    expect(whatsappCostPaise(2000, 11.5)).toBe(23000);
    expect(whatsappCostPaise(0, 11.5)).toBe(0);
  });
});
