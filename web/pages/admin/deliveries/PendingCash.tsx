// The cash riders reported collecting, waiting for the owner: Confirm records it as a counter
// payment in cash (the customer's ledger, a receipt); Reject asks why and keeps it out of the ledger.
import { useState } from 'react';
import {
  useConfirmCash,
  usePendingCash,
  useRejectCash,
  type CashCollection,
} from '@web/features/delivery-stop';
import { Button } from '@web/components/Button';
import { CommentDialog } from '@web/components/CommentDialog';
import { CustomerLink } from '@web/components/CustomerLink';
import { useToast } from '@web/components/Toaster';
import { useT } from '@web/i18n/i18n';
import { apiRefusalText } from '@web/i18n/refusals';
import { formatDate, formatDateTime, formatRupees, mealLabel } from '@web/lib/format';
import { muted, sectionTitle, stack } from '@web/styles/utils.css';
import * as styles from './OwnerDeliveries.css';

function CashRow({
  collection,
  busy,
  onConfirm,
  onReject,
}: {
  collection: CashCollection;
  busy: boolean;
  onConfirm: () => void;
  onReject: () => void;
}) {
  const t = useT();
  const amount = formatRupees(collection.amount);
  return (
    <li className={styles.item} data-testid={`cash-${collection.id}`}>
      <span className={styles.itemName}>
        <CustomerLink id={collection.customer_id}>{collection.customer_name}</CustomerLink>
        <strong className={styles.amount}>{amount}</strong>
      </span>
      <span className={styles.itemFacts}>
        <span>
          {formatDate(collection.date)} · {mealLabel(collection.meal)}
        </span>
        <span>
          {t('deliveries.cash.collectedAt', { time: formatDateTime(collection.collected_at) })}
        </span>
      </span>
      <span className={styles.actions}>
        <Button
          size="sm"
          busy={busy}
          onClick={onConfirm}
          aria-label={t('deliveries.cash.confirmOf', {
            amount,
            name: collection.customer_name,
          })}
        >
          {t('deliveries.cash.confirm')}
        </Button>
        <Button
          size="sm"
          tone="danger"
          disabled={busy}
          onClick={onReject}
          aria-label={t('deliveries.cash.rejectOf', { amount, name: collection.customer_name })}
        >
          {t('deliveries.cash.reject')}
        </Button>
      </span>
    </li>
  );
}

export function PendingCash() {
  const t = useT();
  const notify = useToast();
  const pending = usePendingCash();
  const confirm = useConfirmCash();
  const reject = useRejectCash();
  const [rejecting, setRejecting] = useState<CashCollection | null>(null);
  const failed = (error: unknown) =>
    notify({
      tone: 'error',
      title: t('deliveries.cash.toast.failed'),
      message: apiRefusalText(error, t('deliveries.cash.toast.failedMessage')),
    });
  const collections = pending.data ?? [];
  return (
    <section aria-labelledby="cash-title" className={stack}>
      <h2 id="cash-title" className={sectionTitle}>
        {t('deliveries.cash.title', { count: collections.length })}
      </h2>
      {pending.isPending ? null : pending.isError && !pending.data ? (
        <p role="alert">{t('deliveries.cash.loadFailed')}</p>
      ) : collections.length === 0 ? (
        <p className={muted}>{t('deliveries.cash.none')}</p>
      ) : (
        <ul className={styles.list} aria-labelledby="cash-title">
          {collections.map((collection) => (
            <CashRow
              key={collection.id}
              collection={collection}
              busy={confirm.isPending && confirm.variables === collection.id}
              onConfirm={() =>
                confirm.mutate(collection.id, {
                  onSuccess: () =>
                    notify({
                      tone: 'success',
                      title: t('deliveries.cash.toast.confirmed'),
                      message: t('deliveries.cash.toast.confirmedMessage', {
                        amount: formatRupees(collection.amount),
                        name: collection.customer_name,
                      }),
                    }),
                  onError: failed,
                })
              }
              onReject={() => setRejecting(collection)}
            />
          ))}
        </ul>
      )}
      <CommentDialog
        open={rejecting !== null}
        title={t('deliveries.cash.rejectTitle', {
          amount: rejecting ? formatRupees(rejecting.amount) : '',
          name: rejecting?.customer_name ?? '',
        })}
        description={t('deliveries.cash.rejectDescription')}
        commentLabel={t('deliveries.cash.reason')}
        submitLabel={t('deliveries.cash.reject')}
        submitTone="danger"
        busy={reject.isPending}
        onClose={() => setRejecting(null)}
        onSubmit={(reason) => {
          if (!rejecting) return;
          reject.mutate(
            { id: rejecting.id, reason: reason.slice(0, 500) },
            {
              onSuccess: () => {
                setRejecting(null);
                notify({ tone: 'success', title: t('deliveries.cash.toast.rejected') });
              },
              onError: failed,
            },
          );
        }}
      />
    </section>
  );
}
