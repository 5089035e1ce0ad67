// Texts the web shows from machines/ (which `dabba` shows too) read in English exactly as the
// machines write them: the checkout's toasts (web/checkout/toasts.ts).
import { describe, expect, it } from 'vitest';
import { CHECKOUT_TOASTS } from '@machines/payment';
import { CHECKOUT_TOAST_MESSAGES } from '../../web/checkout/toasts';
import { en } from './catalogues';

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
