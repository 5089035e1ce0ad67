// The owner's weekly closures ("Dinner every Sunday"), listed under the closed days they make: each
// with the dates it has closed ahead, how many subscriptions those moved, and Withdraw, which opens
// the dates not locked yet again (the server decides: machines/closure-rule).
import { useState } from 'react';
import {
  useClosureRules,
  useWithdrawClosureRule,
  type ClosureRule,
} from '@web/features/closure-rule';
import { failureToast } from '@web/api/errors';
import { Button } from '@web/components/Button';
import { Card } from '@web/components/Card';
import { Dialog } from '@web/components/Dialog';
import { useToast } from '@web/components/Toaster';
import { useT } from '@web/i18n/i18n';
import { addDays } from '@machines/shared';
import { WEEKDAYS, type Weekday } from '@machines/menu';
import { formatDate, formatWeekday, mealLabel } from '@web/lib/format';
import { muted, sectionTitle, stack } from '@web/styles/utils.css';
import * as styles from './ClosedDaysPage.css';

/** A weekday by its API name in the screen's language: 'sunday' → 'Sunday' (रविवार). */
export const formatWeekdayName = (weekday: Weekday): string =>
  // 2026-11-30 was a Monday.
  formatWeekday(addDays('2026-11-30', WEEKDAYS.indexOf(weekday)));

/** "Dinner every Sunday", "Whole day every Saturday, Sunday", in the screen's language. */
function useRuleWords() {
  const t = useT();
  return (rule: Pick<ClosureRule, 'weekdays' | 'meals'>) =>
    t('closedDays.repeat.rule', {
      meals:
        rule.meals.length === 3 ? t('closedDays.wholeDay') : rule.meals.map(mealLabel).join(', '),
      weekdays: rule.weekdays.map(formatWeekdayName).join(', '),
    });
}

function RuleItem({ rule, onWithdraw }: { rule: ClosureRule; onWithdraw?: () => void }) {
  const t = useT();
  const words = useRuleWords();
  return (
    <li className={styles.item} data-testid={`closure-rule-${rule.id}`}>
      <div className={styles.what}>
        <span className={styles.when}>{words(rule)}</span>
        <span>{rule.reason}</span>
        <span className={muted}>
          {rule.end_date
            ? t('closedDays.repeat.from.until', {
                start: formatDate(rule.start_date),
                end: formatDate(rule.end_date),
              })
            : t('closedDays.repeat.from.only', { start: formatDate(rule.start_date) })}
        </span>
        {rule.status === 'WITHDRAWN' ? (
          <span className={muted}>
            {t('closedDays.repeat.withdrawnSummary', {
              count: rule.reversed,
              by: rule.withdrawn_by ?? '',
            })}
          </span>
        ) : (
          <>
            <span className={muted}>
              {rule.upcoming.length > 0
                ? t('closedDays.repeat.next', { dates: rule.upcoming.map(formatDate).join(', ') })
                : t('closedDays.repeat.noneNext')}
            </span>
            <span className={muted}>
              {t('closedDays.repeat.extendedSummary', { count: rule.extended })}
            </span>
          </>
        )}
      </div>
      {onWithdraw ? (
        <Button tone="secondary" size="sm" onClick={onWithdraw}>
          {t('closedDays.repeat.withdraw')}
        </Button>
      ) : null}
    </li>
  );
}

/** The rules, the active ones first; nothing while there are none. */
export function ClosureRules({ mayWithdraw }: { mayWithdraw: boolean }) {
  const t = useT();
  const notify = useToast();
  const words = useRuleWords();
  const rules = useClosureRules();
  const withdraw = useWithdrawClosureRule();
  const [withdrawing, setWithdrawing] = useState<ClosureRule | null>(null);
  const all = rules.data ?? [];
  if (all.length === 0) return null;
  const ordered = [...all].sort(
    (a, b) => Number(b.status === 'ACTIVE') - Number(a.status === 'ACTIVE') || b.id - a.id,
  );

  const confirm = () => {
    if (!withdrawing) return;
    withdraw.mutate(
      { id: withdrawing.id },
      {
        onSuccess: (rule) => {
          setWithdrawing(null);
          notify({
            tone: 'success',
            title: t('closedDays.repeat.toast.withdrawn'),
            message: t('closedDays.repeat.toast.withdrawnMessage', { count: rule.reversed }),
          });
        },
        onError: (error) => {
          setWithdrawing(null);
          notify(
            failureToast(
              error,
              t('closedDays.repeat.toast.withdrawFailed'),
              t('closedDays.repeat.toast.withdrawFailedMessage'),
            ),
          );
        },
      },
    );
  };

  return (
    <Card aria-labelledby="rules-title">
      <div className={stack}>
        <h2 id="rules-title" className={sectionTitle}>
          {t('closedDays.repeat.title')}
        </h2>
        <ul className={styles.list}>
          {ordered.map((rule) => (
            <RuleItem
              key={rule.id}
              rule={rule}
              {...(rule.withdrawable && mayWithdraw
                ? { onWithdraw: () => setWithdrawing(rule) }
                : {})}
            />
          ))}
        </ul>
      </div>
      <Dialog
        open={withdrawing !== null}
        onOpenChange={(open) => {
          if (!open) setWithdrawing(null);
        }}
        title={t('closedDays.repeat.confirm.title')}
        description={
          withdrawing
            ? t('closedDays.repeat.confirm.description', { rule: words(withdrawing) })
            : ''
        }
        footer={
          <>
            <Button tone="secondary" onClick={() => setWithdrawing(null)}>
              {t('closedDays.repeat.confirm.cancel')}
            </Button>
            <Button tone="danger" busy={withdraw.isPending} onClick={confirm}>
              {t('closedDays.repeat.confirm.withdraw')}
            </Button>
          </>
        }
      >
        {null}
      </Dialog>
    </Card>
  );
}
