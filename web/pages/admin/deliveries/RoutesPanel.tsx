// The delivery routes, for the owner and a manager: each route's areas in riding order and its
// riders, with Change, Print sheet and Remove (asked first); Add route opens the same form.
import { useState } from 'react';
import { useDeleteRoute, useOwnerRoutes, type DeliveryRoute } from '@web/features/delivery-stop';
import { Button } from '@web/components/Button';
import { Card, EmptyState } from '@web/components/Card';
import { Dialog } from '@web/components/Dialog';
import { PageSpinner } from '@web/components/Spinner';
import { useToast } from '@web/components/Toaster';
import { useT } from '@web/i18n/i18n';
import { apiRefusalText } from '@web/i18n/refusals';
import { muted, sectionTitle, stack } from '@web/styles/utils.css';
import * as styles from './OwnerDeliveries.css';
import { RouteButton } from './RouteButton';
import { RouteDialog } from './RouteDialog';

function RouteRow({
  route,
  onEdit,
  onDelete,
  onPrint,
}: {
  route: DeliveryRoute;
  onEdit: () => void;
  onDelete: () => void;
  onPrint: () => void;
}) {
  const t = useT();
  return (
    <li className={styles.item} data-testid={`route-${route.id}`}>
      <span className={styles.itemName}>{route.name}</span>
      <span className={styles.itemFacts}>
        <span>
          {route.areas.length > 0
            ? t('deliveries.areas', { areas: route.areas.join(' → ') })
            : t('deliveries.routes.noAreas')}
        </span>
        <span>
          {route.riders.length > 0
            ? t('deliveries.routes.riders', {
                riders: route.riders.map((rider) => rider.name).join(', '),
              })
            : t('deliveries.routes.noRiders')}
        </span>
      </span>
      <span className={styles.actions}>
        <RouteButton action="edit" route={route.name} onClick={onEdit} />
        <RouteButton action="print" route={route.name} onClick={onPrint} />
        <RouteButton action="delete" route={route.name} onClick={onDelete} />
      </span>
    </li>
  );
}

export function RoutesPanel({ onPrint }: { onPrint: (route: number) => void }) {
  const t = useT();
  const notify = useToast();
  const routes = useOwnerRoutes();
  const remove = useDeleteRoute();
  // null: closed; 'new': adding; a route: changing it.
  const [editing, setEditing] = useState<DeliveryRoute | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DeliveryRoute | null>(null);
  const list = routes.data ?? [];

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        notify({
          tone: 'success',
          title: t('deliveries.routes.toast.deleted'),
          message: deleting.name,
        });
        setDeleting(null);
      },
      onError: (error) => {
        setDeleting(null);
        notify({
          tone: 'error',
          title: t('deliveries.routes.toast.failed'),
          message: apiRefusalText(error, t('deliveries.routes.toast.failedMessage')),
        });
      },
    });
  };

  return (
    <section aria-labelledby="routes-title" className={stack}>
      <div className={styles.sectionHead}>
        <h2 id="routes-title" className={sectionTitle}>
          {t('deliveries.routes.title')}
        </h2>
        <Button onClick={() => setEditing('new')}>{t('deliveries.routes.add')}</Button>
      </div>
      {routes.isPending ? (
        <PageSpinner label={t('deliveries.routes.loading')} />
      ) : routes.isError ? (
        <Card role="alert">
          <p>{t('deliveries.routes.loadFailed')}</p>
        </Card>
      ) : list.length === 0 ? (
        <EmptyState title={t('deliveries.owner.noRoutes')}>
          <p className={muted}>{t('deliveries.owner.noRoutesText')}</p>
        </EmptyState>
      ) : (
        <ul className={styles.list} aria-labelledby="routes-title">
          {list.map((route) => (
            <RouteRow
              key={route.id}
              route={route}
              onEdit={() => setEditing(route)}
              onDelete={() => setDeleting(route)}
              onPrint={() => onPrint(route.id)}
            />
          ))}
        </ul>
      )}
      <RouteDialog
        route={editing === 'new' ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
      />
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('deliveries.routes.confirmTitle', { route: deleting?.name ?? '' })}
        description={t('deliveries.routes.confirmText')}
        footer={
          <>
            <Button tone="secondary" onClick={() => setDeleting(null)}>
              {t('ui.cancel')}
            </Button>
            <Button tone="danger" busy={remove.isPending} onClick={confirmDelete}>
              {t('deliveries.routes.delete')}
            </Button>
          </>
        }
      >
        {null}
      </Dialog>
    </section>
  );
}
