// The part-paid subscriptions awaiting payment that the payment policy in force lets start: after
// the owner allows dues (or raises the limit), the ones it now allows, started in one step. Shown
// in the Payments card while any wait, and in a dialog right after a save that changed the policy.
import type { components } from '@generated/api';
import { useStartableSubscriptions, useStartSubscriptions } from '@web/api/admin';
import { Button } from '@web/components/Button';
import { Dialog } from '@web/components/Dialog';
import { Table } from '@web/components/Table';
import { useToast } from '@web/components/Toaster';
import { useT } from '@web/i18n/i18n';
import { formatRupees } from '@web/lib/format';
import { muted, stack } from '@web/styles/utils.css';
import { failureToast } from '@web/api/errors';

type Subscription = components['schemas']['Subscription'];

function StartableList({
  rows,
  mayStart,
  onStarted,
}: {
  rows: readonly Subscription[];
  mayStart: boolean;
  onStarted?: () => void;
}) {
  const t = useT();
  const notify = useToast();
  const start = useStartSubscriptions();
  return (
    <div className={stack}>
      <p className={muted}>
        {t(mayStart ? 'settings.startable.intro' : 'settings.startable.introReadOnly', {
          count: rows.length,
        })}
      </p>
      <Table
        caption={t('settings.startable.title')}
        rows={rows}
        rowKey={(row) => row.id}
        columns={[
          {
            key: 'customer',
            header: t('settings.startable.customer'),
            cell: (row) => row.user?.full_name || row.user?.username || '—',
          },
          {
            key: 'plan',
            header: t('settings.startable.plan'),
            cell: (row) => `#${row.id} ${row.plan.name}`,
          },
          {
            key: 'due',
            header: t('settings.startable.due'),
            cell: (row) => formatRupees(row.amount_due),
          },
        ]}
      />
      {mayStart ? (
        <div>
          <Button
            busy={start.isPending}
            onClick={() =>
              start.mutate(
                rows.map((row) => row.id),
                {
                  onSuccess: (answer) => {
                    notify({
                      tone: 'success',
                      title: t('settings.startable.started', { count: answer.started.length }),
                      message: t('settings.startable.startedMessage'),
                    });
                    onStarted?.();
                  },
                  onError: (error) =>
                    notify(
                      failureToast(
                        error,
                        t('settings.startable.failed'),
                        t('settings.startable.failed'),
                      ),
                    ),
                },
              )
            }
          >
            {t('settings.startable.start')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** In the Payments card: what the saved policy lets start, while anything does. */
export function StartableSubscriptions({ mayStart }: { mayStart: boolean }) {
  const t = useT();
  const startable = useStartableSubscriptions();
  const rows = startable.data?.subscriptions ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-label={t('settings.startable.title')} className={stack}>
      <h3>{t('settings.startable.title')}</h3>
      <StartableList rows={rows} mayStart={mayStart} />
    </section>
  );
}

/**
 * Right after a save that changed the payment policy: the subscriptions it now lets start, to
 * start in one step or leave for later. `open` is set by the page; it stays shut when none wait.
 */
export function StartableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const startable = useStartableSubscriptions();
  const rows = startable.data?.subscriptions ?? [];
  return (
    <Dialog
      open={open && rows.length > 0}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('settings.startable.title')}
      wide
    >
      <StartableList rows={rows} mayStart onStarted={onClose} />
    </Dialog>
  );
}
