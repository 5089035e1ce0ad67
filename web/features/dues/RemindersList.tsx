// The Dues page's list of reminders (issue 21): what the owner's schedule sent or holds queued,
// newest first, with the pay link each dues reminder carried. The schedule is set in Settings.
import { useState } from 'react';
import { REMINDERS_PAGE_SIZE, useReminders, type ReminderSend } from './dues.api';
import { ButtonLink } from '@web/components/Button';
import { Card } from '@web/components/Card';
import { CustomerLink } from '@web/components/CustomerLink';
import { Pager } from '@web/components/Filters';
import { Table, type Column } from '@web/components/Table';
import { useT, type MessageId } from '@web/i18n/i18n';
import { formatDateTime, formatRupees } from '@web/lib/format';
import { useMayCall } from '@web/session/SessionProvider';
import { muted, sectionTitle, stack } from '@web/styles/utils.css';

const KIND_LABELS: Record<ReminderSend['kind'], MessageId> = {
  dues: 'superuser.dues.reminders.kind.dues',
  expiry: 'superuser.dues.reminders.kind.expiry',
};

const STATUS_LABELS: Record<ReminderSend['status'], MessageId> = {
  queued: 'superuser.dues.reminders.status.queued',
  sent: 'superuser.dues.reminders.status.sent',
  skipped: 'superuser.dues.reminders.status.skipped',
};

export function RemindersList() {
  const t = useT();
  const mayCall = useMayCall();
  const [offset, setOffset] = useState(0);
  const reminders = useReminders(offset);
  const columns: Column<ReminderSend>[] = [
    {
      key: 'customer',
      header: t('superuser.dues.reminders.column.customer'),
      cell: (r) => <CustomerLink id={r.customer.id}>{r.customer.full_name}</CustomerLink>,
    },
    {
      key: 'kind',
      header: t('superuser.dues.reminders.column.kind'),
      cell: (r) =>
        r.number === null
          ? t(KIND_LABELS[r.kind])
          : t('superuser.dues.reminders.numbered', {
              kind: t(KIND_LABELS[r.kind]),
              number: r.number,
            }),
    },
    {
      key: 'status',
      header: t('superuser.dues.reminders.column.status'),
      cell: (r) => t(STATUS_LABELS[r.status]),
    },
    {
      key: 'when',
      header: t('superuser.dues.reminders.column.when'),
      cell: (r) => formatDateTime(r.sent_at ?? r.created_at),
    },
    {
      key: 'link',
      header: t('superuser.dues.reminders.column.link'),
      cell: (r) =>
        r.payment_link ? (
          <a href={r.payment_link.short_url} target="_blank" rel="noreferrer">
            {formatRupees(r.payment_link.amount)}
          </a>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Card aria-labelledby="reminders-title" className={stack}>
      <h2 id="reminders-title" className={sectionTitle}>
        {t('superuser.dues.reminders.title')}
      </h2>
      <p className={muted}>{t('superuser.dues.reminders.intro')}</p>
      {reminders.data && reminders.data.rows.length > 0 ? (
        <>
          <Table
            caption={t('superuser.dues.reminders.title')}
            columns={columns}
            rows={reminders.data.rows}
            rowKey={(r) => r.id}
          />
          <Pager
            offset={offset}
            limit={REMINDERS_PAGE_SIZE}
            total={reminders.data.total}
            onOffset={setOffset}
            label={t('superuser.dues.reminders.title')}
          />
        </>
      ) : (
        <p className={muted}>
          {reminders.isError
            ? t('superuser.dues.reminders.loadFailed')
            : t('superuser.dues.reminders.empty')}
        </p>
      )}
      <div>
        <ButtonLink href="/admin/settings" tone="secondary">
          {/* A manager reads the schedule in Settings; only the owner changes it. */}
          {t(
            mayCall('ownerUpdateSettings')
              ? 'superuser.dues.reminders.schedule'
              : 'superuser.dues.reminders.scheduleReadOnly',
          )}
        </ButtonLink>
      </div>
    </Card>
  );
}
