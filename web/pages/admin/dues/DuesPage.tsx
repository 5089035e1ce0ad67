// Who owes what (issue 21): every customer's account by the dues machine's status, oldest dues
// first, filtered by status, age and a search; a customer's statement opens beside the list, with
// a link to their page where money is recorded. The CSV holds every matching row. Below, the
// reminders the owner's schedule sent.
import { formatPhone } from '@machines/shared';
import { PhoneNumber } from '@web/components/PhoneNumber';
import { WhatsappChatLink } from '@web/components/WhatsappChatLink';
import { useState } from 'react';
import {
  DUES_PAGE_SIZE,
  RefundAdvanceDialog,
  RemindersList,
  useCustomerStatement,
  useDues,
  useDuesCsv,
  useDuesSummary,
  type DuesAge,
  type DuesFilter,
  type DuesRow,
} from '@web/features/dues';
import { Button, ButtonLink, SmallButton } from '@web/components/Button';
import { Badge, Card, EmptyState, StatCard } from '@web/components/Card';
import { Skeleton } from '@web/components/Skeleton';
import { CustomerLink, customerPath } from '@web/components/CustomerLink';
import { Dialog } from '@web/components/Dialog';
import { Checkbox, SelectField, TextField } from '@web/components/Field';
import { holdShort } from '@web/features/dues';
import { FilterButtons, Pager } from '@web/components/Filters';
import { PageSpinner } from '@web/components/Spinner';
import { StatementView } from '@web/features/dues';
import { StatusBadge } from '@web/components/StatusBadge';
import { Table, type Column, column } from '@web/components/Table';
import { useToast } from '@web/components/Toaster';
import { useErrorToast } from '@web/components/useErrorToast';
import { useOwnerSubscription } from '@web/features/subscription';
import { RecordPaymentDialog } from '@web/features/payment';
import { useT, type MessageId } from '@web/i18n/i18n';
import { saveFile } from '@web/lib/download';
import { formatDate, formatRupees, todayIso } from '@web/lib/format';
import { muted, row, stack, statGrid } from '@web/styles/utils.css';
import { failureToast } from '@web/api/errors';
import { useMayCall } from '@web/session/SessionProvider';
import { PageHeader } from '@web/components/PageHeader';

const FILTERS: readonly DuesFilter[] = ['owing', 'overdue', 'due', 'in_credit'];
const AGES: readonly DuesAge[] = ['0_15', '16_30', 'over_30'];

const FILTER_LABELS: Record<DuesFilter, MessageId> = {
  owing: 'superuser.dues.filter.owing',
  overdue: 'superuser.dues.filter.overdue',
  due: 'superuser.dues.filter.due',
  in_credit: 'superuser.dues.filter.in_credit',
};

const AGE_LABELS: Record<DuesAge, MessageId> = {
  '0_15': 'superuser.dues.age.0_15',
  '16_30': 'superuser.dues.age.16_30',
  over_30: 'superuser.dues.age.over_30',
};

