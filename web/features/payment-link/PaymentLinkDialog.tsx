// "Payment link" for a subscription awaiting payment: the owner asks for what it owes (or part of
// it) by a UPI payment link the customer opens on their phone, copies or shares its short URL, and
// sees whether it was paid. Which links can be cancelled is the payment-link machine's answer
// (the API's `cancellable`); the amount rules are the machine's too.
import { useEffect, useState, type FormEvent } from 'react';
import { MIN_LINK_AMOUNT_PAISE, paymentLinkAmountProblems } from '@machines/payment-link';
import { errorMessage, failureToast } from '@web/api/errors';
import { pendingSummary, type PendingDialogProps } from '@web/features/payment';
import { SubscriptionDialog } from '@web/features/subscription';
import {
  useCancelPaymentLink,
  useCreatePaymentLink,
  useCustomerPaymentLinks,
  type PaymentLink,
} from './payment-link.api';
import { Button, SmallButton } from '@web/components/Button';
import { Details } from '@web/components/Card';
import { AmountField } from '@web/components/Field';
import { useToast } from '@web/components/Toaster';
import { t as translate, useT, type MessageId } from '@web/i18n/i18n';
import { refusalText } from '@web/i18n/refusals';
import { formatDateTime, formatRupees } from '@web/lib/format';
import { muted, small, stack } from '@web/styles/utils.css';
import * as styles from './PaymentLinks.css';

const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;

const LINK_STATUS_LABELS: Record<PaymentLink['status'], MessageId> = {
  created: 'superuser.link.status.created',
  paid: 'superuser.link.status.paid',
  expired: 'superuser.link.status.expired',
  cancelled: 'superuser.link.status.cancelled',
};

function amountProblem(text: string, duePaise: number): string | null {
  const amount = text.trim();
  if (!AMOUNT_PATTERN.test(amount)) return translate('superuser.record.amountInvalid');
  const [problem] = paymentLinkAmountProblems(Math.round(Number(amount) * 100), duePaise);
  return problem ? refusalText(problem) : null;
}

export function PaymentLinkDialog({ subscription, onClose }: PendingDialogProps) {
  const t = useT();
  const notify = useToast();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const links = useCustomerPaymentLinks(subscription?.user.id ?? null);
  const create = useCreatePaymentLink();
  const cancel = useCancelPaymentLink();
  const subscriptionId = subscription?.id ?? null;
  useEffect(() => {
    // What it still owes (a part payment lowers it), never its price: more is refused.
    setAmount(subscription ? String(subscription.amount_due) : '');
    setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when another subscription opens
  }, [subscriptionId]);
  const duePaise = subscription ? Math.round(subscription.amount_due * 100) : MIN_LINK_AMOUNT_PAISE;
  const mine = (links.data ?? []).filter((link) => link.subscription === subscriptionId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!subscription) return;
    const problem = amountProblem(amount, duePaise);
    setError(problem);
    if (problem) return;
    create.mutate(
      { subscription: subscription.id, amount: Number(amount.trim()) },
      {
        onSuccess: (link) =>
          notify({
            tone: 'success',
            title: translate('superuser.link.toast.created.title'),
            message: translate('superuser.link.toast.created.message', {
              amount: formatRupees(link.amount),
            }),
          }),
        onError: (failure) => setError(errorMessage(failure, translate('superuser.link.failed'))),
      },
    );
  };

  const copy = async (link: PaymentLink) => {
    try {
      await navigator.clipboard.writeText(link.short_url);
      notify({ tone: 'success', title: translate('superuser.link.copied') });
    } catch {
      notify({ tone: 'error', title: translate('superuser.link.copyFailed') });
    }
  };
  const share = (link: PaymentLink) =>
    void navigator
      .share({
        title: translate('superuser.link.shareTitle'),
        text: translate('superuser.link.shareText', { amount: formatRupees(link.amount) }),
        url: link.short_url,
      })
      .catch(() => undefined);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  return (
    <SubscriptionDialog
      subject={subscription}
      summary={pendingSummary}
      title={t('superuser.link.title')}
      onClose={onClose}
    >
      {(subscription) => (
        <div className={stack}>
          <p className={muted}>{t('superuser.link.intro')}</p>
          <form className={styles.form} onSubmit={submit} noValidate>
            <AmountField
              label={t('superuser.link.amount')}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              hint={t('superuser.link.amountHint', {
                due: formatRupees(subscription.amount_due),
              })}
              error={error}
            />
            <Button type="submit" busy={create.isPending}>
              {t('superuser.link.create')}
            </Button>
          </form>
          {mine.length > 0 ? (
            <ul className={styles.links} aria-label={t('superuser.link.listLabel')}>
              {mine.map((link) => (
                <li key={link.id} className={styles.link} data-link-status={link.status}>
                  <Details
                    items={[
                      [t('superuser.link.amount'), <strong>{formatRupees(link.amount)}</strong>],
                      [t('superuser.link.status'), t(LINK_STATUS_LABELS[link.status])],
                      [t('superuser.link.expires'), formatDateTime(link.expire_by)],
                      [
                        t('superuser.link.url'),
                        <a
                          className={styles.url}
                          href={link.short_url}
                          target="_blank"
                          rel="noreferrer"
                        >
                          {link.short_url}
                        </a>,
                      ],
                    ]}
                  />
                  {link.status === 'created' ? (
                    <div className={styles.actions}>
                      <Button size="sm" tone="secondary" onClick={() => void copy(link)}>
                        {t('superuser.link.copy')}
                      </Button>
                      {canShare ? (
                        <Button size="sm" tone="secondary" onClick={() => share(link)}>
                          {t('superuser.link.share')}
                        </Button>
                      ) : null}
                      {link.cancellable ? (
                        <SmallButton
                          busy={cancel.isPending && cancel.variables === link.id}
                          onClick={() =>
                            cancel.mutate(link.id, {
                              onError: (failure) =>
                                notify(
                                  failureToast(
                                    failure,
                                    translate('superuser.link.cancelFailed'),
                                    translate('superuser.link.failed'),
                                  ),
                                ),
                            })
                          }
                        >
                          {t('superuser.link.cancel')}
                        </SmallButton>
                      ) : null}
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className={`${muted} ${small}`}>{t('superuser.link.none')}</p>
          )}
        </div>
      )}
    </SubscriptionDialog>
  );
}
