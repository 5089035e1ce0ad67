// The owner's Messages (issue 23): every notice with a WhatsApp form, newest first, with its
// customer, template, status as stored in the send queue (and the failure's reason) and whether it
// went by SMS instead; filtered by status.
import { useState } from 'react';
import {
  useWhatsappMessages,
  WHATSAPP_PAGE_SIZE,
  type WhatsappMessage,
  type WhatsappMessageStatus,
} from '@web/features/whatsapp';
import { WHATSAPP_MESSAGE_STATUSES } from '@machines/whatsapp';
import { Card, EmptyState } from '@web/components/Card';
import { CustomerLink } from '@web/components/CustomerLink';
import { FilterButtons, Pager } from '@web/components/Filters';
import { PhoneNumber } from '@web/components/PhoneNumber';
import { PageSpinner } from '@web/components/Spinner';
import { Table, type Column } from '@web/components/Table';
import { useErrorToast } from '@web/components/useErrorToast';
import {
  WHATSAPP_STATUS_LABELS,
  WHATSAPP_TEMPLATE_LABELS,
  WhatsappStatus,
} from '@web/features/whatsapp';
import { useT } from '@web/i18n/i18n';
import { formatDateTime } from '@web/lib/format';
import { usePageOffset } from '@web/lib/usePageOffset';
import { muted, pageHeader, pageTitle, stack } from '@web/styles/utils.css';

type Filter = WhatsappMessageStatus | 'all';

/** When the message last moved: read, delivered, failed or sent, else when it was queued. */
const lastMoved = (m: WhatsappMessage) =>
  m.read_at ?? m.delivered_at ?? m.failed_at ?? m.sent_at ?? m.created_at;

export function MessagesPage() {
  const t = useT();
  const [filter, setFilter] = useState<Filter>('all');
  const [offset, setOffset] = usePageOffset([filter]);
  const messages = useWhatsappMessages(filter === 'all' ? null : filter, offset);
  useErrorToast(messages.isError, t('messages.toast.loadFailed'), t('messages.loadFailed'));
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
        m.status === 'sms' || m.fallback
          ? t('messages.channel.sms')
          : t('messages.channel.whatsapp'),
    },
    {
      key: 'status',
      header: t('messages.col.status'),
      cell: (m) => <WhatsappStatus message={m} />,
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
  ];
  return (
    <div className={stack}>
      <header className={pageHeader}>
        <div>
          <h1 className={pageTitle}>{t('messages.title')}</h1>
          <p className={muted}>{t('messages.intro')}</p>
        </div>
      </header>
      <FilterButtons
        label={t('messages.filter.status')}
        value={filter}
        options={options}
        onChange={setFilter}
      />
      {messages.isPending ? (
        <PageSpinner label={t('messages.loading')} />
      ) : messages.isError || !messages.data ? (
        <Card role="alert">{t('messages.loadFailed')}</Card>
      ) : messages.data.rows.length === 0 ? (
        <EmptyState title={t('messages.empty.title')}>
          <p className={muted}>
            {filter === 'all' ? t('messages.empty.all') : t('messages.empty.filtered')}
          </p>
        </EmptyState>
      ) : (
        <>
          <Table
            caption={t('messages.title')}
            columns={columns}
            rows={messages.data.rows}
            rowKey={(m) => m.id}
          />
          <Pager
            label={t('messages.title')}
            offset={offset}
            limit={WHATSAPP_PAGE_SIZE}
            total={messages.data.total}
            onOffset={setOffset}
          />
        </>
      )}
    </div>
  );
}
