// A customer's account with the mess (khata): what they owe, since when, each subscription that
// still owes, and every charge, payment, credit and refund with the balance after it. The customer
// reads their own on Payment History; the owner reads anyone's from the dues list.
import type { ReactNode } from 'react';
import type { LedgerEntry, Statement } from './dues.api';
import { Card } from '@web/components/Card';
import { StatusBadge } from '@web/components/StatusBadge';
import { Table, type Column } from '@web/components/Table';
import { useT, type MessageId, type Translate } from '@web/i18n/i18n';
import { planText } from '@web/i18n/labels';
import { formatDate, formatRupees } from '@web/lib/format';
import { muted, sectionTitle, stack } from '@web/styles/utils.css';
import { paymentModeLabel } from '@machines/payment';
import * as styles from './Statement.css';

/** How money came, in the reader's language; a mode without a message as the machine names it. */
const MODE_MESSAGES: Readonly<Record<string, MessageId>> = {
  cash: 'ledger.mode.cash',
  upi: 'ledger.mode.upi',
  bank_transfer: 'ledger.mode.bank_transfer',
  card: 'ledger.mode.card',
  netbanking: 'ledger.mode.netbanking',
  wallet: 'ledger.mode.wallet',
  emi: 'ledger.mode.emi',
  paylater: 'ledger.mode.paylater',
  sandbox: 'ledger.mode.sandbox',
};

function modeText(t: Translate, mode: string | null): string | null {
  if (mode === null) return null;
  const id = MODE_MESSAGES[mode];
  return id ? t(id) : paymentModeLabel(mode);
}

/** What an entry was, in the reader's language: its kind, plan and, for a payment, how. */
function entryText(t: Translate, entry: LedgerEntry): string {
  const plan =
    entry.plan_name !== null
      ? planText(entry.plan_name, entry.plan_name_hi)
      : entry.subscription
        ? `#${entry.subscription}`
        : '';
  if (entry.advance) {
    // Money paid beyond what was owed: kept, used for a bill, or paid back.
    if (entry.kind === 'refund') return t('ledger.entry.advancePaidBack');
    if (entry.kind === 'charge') return t('ledger.entry.advanceUsed');
    if (entry.subscription !== null) return t('ledger.entry.paidFromAdvance', { plan });
    const receipt = entry.payment?.receipt_number;
    return [
      t('ledger.entry.advance'),
      receipt ? t('ledger.entry.receipt', { number: receipt }) : '',
    ]
      .filter(Boolean)
      .join(' ');
  }
  if (entry.kind === 'payment') {
    const how = entry.payment ? modeText(t, entry.payment.payment_mode) : null;
    const receipt = entry.payment?.receipt_number;
    return [
      t('ledger.entry.payment', { plan }),
      how ? `(${how})` : '',
      receipt ? t('ledger.entry.receipt', { number: receipt }) : '',
    ]
      .filter(Boolean)
      .join(' ');
  }
  if (entry.kind === 'charge') return t('ledger.entry.charge', { plan });
  if (entry.kind === 'credit') return t('ledger.entry.credit', { plan });
  return t('ledger.entry.refund', { plan });
}

/** The balance as a sentence: owed, nothing, or in credit. */
function balanceText(t: Translate, statement: Statement, reader: 'customer' | 'owner'): string {
  const amount = formatRupees(Math.abs(statement.balance));
  if (statement.balance > 0) {
    return reader === 'customer'
      ? t('ledger.balance.youOwe', { amount })
      : t('ledger.balance.owes', { amount });
  }
  if (statement.balance < 0) return t('ledger.balance.inCredit', { amount });
  return t('ledger.balance.settled');
}

export function StatementView({
  statement,
  reader,
  actions,
}: {
  statement: Statement;
  reader: 'customer' | 'owner';
  /** Buttons for the dues machine's actions, drawn by the page that knows what they do. */
  actions?: ReactNode;
}) {
  const t = useT();
  const columns: Column<LedgerEntry>[] = [
    { key: 'date', header: t('ledger.column.date'), cell: (e) => formatDate(e.occurred_on) },
    { key: 'what', header: t('ledger.column.what'), cell: (e) => entryText(t, e) },
    {
      key: 'amount',
      header: t('ledger.column.amount'),
      cell: (e) => <span className={styles.amount}>{formatRupees(e.amount)}</span>,
    },
    {
      key: 'balance',
      header: t('ledger.column.balance'),
      cell: (e) => <span className={styles.amount}>{formatRupees(e.balance)}</span>,
    },
  ];
  return (
    <Card aria-labelledby="statement-title" className={stack}>
      <div className={styles.head}>
        <div>
          <h2 id="statement-title" className={sectionTitle}>
            {reader === 'customer' ? t('ledger.title.mine') : t('ledger.title.customer')}
          </h2>
          <p className={styles.balance} data-testid="statement-balance">
            {balanceText(t, statement, reader)}
          </p>
          {statement.advance > 0 ? (
            <p>
              {reader === 'customer'
                ? t('ledger.advance.mine', { amount: formatRupees(statement.advance) })
                : t('ledger.advance.customer', { amount: formatRupees(statement.advance) })}
            </p>
          ) : null}
          {statement.due_since ? (
            <p className={muted}>
              {t('ledger.dueSince', {
                date: formatDate(statement.due_since),
                days: statement.days_due,
              })}
            </p>
          ) : null}
        </div>
        <StatusBadge status={statement.status} lifecycle="dues" />
      </div>
      {statement.subscriptions_due.length > 0 ? (
        <ul className={styles.dueList} aria-label={t('ledger.dueListLabel')}>
          {statement.subscriptions_due.map((due) => (
            <li key={due.id} className={styles.dueItem}>
              <span>
                {planText(due.plan_name, due.plan_name_hi)} <span className={muted}>#{due.id}</span>
              </span>
              <span className={styles.amount}>
                {t('ledger.subscriptionDue', {
                  due: formatRupees(due.amount_due),
                  price: formatRupees(due.total_paid),
                })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {actions}
      {statement.entries.length === 0 ? (
        <p className={muted}>{t('ledger.empty')}</p>
      ) : (
        <Table
          caption={t('ledger.tableCaption')}
          columns={columns}
          rows={statement.entries}
          rowKey={(entry) => entry.id}
        />
      )}
    </Card>
  );
}
