// All User Feedback: status filters, a card per feedback, and the View More modal
// (user info, attachments, and the response form with Mark as Resolved or Closed).
import { useEffect, useState, type FormEvent } from 'react';
import { isNonBlank } from '@machines/shared';
import {
  useAdminFeedback,
  useAttachmentBlob,
  useRespondFeedback,
  type AdminFeedback,
  type FeedbackStatus,
} from '@web/features/feedback';

import { SmallButton } from '@web/components/Button';
import { Badge, Card, Details, EmptyState } from '@web/components/Card';
import { StatusBadge } from '@web/components/StatusBadge';
import { t as translate, useT, type MessageId } from '@web/i18n/i18n';
import { lifecycleLabel, personName } from '@web/i18n/labels';
import { CancelSubmit, Dialog } from '@web/components/Dialog';
import { formStyles, TextAreaField } from '@web/components/Field';
import { FilterButtons } from '@web/components/Filters';
import { useToast } from '@web/components/Toaster';
import { priorityLabel, priorityTone, sizeInKb, typeLabel } from '@web/lib/feedback';
import { wordLabel, formatDate, formatDateTime } from '@web/lib/format';
import { usePageOffset } from '@web/lib/usePageOffset';
import {
  cardActions,
  cardByline,
  cardHead,
  cardList,
  cardTitle,
  message,
} from '@web/styles/list.css';
import { muted, row, small, stack } from '@web/styles/utils.css';
import * as styles from './AdminFeedbackPage.css';
import { CustomerLink } from '@web/components/CustomerLink';
import { PhoneNumber } from '@web/components/PhoneNumber';
import { PageHeader } from '@web/components/PageHeader';
import { refusalKeyText } from '@web/i18n/refusals';
import { failureToast } from '@web/api/errors';
import { PagedList } from '@web/components/Loaded';

type Filter = 'all' | FeedbackStatus;

/** The status filters, in the order the spec lists them. */
const FILTERS: ReadonlyArray<{ value: Filter; label: MessageId }> = [
  { value: 'all', label: 'adminFeedback.filter.all' },
  { value: 'open', label: 'adminFeedback.filter.open' },
  { value: 'closed', label: 'adminFeedback.filter.closed' },
  { value: 'resolved', label: 'adminFeedback.filter.resolved' },
];

/** The statuses a response can set: their radio labels and the "Updated" toast's message. */
const MARK_AS: Record<'resolved' | 'closed', { label: MessageId; updated: MessageId }> = {
  resolved: { label: 'adminFeedback.markResolved', updated: 'adminFeedback.toast.updatedResolved' },
  closed: { label: 'adminFeedback.markClosed', updated: 'adminFeedback.toast.updatedClosed' },
};

function Stars({ rating }: { rating: number }) {
  const t = useT();
  return (
    <span aria-label={t('adminFeedback.ratingLabel', { rating })} role="img">
      <span aria-hidden="true">
        {'★'.repeat(rating)}
        {'☆'.repeat(Math.max(0, 5 - rating))}
      </span>{' '}
      <span aria-hidden="true" className={small}>
        {rating}/5
      </span>
    </span>
  );
}

/** Opens an attachment's image in a new tab: fetched with the bearer token, shown from a blob: URL. */
function useOpenAttachment() {
  const notify = useToast();
  const load = useAttachmentBlob();
  return async (id: number) => {
    // Opened before the await so the browser treats it as the click's own window, not a pop-up.
    const tab = window.open('', '_blank');
    try {
      const url = await load(id);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      notify(
        failureToast(
          error,
          translate('adminFeedback.toast.loadFailed'),
          translate('adminFeedback.attachmentFailed'),
        ),
      );
    }
  };
}

