// The toast stack's rules: one toast per topic, a limit, and a navigation that clears what the
// previous page said but keeps the notice that announced the move.
import { describe, expect, it } from 'vitest';
import {
  MAX_TOASTS,
  TOAST_CARRY_MS,
  afterNavigation,
  withToast,
  type ShownToast,
} from '../../web/components/toast';

let id = 0;
const toast = (topic: string, title: string, raisedAt = 0): ShownToast => ({
  id: ++id,
  topic,
  title,
  tone: title.includes('Failed') ? 'error' : 'success',
  raisedAt,
});

describe('toast stack', () => {
  it('replaces the older toast of a topic: a success never sits beside its old error', () => {
    let shown = withToast([], toast('refunds', 'Action Failed'));
    shown = withToast(shown, toast('users', 'Failed to Load Users'));
    shown = withToast(shown, toast('refunds', 'Refund Approved'));
    expect(shown.map((t) => t.title)).toEqual(['Failed to Load Users', 'Refund Approved']);
  });

  it('keeps at most MAX_TOASTS toasts of different topics, dropping the oldest', () => {
    let shown: ShownToast[] = [];
    for (let index = 0; index < MAX_TOASTS + 2; index++) {
      shown = withToast(shown, toast(`topic-${index}`, `Notice ${index}`));
    }
    expect(shown).toHaveLength(MAX_TOASTS);
    expect(shown.at(-1)?.title).toBe(`Notice ${MAX_TOASTS + 1}`);
  });

  it('clears old toasts on navigation but keeps one that announced it', () => {
    const now = 100_000;
    const stale = toast('refunds', 'Action Failed', now - TOAST_CARRY_MS - 1);
    const announcing = toast('session', 'Session Expired', now - 10);
    expect(afterNavigation([stale, announcing], now).map((t) => t.title)).toEqual([
      'Session Expired',
    ]);
    // The longest redirect after a notice (2 s after a password reset) still carries it.
    expect(TOAST_CARRY_MS).toBeGreaterThan(2000);
  });
});
