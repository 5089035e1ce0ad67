// All User Feedback: status filters, a card per feedback, and the View More modal
// (user info, attachments, and the response form with Mark as Resolved or Closed).
import { useEffect, useState, type FormEvent } from 'react';
import { isNonBlank } from '../../../../machines/shared/text';
import {
  PAGE_SIZE,
  useAdminFeedback,
  useAttachmentBlob,
  useRespondFeedback,
  type AdminFeedback,
  type FeedbackStatus,
} from '../../../api/admin';
import { errorMessage } from '../../../api/errors';
import { Button } from '../../../components/Button';
import {
  Badge,
  Card,
  Details,
  EmptyState,
  StatusBadge,
  lifecycleLabel,
} from '../../../components/Card';
import { Dialog } from '../../../components/Dialog';
import { formStyles, TextAreaField } from '../../../components/Field';
import { FilterButtons, Pager } from '../../../components/Filters';
import { PageSpinner } from '../../../components/Spinner';
import { useToast } from '../../../components/Toaster';
import { useErrorToast } from '../../../components/useErrorToast';
import { priorityLabel, priorityTone, sizeInKb, typeLabel } from '../../../lib/feedback';
import { capitalise, formatDate, formatDateTime } from '../../../lib/format';
import { cardHead, cardList } from '../../../styles/list.css';
import { muted, pageHeader, pageTitle, row, small, stack } from '../../../styles/utils.css';
import * as styles from './AdminFeedbackPage.css';

type Filter = 'all' | FeedbackStatus;

const RESPONSE_REQUIRED = 'Response required: Please write a response before submitting.';
const STATUS_REQUIRED = 'Status required: Please select a status to update.';

function Stars({ rating }: { rating: number }) {
  return (
    <span aria-label={`Rating ${rating} out of 5`} role="img">
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
      notify({
        tone: 'error',
        title: 'Failed to Load Feedback',
        message: errorMessage(error, 'Could not load the attachment.'),
      });
    }
  };
}

