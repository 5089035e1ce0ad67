// The Radix toast region and its toasts, styled through [data-state].
import { Toast } from 'radix-ui';
import { TOAST_DURATION_MS, type ShownToast } from './toast';
import * as styles from './Toaster.css';

export function ToastStack({
  toasts,
  onRemove,
}: {
  toasts: readonly ShownToast[];
  onRemove: (id: number) => void;
}) {
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label="Notification">
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          data-toast={toast.tone}
          className={styles.toast({ tone: toast.tone })}
          duration={toast.duration ?? TOAST_DURATION_MS}
          type={toast.tone === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) onRemove(toast.id);
          }}
        >
          <Toast.Title className={styles.title}>{toast.title}</Toast.Title>
          {toast.message ? (
            <Toast.Description className={styles.message}>{toast.message}</Toast.Description>
          ) : null}
          <Toast.Close className={styles.close} aria-label="Dismiss notification">
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className={styles.viewport} />
    </Toast.Provider>
  );
}
