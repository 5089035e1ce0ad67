// What a toast is, shared by the provider and the lazily loaded stack that draws them.

export type ToastTone = 'success' | 'error' | 'warning' | 'info';

export interface ToastInput {
  tone: ToastTone;
  title: string;
  message?: string;
  duration?: number;
}

export interface ShownToast extends ToastInput {
  id: number;
}

/** Toasts close after 5 s unless they ask for another duration (README: The web app's rules). */
export const TOAST_DURATION_MS = 5000;