export function AdminFeedbackPage() {
  const [filter, setFilter] = useState<Filter>('all');
  const [offset, setOffset] = useState(0);
  const feedback = useAdminFeedback(filter, offset);
  const [viewing, setViewing] = useState<AdminFeedback | null>(null);
  const openAttachment = useOpenAttachment();
  useErrorToast(feedback.isError, 'Failed to Load Feedback', 'Could not fetch feedback.');

  const rows = feedback.data?.rows ?? [];
  return (
    <div className={stack}>
      <header className={pageHeader}>
        <div>
          <h1 className={pageTitle}>All User Feedback</h1>
          <p className={muted}>Read what customers say, answer, and mark it resolved or closed.</p>
        </div>
      </header>
      <FilterButtons<Filter>
        label="Filter feedback by status"
        value={filter}
        onChange={(value) => {
          setFilter(value);
          setOffset(0);
        }}
        options={[
          { value: 'all', label: 'All' },
          { value: 'open', label: 'Open' },
          { value: 'closed', label: 'Closed' },
          { value: 'resolved', label: 'Resolved' },
        ]}
      />
      {feedback.isPending ? (
        <PageSpinner label="Loading feedback" />
      ) : feedback.isError ? (
        <Card role="alert">Could not fetch feedback.</Card>
      ) : rows.length === 0 ? (
        <EmptyState title="No Feedback Found" />
      ) : (
        <ul className={cardList} aria-label="Feedback">
          {rows.map((item) => (
            <li key={item.id}>
              <Card aria-label={`Feedback: ${item.subject}`}>
                <div className={cardHead()}>
                  <div>
                    <h2 style={{ fontSize: '1.05rem', margin: 0 }}>{item.subject}</h2>
                    <p className={muted} style={{ margin: 0 }}>
                      {typeLabel(item.feedback_type)} · {formatDateTime(item.created_at)} · by{' '}
                      {item.user.username}
                    </p>
                  </div>
                  <span className={row}>
                    <Badge tone={priorityTone(item.priority)}>
                      Priority: {priorityLabel(item.priority)}
                    </Badge>
                    <StatusBadge status={item.status} lifecycle="feedback" />
                  </span>
                </div>
                <p style={{ whiteSpace: 'pre-wrap' }}>{item.message}</p>
                <Details
                  items={[
                    ['Rating', <Stars key="r" rating={item.rating} />],
                    ...(item.meal_date || item.meal_type
                      ? ([
                          ['Meal Date', formatDate(item.meal_date)],
                          ['Meal Type', item.meal_type ? capitalise(item.meal_type) : '—'],
                        ] as [string, string][])
                      : []),
                    ...(item.admin_response
                      ? ([
                          ['Admin Response', item.admin_response],
                          ['Responded', formatDateTime(item.responded_at)],
                        ] as [string, string][])
                      : []),
                  ]}
                />
                <div className={row} style={{ marginTop: 12 }}>
                  <Button
                    size="sm"
                    tone="secondary"
                    onClick={() => setViewing(item)}
                    aria-label={`View more: ${item.subject}`}
                  >
                    View More
                  </Button>
                  {item.attachments[0] ? (
                    <button
                      type="button"
                      className={styles.linkButton}
                      onClick={() => void openAttachment(item.attachments[0]!.id)}
                    >
                      View Attachment
                    </button>
                  ) : null}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pager
        label="Feedback"
        offset={offset}
        limit={PAGE_SIZE}
        total={feedback.data?.total ?? 0}
        onOffset={setOffset}
      />
      <Dialog
        open={viewing !== null}
        onOpenChange={(open) => (open ? undefined : setViewing(null))}
        title={viewing ? viewing.subject : 'Feedback'}
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
      setErrors({ response: RESPONSE_REQUIRED });
      notify({
        tone: 'error',
        title: 'Response required',
        message: 'Please write a response before submitting.',
      });
      return;
    }
    if (status === '') {
      setErrors({ status: STATUS_REQUIRED });
      notify({
        tone: 'error',
        title: 'Status required',
        message: 'Please select a status to update.',
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
            title: 'Updated',
            message: `Response saved and status marked as ${status}.`,
          });
          onDone();
        },
        onError: (error) =>
          notify({
            tone: 'error',
            title: 'Failed to Submit',
            message: errorMessage(error, 'Could not submit updates.'),
          }),
      },
    );
  };

  return (
    <div className={stack}>
      <section aria-labelledby="fb-user">
        <h3 id="fb-user" style={{ marginTop: 0 }}>
          User
        </h3>
        <Details
          items={[
            ['Username', feedback.user.username],
            ['Email', feedback.user.email],
            ['Phone', feedback.user.phone],
            ['User Type', capitalise(feedback.user.user_type)],
            ['Status', lifecycleLabel('account', feedback.user.status)],
          ]}
        />
      </section>
      <section aria-labelledby="fb-message">
        <h3 id="fb-message">Feedback</h3>
        <Details
          items={[
            ['Type', typeLabel(feedback.feedback_type)],
            ['Priority', priorityLabel(feedback.priority)],
            ['Status', lifecycleLabel('feedback', feedback.status)],
            ['Rating', `${feedback.rating} out of 5`],
            ['Submitted', formatDateTime(feedback.created_at)],
            ['Message', feedback.message],
          ]}
        />
      </section>
      <section aria-labelledby="fb-attachments">
        <h3 id="fb-attachments">Attachments</h3>
        {feedback.attachments.length === 0 ? (
          <p className={muted}>No attachments.</p>
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
                    title="Open full size"
                  >
                    <img
                      src={preview}
                      alt={`Attachment ${file.original_filename}`}
                      className={styles.thumb}
                    />
                  </button>
                ) : null}
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => void openAttachment(file.id)}
                >
                  Open {file.original_filename}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <form className={formStyles.form} onSubmit={submit} noValidate aria-labelledby="fb-respond">
        <h3 id="fb-respond" style={{ marginBottom: 0 }}>
          Respond
        </h3>
        <TextAreaField
          label="Admin Response"
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
          <legend className={formStyles.legend}>Mark as</legend>
          {(['resolved', 'closed'] as const).map((value) => (
            <label key={value} className={formStyles.checkRow}>
              <input
                type="radio"
                name="feedback-status"
                value={value}
                checked={status === value}
                onChange={() => setStatus(value)}
              />
              <span>{value === 'resolved' ? 'Resolved' : 'Closed'}</span>
            </label>
          ))}
          {errors.status ? (
            <span id="fb-status-error" className={formStyles.error}>
              {errors.status}
            </span>
          ) : null}
        </fieldset>
        <div className={row} style={{ justifyContent: 'flex-end' }}>
          <Button tone="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" busy={respond.isPending}>
            Submit Response
          </Button>
        </div>
      </form>
    </div>
  );
}
