// The Radix toast region and its toasts, styled through [data-state]. On wide screens the region
// sits at the top right of the page, clear of what matters there: in the empty stretch of the
// page's title row (between the title and its buttons) when it has room, else under the sticky
// header and under the title row; phones show toasts at the bottom (Toaster.css).
import { Toast } from 'radix-ui';
import { useLayoutEffect, useState, type CSSProperties } from 'react';
import { useT } from '@web/i18n/i18n';
import { pageHeader } from '@web/styles/utils.css';
import { TOAST_DURATION_MS, type ShownToast } from './toast';
import * as styles from './Toaster.css';

/** Space between the toasts and what they stay clear of, in px. */
const GAP_PX = 8;

/** Where the region goes on a wide screen: null on phones, where the stylesheet puts it. */
function placement(): CSSProperties | null {
  if (!window.matchMedia(styles.WIDE_SCREEN).matches) return null;
  // The shell's sticky header is the document's first <header>; the page's title row is the
  // pageHeader inside <main>: the title block first, then the page's buttons.
  const shell = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  const row = document.querySelector(`main .${pageHeader}`);
  const rowBox = row?.getBoundingClientRect();
  const edge = document.documentElement.clientWidth;
  const fallback = (below: number): CSSProperties => ({
    top: Math.round(below + GAP_PX),
    right: 2 * GAP_PX,
    maxHeight: `calc(100dvh - ${Math.round(below + GAP_PX)}px)`,
  });
  if (!row || !rowBox || rowBox.bottom <= shell) return fallback(shell);
  const [title, ...buttons] = [...row.children].map((child) => child.getBoundingClientRect());
  const sameLine = buttons.filter((box) => box.top < (title?.bottom ?? 0));
  const from = (title?.right ?? rowBox.left) + GAP_PX;
  const to = Math.min(rowBox.right, ...sameLine.map((box) => box.left)) - GAP_PX;
  if (rowBox.top >= shell && to - from >= styles.TOAST_WIDTH_PX) {
    return {
      top: Math.round(rowBox.top),
      right: Math.round(edge - to),
      maxHeight: `calc(100dvh - ${Math.round(rowBox.top)}px)`,
    };
  }
  return fallback(Math.max(shell, rowBox.bottom));
}

/** The region's place, measured again as the page scrolls or resizes while toasts show. */
function useClearPlacement(active: boolean): CSSProperties | undefined {
  const [style, setStyle] = useState<CSSProperties | null>(null);
  useLayoutEffect(() => {
    if (!active) return;
    const measure = () => setStyle(placement());
    measure();
    const wide = window.matchMedia(styles.WIDE_SCREEN);
    window.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    wide.addEventListener('change', measure);
    // The page's own width changes without a resize: a dialog closing gives the scrollbar back
    // (the whole column moves half its width), a page's title row arrives or wraps.
    const layout = new ResizeObserver(measure);
    layout.observe(document.documentElement);
    const row = document.querySelector(`main .${pageHeader}`);
    if (row) layout.observe(row);
    return () => {
      window.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      wide.removeEventListener('change', measure);
      layout.disconnect();
    };
  }, [active]);
  return style ?? undefined;
}

export function ToastStack({
  toasts,
  onRemove,
}: {
  toasts: readonly ShownToast[];
  onRemove: (id: number) => void;
}) {
  const t = useT();
  const place = useClearPlacement(toasts.length > 0);
  return (
    <Toast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label={t('ui.toast.label')}>
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
          <Toast.Close className={styles.close} aria-label={t('ui.toast.dismiss')}>
            ×
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Radix puts the key that reaches the toasts (F8) where the label says {hotkey}. */}
      <Toast.Viewport
        className={styles.viewport}
        style={place}
        label={t('ui.toast.region', { hotkey: '{hotkey}' })}
      />
    </Toast.Provider>
  );
}
