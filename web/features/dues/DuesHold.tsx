// The dues hold as people read it (issue 21): why a customer's meals are paused, in a sentence for
// the customer's banner and a short reason for the owner's lists. The rule is machines/dues holdOf;
// the server sends its verdict (the statement's `hold`).
import type { components } from '@generated/api';
import { useMyStatement } from './dues.api';
import { ButtonLink } from '@web/components/Button';
import { Card } from '@web/components/Card';
import { useT, type Translate } from '@web/i18n/i18n';
import { formatRupees } from '@web/lib/format';
import * as styles from './DuesHold.css';

export type DuesHold = components['schemas']['DuesHold'];

/** "Meals paused: …": why, over the amount limit or overdue too long. */
function holdSentence(t: Translate, hold: DuesHold): string {
  return hold.reason === 'over_amount'
    ? t('hold.overAmount', {
        amount: formatRupees(hold.balance),
        limit: formatRupees(hold.max_amount ?? 0),
      })
    : t('hold.overdueDays', {
        amount: formatRupees(hold.balance),
        days: hold.days_due,
        limit: hold.max_days_overdue ?? 0,
      });
}

/** The owner's short reason beside a held customer: "Over ₹1,500", "Overdue 16 days". */
export function holdShort(t: Translate, hold: DuesHold): string {
  return hold.reason === 'over_amount'
    ? t('hold.short.overAmount', { limit: formatRupees(hold.max_amount ?? 0) })
    : t('hold.short.overdueDays', { days: hold.days_due });
}

/**
 * The customer's banner while they are held, with the way to pay (the statement on Payment
 * History); nothing otherwise. `onPaymentsPage`: the statement is right there, no link.
 */
export function HoldBanner({ onPaymentsPage = false }: { onPaymentsPage?: boolean }) {
  const t = useT();
  const statement = useMyStatement();
  const hold = statement.data?.hold;
  if (!hold) return null;
  return (
    <Card role="status" aria-labelledby="hold-title" className={styles.banner}>
      <div>
        <p id="hold-title" className={styles.title}>
          {holdSentence(t, hold)}
        </p>
        <p>{t('hold.payToResume')}</p>
      </div>
      {onPaymentsPage ? null : (
        <ButtonLink href="/payments" tone="primary">
          {t('hold.pay')}
        </ButtonLink>
      )}
    </Card>
  );
}
