// The owner's audit log: who did what and when, filtered by action, person and dates, with the
// fields before and after each action one click away. The log itself never changes.
import { useState } from 'react';
import { useAuditLog, type AuditEntry, type AuditQuery } from '@web/api/audit';
import { PAGE_SIZE } from '@web/api/admin';
import { Button, ExpandButton } from '@web/components/Button';
import { Badge, EmptyState } from '@web/components/Card';
import { DateField } from '@web/components/DateField';
import { TextField } from '@web/components/Field';
import { Table, type Column } from '@web/components/Table';
import { PageHeader } from '@web/components/PageHeader';
import { t as translate, useT } from '@web/i18n/i18n';
import { personName } from '@web/i18n/labels';
import { formatDateTime } from '@web/lib/format';
import { muted, stack, visuallyHidden } from '@web/styles/utils.css';
import { useDebounced } from '@web/lib/useDebounced';
import { useExpandable } from '@web/lib/useExpandable';
import { usePageOffset } from '@web/lib/usePageOffset';
import * as styles from './AuditLogPage.css';
import { PagedList } from '@web/components/Loaded';

/** Suggestions for the action filter: a kind (`refund`) or one action (`refund.mark_paid`). */
const KNOWN_ACTIONS = [
  'leave',
  'leave.approve',
  'leave.reject',
  'refund',
  'refund.approve',
  'refund.reject',
  'refund.mark_paid',
  'refund.view_payout',
  'feedback',
  'feedback.respond',
  'feedback.set_status',
  'plan',
  'plan.create',
  'plan.update',
  'plan.archive',
  'plan.delete',
  'payment',
  'payment.record_offline',
  'subscription',
  'subscription.adjust',
  'subscription.adjust_all',
  'closed_day',
  'closed_day.add',
  'closed_day.remove',
  'closure_rule',
  'closure_rule.add',
  'closure_rule.withdraw',
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A field's value as one readable line. */
function show(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return translate('audit.none');
  if (typeof value === 'string') return value === '' ? translate('audit.empty') : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function Changes({ entry }: { entry: AuditEntry }) {
  const t = useT();
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return (
    <section className={styles.changes} aria-label={t('audit.changesLabel', { id: entry.id })}>
      <p className={muted}>
        {entry.object_type}
        {entry.object_id !== null ? ` #${entry.object_id}` : ''} · {entry.action} ·{' '}
        {t('audit.beforeAfter')}
      </p>
      {fields.length === 0 ? (
        <p>{t('audit.noFields')}</p>
      ) : (
        // A list, not a nested table: on a phone the log's rows become cards and a table in a
        // card would lose its columns.
        <dl className={styles.changeList}>
          {fields.map((field) => {
            const was = entry.before === null ? undefined : before[field];
            const now = entry.after === null ? undefined : after[field];
            return (
              <div key={field} className={styles.changeRow}>
                <dt className={styles.field}>{field}</dt>
                <dd className={styles.values}>
                  <span>{show(was)}</span>
                  <span aria-hidden="true"> → </span>
                  <span className={visuallyHidden}> {t('audit.changedTo')} </span>
                  <span className={show(was) !== show(now) ? styles.changed : undefined}>
                    {show(now)}
                  </span>
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </section>
  );
}

export function AuditLogPage() {
  const t = useT();
  const [action, setAction] = useState('');
  const [actor, setActor] = useState('');
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const { expanded, toggle } = useExpandable();
  const typedAction = useDebounced(action.trim(), 300);
  const typedActor = useDebounced(actor.trim(), 300);
  const [offset, setOffset] = usePageOffset([typedAction, typedActor, dateFrom, dateTo]);
  const query: AuditQuery = {
    limit: PAGE_SIZE,
    offset,
    ...(typedAction ? { action: typedAction } : {}),
    ...(typedActor ? { actor: typedActor } : {}),
    ...(DATE.test(dateFrom) ? { date_from: dateFrom } : {}),
    ...(DATE.test(dateTo) ? { date_to: dateTo } : {}),
  };
  const log = useAuditLog(query);

  const columns: Column<AuditEntry>[] = [
    {
      key: 'when',
      header: t('audit.col.when'),
      cell: (entry) => <span className={styles.nowrap}>{formatDateTime(entry.at)}</span>,
    },
    // An erased customer's entries are signed with the username the erasure gave them.
    { key: 'who', header: t('audit.col.who'), cell: (entry) => personName(entry.actor) },
    {
      key: 'what',
      header: t('audit.col.what'),
      cell: (entry) => (
        <span className={styles.what}>
          {/* The action's name and what happened, both in the reader's language (the server's). */}
          <Badge>{entry.action_label}</Badge>
          <span>{entry.summary}</span>
        </span>
      ),
    },
    {
      key: 'details',
      header: t('audit.col.details'),
      cell: (entry) => (
        <ExpandButton
          expanded={expanded.has(entry.id)}
          onToggle={() => toggle(entry.id)}
          text={[t('audit.showChanges'), t('audit.hide')]}
          label={[
            t('audit.showChangesLabel', { id: entry.id }),
            t('audit.hideChangesLabel', { id: entry.id }),
          ]}
        />
      ),
    },
  ];

  const filtered = Boolean(action || actor || dateFrom || dateTo);
  return (
    <div className={stack}>
      <PageHeader title={t('audit.title')} intro={t('audit.intro')} />
      <div className={styles.filters} role="search" aria-label={t('audit.filterLabel')}>
        <TextField
          label={t('audit.action')}
          list="audit-actions"
          placeholder={t('audit.actionPlaceholder')}
          // Action codes (refund.approve) are typed as they are, in any language.
          translate="no"
          value={action}
          onChange={(event) => setAction(event.target.value)}
          autoComplete="off"
        />
        <datalist id="audit-actions">
          {KNOWN_ACTIONS.map((known) => (
            <option key={known} value={known} />
          ))}
        </datalist>
        <TextField
          label={t('audit.col.who')}
          placeholder={t('audit.username')}
          value={actor}
          onChange={(event) => setActor(event.target.value)}
          autoComplete="off"
        />
        <DateField
          label={t('audit.from')}
          placeholder={t('audit.anyDate')}
          value={dateFrom}
          onChange={(event) => setDateFrom(event.target.value)}
        />
        <DateField
          label={t('audit.to')}
          placeholder={t('audit.anyDate')}
          value={dateTo}
          onChange={(event) => setDateTo(event.target.value)}
        />
        {filtered ? (
          <Button
            tone="ghost"
            onClick={() => {
              setAction('');
              setActor('');
              setDateFrom('');
              setDateTo('');
            }}
          >
            {t('audit.clearFilters')}
          </Button>
        ) : null}
      </div>
      <PagedList
        read={log}
        loading={t('audit.loading')}
        failed={t('audit.loadFailed')}
        toast={t('audit.toast.loadFailed')}
        empty={
          <EmptyState title={t('audit.noEntries')}>
            {filtered ? t('audit.noMatches') : t('audit.emptyText')}
          </EmptyState>
        }
        pager={{ label: t('audit.caption'), offset, onOffset: setOffset }}
      >
        {(rows) => (
          <Table
            caption={t('audit.caption')}
            columns={columns}
            rows={rows}
            rowKey={(entry) => entry.id}
            expanded={(entry) => (expanded.has(entry.id) ? <Changes entry={entry} /> : null)}
          />
        )}
      </PagedList>
    </div>
  );
}
