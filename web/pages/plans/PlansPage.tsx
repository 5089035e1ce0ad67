// Plans for customers: filter tabs, subscribe, then /subscriptions after 1 s.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { SUBSCRIBE_REDIRECT_MS, textIn } from '@machines/shared';
import { useSubscribe, useSubscriptions } from '@web/features/subscription';
import { usePlans, type Plan } from '@web/api/queries';
import { Button } from '@web/components/Button';
import { Badge, Card, EmptyState } from '@web/components/Card';
import { PageSpinner } from '@web/components/Spinner';
import { TabPanel, Tabs } from '@web/components/Tabs';
import { useToast } from '@web/components/Toaster';
import { PageHeader } from '@web/components/PageHeader';
import { useLanguage, useT } from '@web/i18n/i18n';
import { formatMeals, formatRupees, serviceLabel } from '@web/lib/format';
import { useSession, type User } from '@web/session/SessionProvider';
import * as planStyles from '@web/styles/plan.css';
import { grid, muted, stack } from '@web/styles/utils.css';
import * as styles from './PlansPage.css';
import { failureToast } from '@web/api/errors';

type Filter = 'all' | 'mess' | 'tiffin';

function ownService(user: User | null): Filter {
  if (user?.is_tiffin_user && !user.is_mess_user) return 'tiffin';
  if (user?.is_mess_user && !user.is_tiffin_user) return 'mess';
  return 'all';
}

export function PlansPage() {
  const notify = useToast();
  const t = useT();
  const language = useLanguage();
  const { user } = useSession();
  const [, navigate] = useLocation();
  const plans = usePlans();
  const subscriptions = useSubscriptions();
  const subscribe = useSubscribe();
  // Open on the customer's own service: the other service's plans cannot be chosen anyway.
  const [filter, setFilter] = useState<Filter>(() => ownService(user));
  const [subscribed, setSubscribed] = useState(false);

  useEffect(() => {
    if (plans.isError)
      notify({ tone: 'error', title: t('plans.loadFailed'), message: t('plans.fetchFailed') });
  }, [plans.isError, notify, t]);

  useEffect(() => {
    if (!subscribed) return;
    const timer = setTimeout(() => navigate('/subscriptions'), SUBSCRIBE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [subscribed, navigate]);

  const openPlanIds = new Set(
    (subscriptions.data ?? [])
      .filter((s) => s.status === 'ACTIVE' || s.status === 'PENDING_PAYMENT')
      .map((s) => s.plan.id),
  );
  const visible = (plans.data ?? []).filter(
    (plan) => filter === 'all' || plan.service_type === filter,
  );

  const onSubscribe = (plan: Plan) =>
    subscribe.mutate(plan.id, {
      onSuccess: () => {
        notify({
          tone: 'success',
          title: t('plans.toast.subscribed.title'),
          message: t('plans.toast.subscribed.message', {
            plan: textIn(language, plan.name, plan.name_hi),
          }),
        });
        setSubscribed(true);
      },
      onError: (error) =>
        notify(failureToast(error, t('plans.toast.failed.title'), t('plans.toast.failed.message'))),
    });

  const serviceNote = (plan: Plan): string | null => {
    if (!user) return null;
    if (plan.service_type === 'tiffin' && !user.is_tiffin_user) {
      return t('plans.note.messProfile');
    }
    if (plan.service_type === 'mess' && !user.is_mess_user) {
      return t('plans.note.tiffinProfile');
    }
    return null;
  };

  return (
    <div className={stack}>
      <PageHeader title={t('plans.title')} intro={t('plans.intro')} />
      <Tabs
        label={t('plans.filterLabel')}
        fit
        value={filter}
        onValueChange={(value) => setFilter(value as Filter)}
        tabs={[
          { value: 'all', label: t('plans.allPlans') },
          { value: 'mess', label: serviceLabel('mess') },
          { value: 'tiffin', label: serviceLabel('tiffin') },
        ]}
      >
        <TabPanel value={filter}>
          {plans.isPending ? (
            <PageSpinner label={t('plans.loading')} />
          ) : plans.isError ? (
            <Card role="alert">{t('plans.fetchFailed')}</Card>
          ) : visible.length === 0 ? (
            <EmptyState title={t('plans.empty.title')}>
              <p className={muted}>{t('plans.empty.text')}</p>
            </EmptyState>
          ) : (
            <ul className={`${grid} ${styles.planList}`}>
              {visible.map((plan) => {
                const already = openPlanIds.has(plan.id);
                const note = serviceNote(plan);
                const pending = subscribe.isPending && subscribe.variables === plan.id;
                return (
                  <li key={plan.id}>
                    <Card aria-labelledby={`plan-${plan.id}`} className={styles.planCard}>
                      <div className={planStyles.planHead}>
                        <h2 id={`plan-${plan.id}`}>{textIn(language, plan.name, plan.name_hi)}</h2>
                        <Badge tone={plan.service_type === 'tiffin' ? 'info' : 'success'}>
                          {serviceLabel(plan.service_type)}
                        </Badge>
                      </div>
                      <p className={muted}>
                        {textIn(language, plan.description, plan.description_hi)}
                      </p>
                      <p className={planStyles.price}>
                        {formatRupees(plan.base_price)}{' '}
                        <span className={planStyles.priceUnit}>
                          {t('plans.price', { days: plan.duration_days })}
                        </span>
                      </p>
                      <p>{t('plans.duration', { days: plan.duration_days })}</p>
                      <p>{t('plans.meals', { meals: formatMeals(plan.included_meals) })}</p>
                      {note && !already ? <p className={muted}>{note}</p> : null}
                      <div className={styles.planAction}>
                        <Button
                          block
                          tone={already ? 'secondary' : 'primary'}
                          busy={pending}
                          disabled={already || !plan.is_active || note !== null || subscribed}
                          onClick={() => onSubscribe(plan)}
                        >
                          {already
                            ? t('plans.alreadySubscribed')
                            : plan.is_active
                              ? t('plans.subscribe')
                              : t('plans.notAvailable')}
                        </Button>
                      </div>
                    </Card>
                  </li>
                );
              })}
            </ul>
          )}
        </TabPanel>
      </Tabs>
    </div>
  );
}