export function AdminFeedbackPage() {
  const t = useT();
  const [filter, setFilter] = useState<Filter>('all');
  const [offset, setOffset] = usePageOffset(filter);
  const feedback = useAdminFeedback(filter, offset);
  const [viewing, setViewing] = useState<AdminFeedback | null>(null);
  const openAttachment = useOpenAttachment();
  return (
    <div className={stack}>
      <PageHeader title={t('adminFeedback.title')} intro={t('adminFeedback.intro')} />
      <FilterButtons<Filter>
        label={t('adminFeedback.filterLabel')}
        value={filter}
        onChange={setFilter}
        options={FILTERS.map(({ value, label }) => ({ value, label: t(label) }))}
      />
      <PagedList
        read={feedback}
        loading={t('adminFeedback.loading')}
        failed={t('adminFeedback.loadFailed')}
        toast={t('adminFeedback.toast.loadFailed')}
        empty={<EmptyState title={t('adminFeedback.empty')} />}
        pager={{ label: t('adminFeedback.list'), offset, onOffset: setOffset }}
      >
        {(rows) => (
          <ul className={cardList} aria-label={t('adminFeedback.list')}>
            {rows.map((item) => (
              <li key={item.id}>
                <Card aria-label={t('adminFeedback.cardLabel', { subject: item.subject })}>
                  <div className={cardHead()}>
                    <div>
                      <h2 className={cardTitle}>{item.subject}</h2>
                      <p className={cardByline}>
                        {typeLabel(item.feedback_type)} · {formatDateTime(item.created_at)} ·{' '}
                        {t('adminFeedback.byUser', { username: personName(item.user.username) })}
                      </p>
                    </div>
                    <span className={row}>
                      <Badge tone={priorityTone(item.priority)}>
                        {t('adminFeedback.priority', { priority: priorityLabel(item.priority) })}
                      </Badge>
                      <StatusBadge status={item.status} lifecycle="feedback" />
                    </span>
                  </div>
                  <p className={message}>{item.message}</p>
                  <Details
                    items={[
                      [t('adminFeedback.rating'), <Stars key="r" rating={item.rating} />],
                      ...(item.meal_date || item.meal_type
                        ? ([
                            [t('adminFeedback.mealDate'), formatDate(item.meal_date)],
                            [
                              t('adminFeedback.mealType'),
                              item.meal_type ? wordLabel(item.meal_type) : '—',
                            ],
                          ] as const)
                        : []),
                      ...(item.admin_response
                        ? ([
                            [t('adminFeedback.adminResponse'), item.admin_response],
                            [t('adminFeedback.responded'), formatDateTime(item.responded_at)],
                          ] as const)
                        : []),
                    ]}
                  />
                  <div className={cardActions}>
                    <SmallButton
                      onClick={() => setViewing(item)}
                      aria-label={t('adminFeedback.viewMoreLabel', { subject: item.subject })}
                    >
                      {t('adminFeedback.viewMore')}
                    </SmallButton>
                    {item.attachments[0] ? (
                      <button
                        type="button"
                        className={styles.linkButton}
                        onClick={() => void openAttachment(item.attachments[0]!.id)}
                      >
                        {t('adminFeedback.viewAttachment')}
                      </button>
                    ) : null}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <Dialog
        open={viewing !== null}
        onOpenChange={(open) => (open ? undefined : setViewing(null))}
        title={viewing ? viewing.subject : t('adminFeedback.dialogTitle')}
        wide
      >
        {viewing ? (
          <FeedbackDetails key={viewing.id} feedback={viewing} onDone={() => setViewing(null)} />
        ) : null}
      </Dialog>
    </div>
  );
}

function FeedbackDetails({ feedback, onDone }: { feedback: AdminFeedback; onDone: () => void }) {
  const t = useT();
  const notify = useToast();
  const respond = useRespondFeedback();
  const openAttachment = useOpenAttachment();
  const [response, setResponse] = useState(feedback.admin_response ?? '');
  const [status, setStatus] = useState<'resolved' | 'closed' | ''>(
    feedback.status === 'closed' ? 'closed' : 'resolved',
  );
  const [errors, setErrors] = useState<{ response?: string; status?: string }>({});
  const [preview, setPreview] = useState<string | null>(null);
  const loadBlob = useAttachmentBlob();
  const attachment = feedback.attachments[0];

  useEffect(() => {
    let revoked = false;
    let url: string | null = null;
    if (attachment) {
      loadBlob(attachment.id)
        .then((loaded) => {
          url = loaded;
          if (!revoked) setPreview(loaded);
          else URL.revokeObjectURL(loaded);
        })
        .catch(() => setPreview(null));
    }
    return () => {
      revoked = true;
      if (url) URL.revokeObjectURL(url);
    };
    // The blob is loaded once per opened feedback.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attachment?.id]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isNonBlank(response)) {
      setErrors({ response: refusalKeyText('feedback.response_required') });
      notify({
        tone: 'error',
        title: t('adminFeedback.toast.responseRequired'),
        message: t('adminFeedback.toast.responseRequiredMessage'),
      });
      return;
    }
    if (status === '') {
      setErrors({ status: refusalKeyText('feedback.status_required') });
      notify({
        tone: 'error',
        title: t('adminFeedback.toast.statusRequired'),
        message: t('adminFeedback.toast.statusRequiredMessage'),
      });
      return;
    }
    setErrors({});
    respond.mutate(
      { id: feedback.id, response: response.trim(), status },
      {
        onSuccess: () => {
          notify({
            tone: 'success',
            title: t('adminFeedback.toast.updated'),
            message: t(MARK_AS[status].updated),
          });
          onDone();
        },
        onError: (error) =>
          notify(
            failureToast(
              error,
              t('adminFeedback.toast.submitFailed'),
              t('adminFeedback.toast.submitFailedMessage'),
            ),
          ),
      },
    );
  };

  return (
    <div className={stack}>
      <section aria-labelledby="fb-user">
        <h3 id="fb-user" className={styles.dialogHeading}>
          {t('adminFeedback.user')}
        </h3>
        <Details
          items={[
            [
              t('adminFeedback.username'),
              <CustomerLink key="username" id={feedback.user.id}>
                {feedback.user.username}
              </CustomerLink>,
            ],
            [t('adminFeedback.email'), feedback.user.email],
            [t('adminFeedback.phone'), <PhoneNumber key="phone" phone={feedback.user.phone} />],
            [t('adminFeedback.userType'), wordLabel(feedback.user.user_type)],
            [t('adminFeedback.status'), lifecycleLabel('account', feedback.user.status)],
          ]}
        />
      </section>
      <section aria-labelledby="fb-message">
        <h3 id="fb-message">{t('adminFeedback.dialogTitle')}</h3>
        <Details
          items={[
            [t('adminFeedback.type'), typeLabel(feedback.feedback_type)],
            [t('adminFeedback.priorityLabel'), priorityLabel(feedback.priority)],
            [t('adminFeedback.status'), lifecycleLabel('feedback', feedback.status)],
            [
              t('adminFeedback.rating'),
              t('adminFeedback.ratingValue', { rating: feedback.rating }),
            ],
            [t('adminFeedback.submitted'), formatDateTime(feedback.created_at)],
            [t('adminFeedback.message'), feedback.message],
          ]}
        />
      </section>
      <section aria-labelledby="fb-attachments">
        <h3 id="fb-attachments">{t('adminFeedback.attachments')}</h3>
        {feedback.attachments.length === 0 ? (
          <p className={muted}>{t('adminFeedback.noAttachments')}</p>
        ) : (
          <ul className={cardList}>
            {feedback.attachments.map((file) => (
              <li key={file.id} className={stack}>
                <span>
                  <strong>{file.original_filename}</strong>{' '}
                  <span className={muted}>({sizeInKb(file.file_size)})</span>
                </span>
                {preview && file.id === attachment?.id ? (
                  // The photo at its own proportions; a click opens it full size in a new tab.
                  <button
                    type="button"
                    className={styles.thumbButton}
                    onClick={() => void openAttachment(file.id)}
                    title={t('adminFeedback.openFullSize')}
                  >
                    <img
                      src={preview}
                      alt={t('adminFeedback.attachmentAlt', { name: file.original_filename })}
                      className={styles.thumb}
                    />
                  </button>
                ) : null}
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => void openAttachment(file.id)}
                >
                  {t('adminFeedback.openFile', { name: file.original_filename })}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <form className={formStyles.form} onSubmit={submit} noValidate aria-labelledby="fb-respond">
        <h3 id="fb-respond" className={styles.respondHeading}>
          {t('adminFeedback.respond')}
        </h3>
        <TextAreaField
          label={t('adminFeedback.adminResponse')}
          value={response}
          onChange={(event) => setResponse(event.target.value)}
          error={errors.response}
          rows={4}
          maxLength={2000}
        />
        <fieldset
          className={formStyles.checkGrid}
          aria-describedby={errors.status ? 'fb-status-error' : undefined}
        >
          <legend className={formStyles.legend}>{t('adminFeedback.markAs')}</legend>
          {(['resolved', 'closed'] as const).map((value) => (
            <label key={value} className={formStyles.checkRow}>
              <input
                type="radio"
                name="feedback-status"
                value={value}
                checked={status === value}
                onChange={() => setStatus(value)}
              />
              <span>{t(MARK_AS[value].label)}</span>
            </label>
          ))}
          {errors.status ? (
            <span id="fb-status-error" className={formStyles.error}>
              {errors.status}
            </span>
          ) : null}
        </fieldset>
        <CancelSubmit
          onCancel={onDone}
          submit={t('adminFeedback.submit')}
          busy={respond.isPending}
        />
      </form>
    </div>
  );
}
