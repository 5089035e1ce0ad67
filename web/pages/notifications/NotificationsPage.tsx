// Notification history (e-mail and SMS), filtered by status.
import { useEffect, useState } from 'react';
import { useNotifications, type NotificationFilter } from '../../api/queries';
import { Badge, Card, EmptyState, StatusBadge } from '../../components/Card';
import { SelectField } from '../../components/Field';
import { PageSpinner } from '../../components/Spinner';
import { useToast } from '../../components/Toaster';
import { formatDateTime } from '../../lib/format';
import { cardHead, cardList } from '../../styles/list.css';
import { muted, pageHeader, pageTitle, row, small, stack } from '../../styles/utils.css';

export function NotificationsPage() {
  const notify = useToast();
  const [status, setStatus] = useState<NotificationFilter>('all');
  const logs = useNotifications(status);

  useEffect(() => {
    if (logs.isError) notify({ tone: 'error', title: 'Failed to Load Notifications' });
  }, [logs.isError, notify]);

  return (
    <div className={stack}>
      <header className={pageHeader}>
        <h1 className={pageTitle}>Notifications</h1>
        <SelectField
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as NotificationFilter)}
          options={[
            { value: 'all', label: 'All' },
            { value: 'sent', label: 'Sent' },
            { value: 'failed', label: 'Failed' },
            { value: 'pending', label: 'Pending' },
          ]}
        />
      </header>
      {logs.isPending ? (
        <PageSpinner label="Loading notifications" />
      ) : logs.isError ? (
        <Card role="alert">Failed to Load Notifications</Card>
      ) : logs.data.length === 0 ? (
        <EmptyState title="No Notifications">
          <p className={muted}>Messages we send you by e-mail or SMS will appear here.</p>
        </EmptyState>
      ) : (
        <ul className={cardList} aria-label="Notifications">
          {logs.data.map((log) => (
            <li key={log.id}>
              <Card aria-labelledby={`notification-${log.id}`}>
                <div className={cardHead({ spaced: true })}>
                  <div>
                    <h2 id={`notification-${log.id}`} style={{ fontSize: '1.05rem' }}>
                      {log.subject}
                    </h2>
                    <p className={`${muted} ${small}`}>
                      {formatDateTime(log.sent_at ?? log.created_at)} · to{' '}
                      {log.channel === 'email' ? log.recipient_email : log.recipient_phone}
                    </p>
                  </div>
                  <div className={row}>
                    <Badge tone="info">{log.channel === 'email' ? 'Email' : 'SMS'}</Badge>
                    <StatusBadge status={log.status} />
                  </div>
                </div>
                <p className={`${muted} ${small}`}>{log.notification_type.replace(/_/g, ' ')}</p>
                {log.error_message ? <p className={small}>Error: {log.error_message}</p> : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
