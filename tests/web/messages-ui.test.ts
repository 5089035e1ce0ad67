// Texts the web shows from machines/ (which `dabba` shows too) read in English exactly as the
// machines write them: the checkout's toasts (web/checkout/toasts.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_TOASTS } from '../../machines/payment/payment.messages';
import { CHECKOUT_TOAST_MESSAGES } from '../../web/checkout/toasts';

const root = path.resolve(import.meta.dirname, '../..');
const en = JSON.parse(readFileSync(path.join(root, 'web/locales/en.json'), 'utf8')) as Record<
  string,
  string
>;

describe('the messages of machines/ texts', () => {
  it("give the checkout's toasts the payment machine's English", () => {
    for (const [step, toast] of Object.entries(CHECKOUT_TOASTS)) {
      const ids = CHECKOUT_TOAST_MESSAGES[step as keyof typeof CHECKOUT_TOAST_MESSAGES];
      expect(en[ids.title], `${step} title`).toBe(toast.title);
      expect(en[ids.message], `${step} message`).toBe(toast.message);
    }
    expect(Object.keys(CHECKOUT_TOAST_MESSAGES).sort()).toEqual(
      Object.keys(CHECKOUT_TOASTS).sort(),
    );
  });
});
