// A walk-in's claim link on the owner's customer page: where it stands, and a new one by SMS until
// the account is claimed.
import type { CustomerRecord } from '@web/api/customer';
import { SmallButton } from '@web/components/Button';
import { useToast } from '@web/components/Toaster';
import { useT } from '@web/i18n/i18n';
import { formatDateTime } from '@web/lib/format';
import * as styles from './ClaimLink.css';
import { useResendClaim } from './walk-in.api';
import { failureToast } from '@web/api/errors';

/** A walk-in's claim link: where it stands, and a new one by SMS until the account is claimed. */
export function ClaimLink({ customer }: { customer: CustomerRecord }) {
  const t = useT();
  const notify = useToast();
  const resend = useResendClaim();
  const claim = customer.claim;
  if (!claim) return null;
  const expired = claim.status !== 'CLAIMED' && Date.parse(claim.expires_at) <= Date.now();
  return (
    <span className={styles.claim}>
      <span>
        {claim.status === 'CLAIMED'
          ? t('superuser.customer.claim.claimed')
          : expired
            ? t('superuser.customer.claim.expired', { date: formatDateTime(claim.expires_at) })
            : t('superuser.customer.claim.open', { date: formatDateTime(claim.expires_at) })}
      </span>
      {claim.actions.includes('claim.resend') ? (
        <SmallButton
          busy={resend.isPending}
          onClick={() =>
            resend.mutate(customer.id, {
              onSuccess: () =>
                notify({
                  tone: 'success',
                  title: t('superuser.customer.claim.sent'),
                  message: t('superuser.customer.claim.sentMessage', { phone: customer.phone }),
                }),
              onError: (error) =>
                notify(
                  failureToast(
                    error,
                    t('superuser.customer.claim.failed'),
                    t('superuser.customer.claim.failed'),
                  ),
                ),
            })
          }
        >
          {t('superuser.customer.claim.resend')}
        </SmallButton>
      ) : null}
    </span>
  );
}
