// "Available Plans" with its three states (loading, failed, empty) and a way to subscribe to each.
// Each plan reads in the reader's language: the owner's Hindi name and description when given.
import { textIn } from '@machines/shared';
import { usePlans } from '@web/api/queries';
import { Button, ButtonLink } from '@web/components/Button';
import { Badge } from '@web/components/Card';
import { Dialog } from '@web/components/Dialog';
import { useLanguage, useT } from '@web/i18n/i18n';
import { formatMeals, formatRupees, serviceLabel } from '@web/lib/format';
import { useSession } from '@web/session/SessionProvider';
import * as planStyles from '@web/styles/plan.css';
import { muted } from '@web/styles/utils.css';
import * as styles from './PlansModal.css';

export function PlansModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { user } = useSession();
  const t = useT();
  const language = useLanguage();
  const plans = usePlans(open);
  // A visitor needs an account first; a signed-in customer subscribes on the plans page.
  const subscribeHref = user ? '/plans' : '/register';
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('plansModal.title')}
      description={user ? undefined : t('plansModal.description')}
    >
      {plans.isPending ? (
        <p className={styles.stateText} role="status">
          {t('plansModal.loading')}
        </p>
      ) : plans.isError ? (
        <p className={styles.stateText} role="alert">
          {t('plansModal.loadFailed')}
        </p>
      ) : plans.data.length === 0 ? (
        <p className={styles.stateText}>{t('plansModal.empty')}</p>
      ) : (
        <ul className={styles.planList} aria-label={t('plansModal.listLabel')}>
          {plans.data.map((plan) => (
            <li key={plan.id} className={styles.planItem} aria-labelledby={`modal-plan-${plan.id}`}>
              <div className={planStyles.planHead}>
                <h3 id={`modal-plan-${plan.id}`}>{textIn(language, plan.name, plan.name_hi)}</h3>
                <Badge tone={plan.is_active ? 'success' : 'neutral'}>
                  {plan.is_active ? t('plansModal.active') : t('plansModal.inactive')}
                </Badge>
              </div>
              <p className={muted}>{textIn(language, plan.description, plan.description_hi)}</p>
              <p className={styles.facts}>
                {serviceLabel(plan.service_type)} ·{' '}
                {t('plansModal.days', { count: plan.duration_days })}
              </p>
              <p className={styles.facts}>
                <span className={styles.factLabel}>{t('plansModal.meals')}</span>{' '}
                {formatMeals(plan.included_meals)}
              </p>
              <div className={styles.foot}>
                <p className={styles.price}>{formatRupees(plan.base_price)}</p>
                {plan.is_active ? (
                  <ButtonLink href={subscribeHref} size="sm">
                    {t('plansModal.subscribe')}
                  </ButtonLink>
                ) : (
                  <Button size="sm" disabled>
                    {t('plansModal.notAvailable')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
