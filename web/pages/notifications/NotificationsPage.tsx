// Notification history: one card per notice (its e-mail and SMS together), each channel with its
// own status, filtered by status and paged.
import { useEffect, useState } from 'react';
import {
  NOTIFICATIONS_PAGE_SIZE,
  useNotifications,
  type NotificationEvent,
  type NotificationFilter,
} from '../../api/queries';
import { Card, EmptyState, StatusBadge } from '../../components/Card';
import { SelectField } from '../../components/Field';
import { Pager } from '../../components/Filters';
import { PageSpinner } from '../../components/Spinner';
import { useToast } from '../../components/Toaster';
import { formatDateTime } from '../../lib/format';
import { cardHead, cardList } from '../../styles/list.css';
import { muted, pageHeader, pageTitle, small, stack } from '../../styles/utils.css';
import * as styles from './NotificationsPage.css';

const CHANNEL_NAMES = { email: 'E-mail', sms: 'SMS' } as const;

function NoticeCard({ notice }: { notice: NotificationEvent }) {
  const headingId = `notification-${notice.id}`;
  return (
    <Card aria-labelledby={headingId}>
      <div className={cardHead()}>
        <h2 id={headingId} className={styles.title}>
          {notice.title}
        </h2>
        <time dateTime={notice.created_at} className={`${muted} ${small}`}>
          {formatDateTime(notice.created_at)}
        </time>
      </div>
      {notice.text ? <p className={styles.text}>{notice.text}</p> : null}
      <ul className={styles.channels} aria-label={`How “${notice.title}” was sent`}>
        {notice.channels.map((channel) => (
          <li key={channel.log_id} className={styles.channel}>
            {/* The spaces keep the words apart for screen readers and copied text. */}
            <span className={styles.channelName}>{CHANNEL_NAMES[channel.channel]}</span>{' '}
            {channel.recipient ? (
              <span className={styles.recipient}>to {channel.recipient}</span>
            ) : null}{' '}
            <StatusBadge status={channel.status} lifecycle="notification" />
            {channel.status === 'failed' ? (
              <span className={styles.failure}>
                Not delivered{channel.error_message ? `: ${channel.error_message}` : '.'}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function NotificationsPage() {
  const notify = useToast();
  const [status, setStatus] = useState<NotificationFilter>('all');
  const [offset, setOffset] = useState(0);
  const notices = useNotifications(status, offset);

  useEffect(() => {
    if (notices.isError) notify({ tone: 'error', title: 'Failed to Load Notifications' });
  }, [notices.isError, notify]);

  return (
    <div className={stack}>
      <header className={pageHeader}>
        <div>
          <h1 className={pageTitle}>Notifications</h1>
          <p className={muted}>What we sent you by e-mail and SMS, newest first.</p>
        </div>
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as NotificationFilter);
            setOffset(0);
          }}
          options={[
            { value: 'all', label: 'All' },
            { value: 'sent', label: 'Sent' },
            { value: 'failed', label: 'Failed' },
            { value: 'pending', label: 'Pending' },
          ]}
        />
      </header>
      {notices.isPending ? (
        <PageSpinner label="Loading notifications" />
      ) : notices.isError ? (
        <Card role="alert">Failed to Load Notifications</Card>
      ) : notices.data.rows.length === 0 ? (
        <EmptyState title="No Notifications">
          <p className={muted}>
            {status === 'all'
              ? 'Messages we send you by e-mail or SMS will appear here.'
              : 'No message has this status.'}
          </p>
        </EmptyState>
      ) : (
        <ul className={cardList} aria-label="Notifications">
          {notices.data.rows.map((notice) => (
            <li key={notice.id}>
              <NoticeCard notice={notice} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        label="Notifications"
        offset={offset}
        limit={NOTIFICATIONS_PAGE_SIZE}
        total={notices.data?.total ?? 0}
        onOffset={setOffset}
      />
    </div>
  );
}