export function DuesPage() {
  const t = useT();
  const notify = useToast();
  const [status, setStatus] = useState<DuesFilter>('owing');
  const [age, setAge] = useState<DuesAge | ''>('');
  const [search, setSearch] = useState('');
  const [held, setHeld] = useState(false);
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<DuesRow | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [recording, setRecording] = useState<number | null>(null);
  const query = {
    status,
    ...(age ? { age } : {}),
    ...(held ? { held: true } : {}),
    search: search.trim(),
  };
  const dues = useDues({ ...query, offset });
  const summary = useDuesSummary();
  const downloadCsv = useDuesCsv();
  useErrorToast(dues.isError, t('superuser.dues.toast.loadFailed'), t('superuser.dues.loadFailed'));

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await downloadCsv(query), `dues_${todayIso()}.csv`);
    } catch (error) {
      notify(
        failureToast(
          error,
          t('superuser.dues.toast.downloadFailed'),
          t('superuser.dues.loadFailed'),
        ),
      );
    } finally {
      setDownloading(false);
    }
  };

  const columns: Column<DuesRow>[] = [
    column('customer', t('superuser.dues.column.customer'), (r) => (
      <CustomerLink id={r.customer.id}>{r.customer.full_name}</CustomerLink>
    )),
    {
      key: 'phone',
      header: t('superuser.dues.column.phone'),
      // Tap to call, as everywhere the owner sees a customer's number.
      // And a WhatsApp message with the amount and the pay page, for an owner without the Cloud API.
      cell: (r) =>
        r.customer.phone ? (
          <span className={stack}>
            <PhoneNumber phone={r.customer.phone} />
            {r.balance > 0 ? (
              <WhatsappChatLink
                phone={r.customer.phone}
                name={r.customer.full_name}
                message={{ kind: 'dues_reminder', amountRupees: r.balance }}
              />
            ) : null}
          </span>
        ) : (
          '—'
        ),
    },
    column('balance', t('superuser.dues.column.balance'), (r) => formatRupees(Math.abs(r.balance))),
    {
      key: 'since',
      header: t('superuser.dues.column.since'),
      cell: (r) =>
        r.due_since
          ? t('superuser.dues.since', { date: formatDate(r.due_since), days: r.days_due })
          : '—',
    },
    {
      key: 'status',
      header: t('superuser.dues.column.status'),
      cell: (r) => (
        <span className={row}>
          <StatusBadge status={r.status} lifecycle="dues" />
          {/* The word and the reason, not the colour alone. */}
          {r.hold ? (
            <Badge tone="danger">
              {t('hold.badge')} · {holdShort(t, r.hold)}
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      key: 'statement',
      header: t('superuser.dues.column.statement'),
      cell: (r) => (
        <SmallButton
          onClick={() => setOpen(r)}
          aria-label={t('superuser.dues.openStatementFor', { name: r.customer.full_name })}
        >
          {t('superuser.dues.openStatement')}
        </SmallButton>
      ),
    },
  ];

  const s = summary.data;
  return (
    <div className={stack}>
      <PageHeader title={t('superuser.dues.title')}>
        <Button tone="secondary" busy={downloading} onClick={() => void download()}>
          {t('superuser.dues.downloadCsv')}
        </Button>
      </PageHeader>
      {summary.isError ? null : (
        // The figures keep their place while they load, so the filters and the list below do not
        // move (on a slow network they came in after the list and pushed it down the screen).
        <Skeleton loading={summary.isPending} label={t('superuser.dues.loadingFigures')}>
          <div className={statGrid}>
            <StatCard
              label={t('superuser.dues.stat.total')}
              value={formatRupees(s?.total_due ?? 0)}
            />
            <StatCard label={t('superuser.dues.stat.customers')} value={s?.customers_due ?? 0} />
            <StatCard
              label={t('superuser.dues.stat.overdue')}
              value={`${formatRupees(s?.overdue_total ?? 0)} (${s?.customers_overdue ?? 0})`}
            />
            <StatCard
              label={t('superuser.dues.stat.inCredit')}
              value={formatRupees(s?.in_credit_total ?? 0)}
            />
          </div>
        </Skeleton>
      )}
      <Card className={stack}>
        <FilterButtons
          label={t('superuser.dues.filterLabel')}
          value={status}
          options={FILTERS.map((value) => ({ value, label: t(FILTER_LABELS[value]) }))}
          onChange={(value) => {
            setStatus(value);
            setOffset(0);
          }}
        />
        <div className={row}>
          <SelectField
            label={t('superuser.dues.age')}
            value={age}
            onChange={(event) => {
              setAge(event.target.value as DuesAge | '');
              setOffset(0);
            }}
            options={[
              { value: '', label: t('superuser.dues.age.all') },
              ...AGES.map((value) => ({ value, label: t(AGE_LABELS[value]) })),
            ]}
          />
          <Checkbox
            label={t('superuser.dues.filter.held')}
            checked={held}
            onChange={(event) => {
              setHeld(event.target.checked);
              setOffset(0);
            }}
          />
          <TextField
            label={t('superuser.dues.search')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setOffset(0);
            }}
          />
        </div>
      </Card>
      {dues.isPending ? (
        <PageSpinner label={t('superuser.dues.loading')} />
      ) : dues.isError ? (
        <Card role="alert">{t('superuser.dues.loadFailed')}</Card>
      ) : dues.data.rows.length === 0 ? (
        <EmptyState title={t('superuser.dues.empty.title')}>
          <p className={muted}>{t('superuser.dues.empty.text')}</p>
        </EmptyState>
      ) : (
        <>
          <Table
            caption={t('superuser.dues.caption')}
            columns={columns}
            rows={dues.data.rows}
            rowKey={(r) => r.customer.id}
          />
          <Pager
            offset={offset}
            limit={DUES_PAGE_SIZE}
            total={dues.data.total}
            onOffset={setOffset}
            label={t('superuser.dues.caption')}
          />
        </>
      )}
      <RemindersList />
      {open ? (
        <StatementDialog
          row={open}
          onClose={() => setOpen(null)}
          onRecord={(id) => {
            setOpen(null);
            setRecording(id);
          }}
        />
      ) : null}
      {recording !== null ? <RecordFor id={recording} onClose={() => setRecording(null)} /> : null}
    </div>
  );
}

/** The counter's Record Payment for one subscription that still owes, loaded fresh. */
function RecordFor({ id, onClose }: { id: number; onClose: () => void }) {
  const subscription = useOwnerSubscription(id);
  return <RecordPaymentDialog subscription={subscription.data ?? null} onClose={onClose} />;
}

function StatementDialog({
  row: r,
  onClose,
  onRecord,
}: {
  row: DuesRow;
  onClose: () => void;
  onRecord: (subscriptionId: number) => void;
}) {
  const t = useT();
  const mayCall = useMayCall();
  const statement = useCustomerStatement(r.customer.id);
  const [payingBack, setPayingBack] = useState(false);
  const holdsAdvance = statement.data?.actions.includes('dues.refund_advance') ?? false;
  // Paying an advance back is the owner's: a manager reads what is held, and who pays it back.
  const canPayBack = holdsAdvance && mayCall('ownerRefundAdvance');
  return (
    <Dialog
      open
      wide
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('superuser.dues.statementTitle', { name: r.customer.full_name })}
      description={r.customer.phone ? formatPhone(r.customer.phone) : r.customer.username}
    >
      {statement.data ? (
        <StatementView
          statement={statement.data}
          reader="owner"
          actions={
            holdsAdvance ? (
              <div className={row}>
                <strong>
                  {t('superuser.dues.advance', { amount: formatRupees(statement.data.advance) })}
                </strong>
                {canPayBack ? (
                  <Button size="sm" onClick={() => setPayingBack(true)}>
                    {t('superuser.dues.refundAdvance')}
                  </Button>
                ) : (
                  <span className={muted}>{t('superuser.dues.advanceOwner')}</span>
                )}
              </div>
            ) : statement.data.actions.includes('dues.record_payment') ? (
              <div className={row}>
                {statement.data.subscriptions_due.map((due) => (
                  <Button key={due.id} size="sm" onClick={() => onRecord(due.id)}>
                    {t('superuser.dues.recordPayment', { id: due.id })}
                  </Button>
                ))}
                <ButtonLink
                  tone="secondary"
                  size="sm"
                  href={customerPath(r.customer.id, '/admin/dues')}
                >
                  {t('superuser.dues.customerPage')}
                </ButtonLink>
              </div>
            ) : null
          }
        />
      ) : statement.isError ? (
        <p role="alert">{t('superuser.dues.loadFailed')}</p>
      ) : (
        <PageSpinner label={t('superuser.dues.loading')} />
      )}
      {payingBack && statement.data ? (
        <RefundAdvanceDialog
          customer={r.customer}
          heldRupees={statement.data.advance}
          onClose={() => setPayingBack(false)}
        />
      ) : null}
    </Dialog>
  );
}
