// Leaving the week grid with unsaved meals asks first: a link of the app opens a dialog (Stay, or
// Leave and lose them), and closing or reloading the tab gets the browser's own question.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@web/components/Button';
import { Dialog } from '@web/components/Dialog';
import { useT } from '@web/i18n/i18n';
import { actionRow } from '@web/styles/utils.css';

/** The in-app address a plain click on `target` would open, or null (another site, a new tab). */
function appLinkOf(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.download) {
    return null;
  }
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const to = `${url.pathname}${url.search}${url.hash}`;
  return to === `${window.location.pathname}${window.location.search}` ? null : to;
}

export function LeaveGuard({ unsaved }: { unsaved: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [leavingTo, setLeavingTo] = useState<string | null>(null);

  useEffect(() => {
    if (unsaved === 0) return;
    const onClick = (event: MouseEvent) => {
      const to = appLinkOf(event);
      if (to === null) return;
      // Ahead of the router's own click handler (React listens below the document).
      event.preventDefault();
      event.stopPropagation();
      setLeavingTo(to);
    };
    const onUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [unsaved]);

  return (
    <Dialog
      open={leavingTo !== null}
      onOpenChange={(open) => {
        if (!open) setLeavingTo(null);
      }}
      title={t('adminMenu.leave.title')}
      description={t('adminMenu.leave.message', { count: unsaved })}
    >
      <div className={actionRow}>
        <Button tone="secondary" onClick={() => setLeavingTo(null)}>
          {t('adminMenu.leave.stay')}
        </Button>
        <Button
          tone="danger"
          onClick={() => {
            const to = leavingTo;
            setLeavingTo(null);
            if (to !== null) navigate(to);
          }}
        >
          {t('adminMenu.leave.go')}
        </Button>
      </div>
    </Dialog>
  );
}
