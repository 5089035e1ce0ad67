// Feedback: the customer's list, Add Feedback (Feedback Pending while one is open), form and attachment.
import { useEffect, useState } from 'react';
import { isOpenFeedbackStatus } from '@machines/feedback';
import {
  useFeedbackList,
  type Feedback,
  AttachmentDialog,
  AttachmentPhoto,
  canAddAttachment,
  FeedbackForm,
} from '@web/features/feedback';
import { Button } from '@web/components/Button';
import { Badge, Card, EmptyState } from '@web/components/Card';
import { StatusBadge } from '@web/components/StatusBadge';
import { PageSpinner } from '@web/components/Spinner';
import { useToast } from '@web/components/Toaster';
import { PageHeader } from '@web/components/PageHeader';
import { useT } from '@web/i18n/i18n';
import { typeLabel } from '@web/lib/feedback';
import { wordLabel, formatDate, formatDateTime } from '@web/lib/format';
import { cardActions, cardList, message } from '@web/styles/list.css';
import { muted, row, small, stack } from '@web/styles/utils.css';
import * as styles from './FeedbackPage.css';

export function FeedbackPage() {
  const t = useT();
  const notify = useToast();
  const feedback = useFeedbackList();
  const [formOpen, setFormOpen] = useState(false);
  const [attachingTo, setAttachingTo] = useState<Feedback | null>(null);

  useEffect(() => {
    if (feedback.isError) {
      notify({
        tone: 'error',
        title: t('feedback.loadFailed.title'),
        message: t('feedback.loadFailed.message'),
      });
    }
  }, [feedback.isError, notify, t]);

  const hasOpen = (feedback.data ?? []).some((item) => isOpenFeedbackStatus(item.status));

  return (
    <div className={stack}>
      <PageHeader title={t('feedback.title')} intro={t('feedback.intro')}>
        <Button disabled={hasOpen || feedback.isPending} onClick={() => setFormOpen(true)}>
          {hasOpen ? t('feedback.pending') : t('feedback.add')}
        </Button>
      </PageHeader>
      {feedback.isPending ? (
        <PageSpinner label={t('feedback.loading')} />
      ) : feedback.isError ? (
        <Card role="alert">{t('feedback.loadFailed.message')}</Card>
      ) : feedback.data.length === 0 ? (
        <EmptyState title={t('feedback.empty.title')}>
          <p className={muted}>{t('feedback.empty.text')}</p>
        </EmptyState>
      ) : (
        <ul className={cardList} aria-label={t('feedback.list')}>
          {feedback.data.map((item) => (
            <li key={item.id}>
              <FeedbackCard item={item} onAttach={() => setAttachingTo(item)} />
            </li>
          ))}
        </ul>
      )}
      {formOpen ? (
        <FeedbackForm
          hasOpenFeedback={hasOpen}
          onClose={() => setFormOpen(false)}
          onCreated={(created) => {
            setFormOpen(false);
            setAttachingTo(created);
          }}
        />
      ) : null}
      {attachingTo ? (
        <AttachmentDialog feedback={attachingTo} onClose={() => setAttachingTo(null)} />
      ) : null}
    </div>
  );
}

function FeedbackCard({ item, onAttach }: { item: Feedback; onAttach: () => void }) {
  const t = useT();
  const attachment = item.attachments[0];
  return (
    <Card aria-labelledby={`feedback-${item.id}`}>
      <div className={styles.head}>
        <div>
          <h2 id={`feedback-${item.id}`}>{item.subject}</h2>
          <p className={`${muted} ${small}`}>
            {typeLabel(item.feedback_type)} · {formatDateTime(item.created_at)}
          </p>
        </div>
        <div className={row}>
          <Badge
            tone={
              item.priority === 'urgent'
                ? 'danger'
                : item.priority === 'high'
                  ? 'warning'
                  : 'neutral'
            }
          >
            {t('feedback.priority', { priority: wordLabel(item.priority) })}
          </Badge>
          <StatusBadge status={item.status} />
        </div>
      </div>
      <p className={styles.stars} aria-label={t('feedback.ratingLabel', { rating: item.rating })}>
        {'★'.repeat(item.rating)}
        <span className={muted}>{'☆'.repeat(5 - item.rating)}</span>
      </p>
      <p className={message}>{item.message}</p>
      {item.feedback_type === 'food_complaint' ? (
        <p className={`${muted} ${small}`}>
          {t('feedback.meal', {
            meal: item.meal_type ? wordLabel(item.meal_type) : '—',
            date: formatDate(item.meal_date),
          })}
        </p>
      ) : null}
      {attachment ? <AttachmentPhoto attachment={attachment} subject={item.subject} /> : null}
      {item.admin_response ? (
        <div className={styles.response}>
          <strong>{t('feedback.response')}</strong>
          <p>{item.admin_response}</p>
          <p className={`${muted} ${small}`}>{formatDateTime(item.responded_at)}</p>
        </div>
      ) : null}
      {canAddAttachment(item) ? (
        <div className={cardActions}>
          <Button size="sm" tone="secondary" onClick={onAttach}>
            {t('feedback.addAttachment')}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
