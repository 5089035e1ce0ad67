// Notification history: one card per notice (its e-mail and SMS together), each channel with its
// own status, filtered by status and paged. A message only written to the outbox on the server
// (its channel not set up) reads "Not sent", never "Sent" (issue 37, item 6).
import { useEffect, useState } from 'react';
import {
  NOTIFICATIONS_PAGE_SIZE,
  useNotifications,
  type NotificationEvent,
  type NotificationFilter,
} from '@web/api/queries';
import { Badge, Card, EmptyState } from '@web/components/Card';
import { StatusBadge } from '@web/components/StatusBadge';
import { SelectField } from '@web/components/Field';
import { Pager } from '@web/components/Filters';
import { PageSpinner } from '@web/components/Spinner';
import { useToast } from '@web/components/Toaster';
import { PageHeader } from '@web/components/PageHeader';
import { useT, type MessageId } from '@web/i18n/i18n';
import { lifecycleLabel } from '@web/i18n/labels';
import { formatDateTime } from '@web/lib/format';
import { usePageOffset } from '@web/lib/usePageOffset';
import { cardHead, cardList } from '@web/styles/list.css';
import { muted, small, stack } from '@web/styles/utils.css';
import { noticeTitle } from './noticeTitles';
import * as styles from './NotificationsPage.css';
import { formatPhone } from '@machines/shared';
import { useMyWhatsappMessages, WHATSAPP_PAGE_SIZE } from '@web/features/whatsapp';
import { WHATSAPP_TEMPLATE_LABELS, WhatsappStatus } from '@web/features/whatsapp';

const CHANNEL_NAMES = {
  email: 'notifications.channel.email',
  sms: 'notifications.channel.sms',
} as const satisfies Record<NotificationEvent['channels'][number]['channel'], MessageId>;

/** Why a message written to the outbox on the server reached no one: its channel is not set up. */
const NOT_SET_UP = {
  email: 'notifications.notSetUp.email',
  sms: 'notifications.notSetUp.sms',
} as const satisfies Record<NotificationEvent['channels'][number]['channel'], MessageId>;

function NoticeCard({ notice }: { notice: NotificationEvent }) {
  const t = useT();
  const headingId = `notification-${notice.id}`;
  const title = noticeTitle(t, notice);
  return (
    <Card aria-labelledby={headingId}>
      <div className={cardHead()}>
        <h2 id={headingId} className={styles.title}>
          {title}
        </h2>
        <time dateTime={notice.created_at} className={`${muted} ${small}`}>
          {formatDateTime(notice.created_at)}
        </time>
      </div>
      {notice.text ? <p className={styles.text}>{notice.text}</p> : null}
      <ul className={styles.channels} aria-label={t('notifications.sentVia', { title })}>
        {notice.channels.map((channel) => (
          <li key={channel.log_id} className={styles.channel}>
            {/* The spaces keep the words apart for screen readers and copied text. */}
            <span className={styles.channelName}>{t(CHANNEL_NAMES[channel.channel])}</span>{' '}
            {channel.recipient ? (
              <span className={styles.recipient}>
                {t('notifications.to', { recipient: formatPhone(channel.recipient) })}
              </span>
            ) : null}{' '}
            {channel.provider === 'outbox' && channel.status === 'sent' ? (
              // Written to the outbox, it is "sent" there, but it reached no one.
              <>
                <Badge tone="warning">{t('notifications.notSent')}</Badge>
                <span className={styles.failure}>{t(NOT_SET_UP[channel.channel])}</span>
              </>
            ) : (
              <StatusBadge status={channel.status} lifecycle="notification" />
            )}
            {channel.status === 'failed' ? (
              <span className={styles.failure}>
                {channel.error_message
                  ? t('notifications.notDeliveredReason', { reason: channel.error_message })
                  : t('notifications.notDelivered')}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * The customer's notices that had a WhatsApp form: the message as it reads and how it went, as the
 * send queue stored it (read, failed…, or by SMS instead). Nothing when there are none.
 */
function WhatsappMessages() {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const messages = useMyWhatsappMessages(offset);
  const rows = messages.data?.rows ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="whatsapp-messages" className={stack}>
      <h2 id="whatsapp-messages" className={styles.title}>
        {t('notifications.whatsapp.title')}
      </h2>
      <p className={muted}>{t('notifications.whatsapp.intro')}</p>
      <ul className={cardList} aria-label={t('notifications.whatsapp.title')}>
        {rows.map((message) => (
          <li key={message.id}>
            <Card aria-labelledby={`whatsapp-${message.id}`}>
              <div className={cardHead()}>
                <h3 id={`whatsapp-${message.id}`} className={styles.title}>
                  {t(WHATSAPP_TEMPLATE_LABELS[message.template])}
                </h3>
                <time dateTime={message.created_at} className={`${muted} ${small}`}>
                  {formatDateTime(message.created_at)}
                </time>
              </div>
              <p className={styles.text}>{message.text}</p>
              <p className={styles.channel}>
                <span className={styles.channelName}>{t('notifications.channel.whatsapp')}</span>{' '}
                <WhatsappStatus message={message} reader="customer" />
              </p>
            </Card>
          </li>
        ))}
      </ul>
      <Pager
        label={t('notifications.whatsapp.title')}
        offset={offset}
        limit={WHATSAPP_PAGE_SIZE}
        total={messages.data?.total ?? 0}
        onOffset={setOffset}
      />
    </section>
  );
}

export function NotificationsPage() {
  const t = useT();
  const notify = useToast();
  const [status, setStatus] = useState<NotificationFilter>('all');
  const [offset, setOffset] = usePageOffset(status);
  const notices = useNotifications(status, offset);

  useEffect(() => {
    if (notices.isError) notify({ tone: 'error', title: t('notifications.loadFailed') });
  }, [notices.isError, notify, t]);

  return (
    <div className={stack}>
      <PageHeader title={t('notifications.title')} intro={t('notifications.intro')}>
        <SelectField
          label={t('notifications.filter.status')}
          value={status}
          onChange={(event) => setStatus(event.target.value as NotificationFilter)}
          options={[
            { value: 'all', label: t('notifications.filter.all') },
            { value: 'sent', label: lifecycleLabel('notification', 'sent') },
            { value: 'failed', label: lifecycleLabel('notification', 'failed') },
            { value: 'pending', label: lifecycleLabel('notification', 'pending') },
          ]}
        />
      </PageHeader>
      {notices.isPending ? (
        <PageSpinner label={t('notifications.loading')} />
      ) : notices.isError ? (
        <Card role="alert">{t('notifications.loadFailed')}</Card>
      ) : notices.data.rows.length === 0 ? (
        <EmptyState title={t('notifications.empty.title')}>
          <p className={muted}>
            {status === 'all' ? t('notifications.empty.all') : t('notifications.empty.filtered')}
          </p>
        </EmptyState>
      ) : (
        <ul className={cardList} aria-label={t('notifications.title')}>
          {notices.data.rows.map((notice) => (
            <li key={notice.id}>
              <NoticeCard notice={notice} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        label={t('notifications.title')}
        offset={offset}
        limit={NOTIFICATIONS_PAGE_SIZE}
        total={notices.data?.total ?? 0}
        onOffset={setOffset}
      />
      <WhatsappMessages />
    </div>
  );
}
