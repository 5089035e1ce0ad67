// The owner's erasure requests (issue 23, DPDP Act): customers who asked for their account to be
// erased. Complete (after a confirmation) is offered when machines/erasure allows it, i.e. the
// customer's business with the mess is over; otherwise the row says what to settle first.
import { useState } from 'react';
import { erasureBlockers, erasureFactsOfRequest, erasureFromApi } from '@machines/erasure';
import { isRefusalKey } from '@machines/shared';
import { ApiError, errorMessage } from '@web/api/errors';
import { useCompleteErasure, useErasureRequests, type ErasureRequest } from '@web/features/erasure';
import { Button } from '@web/components/Button';
import { Badge, Card, EmptyState, type BadgeTone } from '@web/components/Card';
import { Dialog } from '@web/components/Dialog';
import { PageSpinner } from '@web/components/Spinner';
import { useToast } from '@web/components/Toaster';
import { PageHeader } from '@web/components/PageHeader';
import { useT, type MessageId, type Translate } from '@web/i18n/i18n';
import { personName } from '@web/i18n/labels';
import { refusalKeyText } from '@web/i18n/refusals';
import { formatDateTime, formatRupees } from '@web/lib/format';
import { actionRow, muted, small, stack } from '@web/styles/utils.css';
import * as styles from '@web/styles/people.css';

const STATUS_TONES: Readonly<Record<ErasureRequest['status'], BadgeTone>> = {
  requested: 'warning',
  completed: 'neutral',
  cancelled: 'info',
};
const STATUS_LABELS: Readonly<Record<ErasureRequest['status'], MessageId>> = {
  requested: 'erasure.status.requested',
  completed: 'erasure.status.completed',
  cancelled: 'erasure.status.cancelled',
};

/** When the request got where it is. */
function when(request: ErasureRequest, t: Translate): string {
  if (request.status === 'completed' && request.completed_at)
    return t('erasure.completedAt', { time: formatDateTime(request.completed_at) });
  if (request.status === 'cancelled' && request.cancelled_at)
    return t('erasure.cancelledAt', { time: formatDateTime(request.cancelled_at) });
  return t('erasure.requestedAt', { time: formatDateTime(request.requested_at) });
}

/**
 * What keeps a waiting request from being completed (machines/erasure names it, in the order to
 * settle), in words: money with its amount, the rest in the server's own refusal sentence.
 */
function blockers(request: ErasureRequest, t: Translate): string[] {
  return erasureBlockers(erasureFromApi(erasureFactsOfRequest(request))).map((blocker) => {
    switch (blocker.code) {
      case 'erasure.balance_open':
        return request.balance > 0
          ? t('erasure.blocked.balance', { amount: formatRupees(request.balance) })
          : t('erasure.blocked.credit', { amount: formatRupees(-request.balance) });
      case 'erasure.refund_open':
        return t('erasure.blocked.refunds', { count: request.open_refunds });
      default:
        return refusalKeyText(blocker.key, blocker.values);
    }
  });
}

export function ErasureRequestsPage() {
  const t = useT();
  const notify = useToast();
  const requests = useErasureRequests();
  const complete = useCompleteErasure();
  const [confirming, setConfirming] = useState<ErasureRequest | null>(null);

  const confirm = () => {
    if (!confirming) return;
    complete.mutate(confirming.id, {
      onSuccess: () => {
        setConfirming(null);
        notify({ tone: 'success', title: t('erasure.done') });
      },
      onError: (error) => {
        const code = error instanceof ApiError ? error.body?.error_code : undefined;
        notify({
          tone: 'error',
          title: t('erasure.failed'),
          message: isRefusalKey(code) ? refusalKeyText(code) : errorMessage(error, ''),
        });
      },
    });
  };

  return (
    <div className={stack}>
      <PageHeader title={t('erasure.title')} intro={t('erasure.intro')} />
      {!requests.data ? (
        <PageSpinner />
      ) : requests.data.length === 0 ? (
        <EmptyState title={t('erasure.empty')} />
      ) : (
        <Card>
          <ul className={styles.list}>
            {requests.data.map((request) => (
              <li key={request.id} className={styles.item} data-testid={`erasure-${request.id}`}>
                <div className={styles.who}>
                  <span className={styles.nameLine}>
                    {personName(request.customer.full_name)}
                    <Badge tone={STATUS_TONES[request.status]}>
                      {t(STATUS_LABELS[request.status])}
                    </Badge>
                  </span>
                  <span className={`${muted} ${small}`}>{when(request, t)}</span>
                  {blockers(request, t).map((reason) => (
                    <span key={reason} className={small}>
                      {reason}
                    </span>
                  ))}
                </div>
                {request.actions.includes('erasure.complete') ? (
                  <div className={styles.actions}>
                    <Button
                      size="sm"
                      tone="danger"
                      aria-label={t('erasure.completeLabel', { name: request.customer.full_name })}
                      onClick={() => setConfirming(request)}
                    >
                      {t('erasure.complete')}
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t('erasure.confirmTitle', { name: confirming?.customer.full_name ?? '' })}
        description={t('erasure.confirmBody')}
      >
        <div className={actionRow}>
          <Button tone="secondary" onClick={() => setConfirming(null)}>
            {t('erasure.keep')}
          </Button>
          <Button tone="danger" busy={complete.isPending} onClick={confirm}>
            {t('erasure.confirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
