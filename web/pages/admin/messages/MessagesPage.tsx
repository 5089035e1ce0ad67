// The owner's Messages (issue 23): every notice with a WhatsApp form, newest first, with its
// customer, template, status as stored in the send queue (and the failure's reason) and whether it
// went by SMS instead; filtered by status. A message only written to the outbox on the server (its
// channel not set up) reads "Not sent", and has a filter of its own (issue 37, item 6).
import { useState } from 'react';
import {
  useWhatsappMessages,
  WHATSAPP_PAGE_SIZE,
  type WhatsappMessage,
  type WhatsappMessageFilter,
} from '@web/features/whatsapp';
import { WHATSAPP_MESSAGE_STATUSES } from '@machines/whatsapp';
import { EmptyState } from '@web/components/Card';
import { CustomerLink } from '@web/components/CustomerLink';
import { FilterButtons } from '@web/components/Filters';
import { PhoneNumber } from '@web/components/PhoneNumber';
import { Table, type Column } from '@web/components/Table';
import { PageHeader } from '@web/components/PageHeader';
import {
  WHATSAPP_STATUS_LABELS,
  WHATSAPP_TEMPLATE_LABELS,
  WhatsappStatus,
} from '@web/features/whatsapp';
import { useT } from '@web/i18n/i18n';
import { formatDateTime } from '@web/lib/format';
import { usePageOffset } from '@web/lib/usePageOffset';
import { muted, stack } from '@web/styles/utils.css';
import { PagedList } from '@web/components/Loaded';

type Filter = WhatsappMessageFilter | 'all';

/** When the message last moved: read, delivered, failed or sent, else when it was queued. */
const lastMoved = (m: WhatsappMessage) =>
  m.read_at ?? m.delivered_at ?? m.failed_at ?? m.sent_at ?? m.created_at;

export function MessagesPage() {
  const t = useT();
  const [filter, setFilter] = useState<Filter>('all');
  const [offset, setOffset] = usePageOffset([filter]);
  const messages = useWhatsappMessages(filter === 'all' ? null : filter, offset);
  const columns: Column<WhatsappMessage>[] = [
    {
      key: 'customer',
      header: t('messages.col.customer'),
      cell: (m) =>
        m.customer ? (
          <span className={stack}>
            <CustomerLink id={m.customer.id}>{m.customer.full_name}</CustomerLink>
            <span className={muted}>
              <PhoneNumber phone={m.to_phone} />
            </span>
          </span>
        ) : (
          <PhoneNumber phone={m.to_phone} />
        ),
    },
    {
      key: 'template',
      header: t('messages.col.template'),
      cell: (m) => (
        <span className={stack}>
          <span>{t(WHATSAPP_TEMPLATE_LABELS[m.template])}</span>
          <span className={muted}>{m.text}</span>
        </span>
      ),
    },
    {
      key: 'channel',
      header: t('messages.col.channel'),
      cell: (m) =>
        m.channel === 'sms' ? t('messages.channel.sms') : t('messages.channel.whatsapp'),
    },
    {
      key: 'status',
      header: t('messages.col.status'),
      cell: (m) => <WhatsappStatus message={m} reader="owner" />,
    },
    {
      key: 'when',
      header: t('messages.col.when'),
      cell: (m) => formatDateTime(lastMoved(m)),
    },
  ];
  const options = [
    { value: 'all' as const, label: t('messages.filter.all') },
    ...WHATSAPP_MESSAGE_STATUSES.map((status) => ({
      value: status,
      label: t(WHATSAPP_STATUS_LABELS[status]),
    })),
    { value: 'not_sent' as const, label: t('status.whatsapp.notSent') },
  ];
  return (
    <div className={stack}>
      <PageHeader title={t('messages.title')} intro={t('messages.intro')} />
      <FilterButtons
        label={t('messages.filter.status')}
        value={filter}
        options={options}
        onChange={setFilter}
      />
      <PagedList
        read={messages}
        loading={t('messages.loading')}
        failed={t('messages.loadFailed')}
        toast={t('messages.toast.loadFailed')}
        empty={
          <EmptyState title={t('messages.empty.title')}>
            <p className={muted}>
              {filter === 'all' ? t('messages.empty.all') : t('messages.empty.filtered')}
            </p>
          </EmptyState>
        }
        pager={{
          label: t('messages.title'),
          offset,
          onOffset: setOffset,
          limit: WHATSAPP_PAGE_SIZE,
        }}
        pagerUnderRows
      >
        {(rows) => (
          <Table caption={t('messages.title')} columns={columns} rows={rows} rowKey={(m) => m.id} />
        )}
      </PagedList>
    </div>
  );
}
