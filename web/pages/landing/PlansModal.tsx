// "Available Plans" with its three states: loading, failed, empty.
import { usePlans } from '../../api/queries';
import { Badge } from '../../components/Card';
import { Dialog } from '../../components/Dialog';
import { formatMeals, formatRupees, serviceLabel } from '../../lib/format';
import * as planStyles from '../../styles/plan.css';
import { muted } from '../../styles/utils.css';
import * as styles from './LandingPage.css';

export function PlansModal({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const plans = usePlans(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Available Plans">
      {plans.isPending ? (
        <p className={styles.stateText} role="status">
          Loading plans...
        </p>
      ) : plans.isError ? (
        <p className={styles.stateText} role="alert">
          Could not load plans. Please try again later.
        </p>
      ) : plans.data.length === 0 ? (
        <p className={styles.stateText}>No plans available.</p>
      ) : (
        <ul className={styles.planList}>
          {plans.data.map((plan) => (
            <li key={plan.id} className={styles.planItem}>
              <div className={planStyles.planHead}>
                <h3>{plan.name}</h3>
                <Badge tone={plan.is_active ? 'success' : 'neutral'}>
                  {plan.is_active ? 'Active' : 'Inactive'}
                </Badge>
              </div>
              <p className={muted}>{plan.description}</p>
              <p>
                {serviceLabel(plan.service_type)} · {plan.duration_days} days ·{' '}
                <strong>{formatRupees(plan.base_price)}</strong>
              </p>
              <p>Meals: {formatMeals(plan.included_meals)}</p>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
