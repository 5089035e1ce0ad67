// What a toast is, shared by the provider and the lazily loaded stack that draws them, and the two
// rules of the stack: one toast per topic, and a navigation clears what the last page said.
import {
  PASSWORD_RESET_REDIRECT_MS,
  PROFILE_COMPLETE_REDIRECT_MS,
  SUBSCRIBE_REDIRECT_MS,
} from '@machines/shared';

type ToastTone = 'success' | 'error' | 'warning' | 'info';

export interface ToastInput {
  tone: ToastTone;
  title: string;
  message?: string;
  duration?: number;
  /**
   * What the toast is about. A newer toast of the same topic replaces the older one, so a success
   * never sits beside the error it resolved. By default (useToast) the page it was raised on.
   */
  topic?: string;
}

export interface ShownToast extends ToastInput {
  id: number;
  topic: string;
  /** Date.now() when it was raised. */
  raisedAt: number;
}

/** Toasts close after 5 s unless they ask for another duration (docs/web.md). */
export const TOAST_DURATION_MS = 5000;

/** At most this many toasts show at once, of different topics; the oldest goes first. */
export const MAX_TOASTS = 3;

/**
 * A toast raised this shortly before a navigation announces that navigation ("Session Expired"
 * on the way to /login, "Subscribed" before /subscriptions), so it stays on the new page; older
 * ones were about the page left behind. Longer than the longest redirect delay.
 */
export const TOAST_CARRY_MS =
  Math.max(PASSWORD_RESET_REDIRECT_MS, PROFILE_COMPLETE_REDIRECT_MS, SUBSCRIBE_REDIRECT_MS) + 500;

/** The stack once `toast` is shown: it replaces its topic's toast, and the stack keeps its limit. */
export function withToast(shown: readonly ShownToast[], toast: ShownToast): ShownToast[] {
  return [...shown.filter((other) => other.topic !== toast.topic), toast].slice(-MAX_TOASTS);
}

/** The stack after moving to another page at `now`: only what announced the move stays. */
export function afterNavigation(shown: readonly ShownToast[], now: number): ShownToast[] {
  return shown.filter((toast) => now - toast.raisedAt < TOAST_CARRY_MS);
}
