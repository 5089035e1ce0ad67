// The feedback form: meal fields only for a food complaint; a 500-character message counter.
import { useState, type FormEvent } from 'react';
import { messageCounterTone } from '../../../machines/feedback/feedback.rules';
import { FEEDBACK_MESSAGE_MAX_LENGTH } from '../../../machines/shared/constants';
import { ApiError } from '../../api/errors';
import { useCreateFeedback } from '../../api/mutations';
import { useSubscriptions, type Feedback } from '../../api/queries';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { formStyles, SelectField, TextAreaField, TextField } from '../../components/Field';
import { useToast } from '../../components/Toaster';
import { todayIso } from '../../lib/format';
import * as styles from './FeedbackPage.css';

type FeedbackType = 'general_feedback' | 'food_complaint';

export function FeedbackForm({
  hasOpenFeedback,
  onClose,
  onCreated,
}: {
  hasOpenFeedback: boolean;
  onClose: () => void;
  onCreated: (feedback: Feedback) => void;
}) {
  const notify = useToast();
  const create = useCreateFeedback();
  const subscriptions = useSubscriptions();
  const [type, setType] = useState<FeedbackType>('general_feedback');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [rating, setRating] = useState('5');
  const [subscription, setSubscription] = useState('');
  const [mealDate, setMealDate] = useState('');
  const [mealType, setMealType] = useState('');
  const [submitted, setSubmitted] = useState(false);

  const isFood = type === 'food_complaint';
  const errors = {
    subject: subject.trim() ? undefined : 'Subject is required',
    message: message.trim() ? undefined : 'Message is required',
    mealDate: isFood && !mealDate ? 'Meal date is required for a food complaint' : undefined,
    mealType: isFood && !mealType ? 'Meal type is required for a food complaint' : undefined,
  };
  const show = (error: string | undefined) => (submitted ? error : undefined);
  const tone = messageCounterTone(message.length);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasOpenFeedback) {
      notify({
        tone: 'error',
        title: 'Cannot Submit Feedback',
        message:
          'You already have open feedback. Please wait until it is resolved before submitting more.',
      });
      return;
    }
    if (Object.values(errors).some(Boolean)) return;
    create.mutate(
      {
        feedback_type: type,
        subject: subject.trim(),
        message: message.trim(),
        rating: Number(rating),
        subscription: subscription ? Number(subscription) : null,
        meal_date: isFood ? mealDate : null,
        meal_type: isFood ? (mealType as 'breakfast' | 'lunch' | 'dinner') : null,
      },
      {
        onSuccess: (created) => {
          notify({
            tone: 'success',
            title: 'Feedback Submitted',
            message: 'Thank you! You can add a photo now.',
          });
          onCreated(created);
        },
        onError: (error) => {
          const nonField =
            error instanceof ApiError ? error.body?.non_field_errors?.[0] : undefined;
          if (nonField)
            notify({ tone: 'error', title: 'Cannot Submit Feedback', message: nonField });
          else
            notify({
              tone: 'error',
              title: 'Submission Failed',
              message: 'Failed to submit feedback',
            });
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Add Feedback"
    >
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <SelectField
          label="Type"
          value={type}
          onChange={(event) => setType(event.target.value as FeedbackType)}
          options={[
            { value: 'general_feedback', label: 'General Feedback' },
            { value: 'food_complaint', label: 'Food Complaint' },
          ]}
        />
        <TextField
          label="Subject"
          maxLength={200}
          value={subject}
          error={show(errors.subject)}
          onChange={(event) => setSubject(event.target.value)}
        />
        <div>
          <TextAreaField
            label="Message"
            maxLength={FEEDBACK_MESSAGE_MAX_LENGTH}
            value={message}
            error={show(errors.message)}
            onChange={(event) =>
              setMessage(event.target.value.slice(0, FEEDBACK_MESSAGE_MAX_LENGTH))
            }
          />
          <p className={styles.counter({ tone })} data-tone={tone} aria-live="polite">
            {message.length}/{FEEDBACK_MESSAGE_MAX_LENGTH}
            {tone === 'limit' ? ' · limit reached' : tone === 'warning' ? ' · nearly full' : ''}
          </p>
        </div>
        {isFood ? (
          <div className={formStyles.formGrid}>
            <TextField
              label="Meal date"
              type="date"
              max={todayIso()}
              value={mealDate}
              error={show(errors.mealDate)}
              onChange={(event) => setMealDate(event.target.value)}
            />
            <SelectField
              label="Meal type"
              placeholder="Select meal"
              value={mealType}
              error={show(errors.mealType)}
              onChange={(event) => setMealType(event.target.value)}
              options={[
                { value: 'breakfast', label: 'Breakfast' },
                { value: 'lunch', label: 'Lunch' },
                { value: 'dinner', label: 'Dinner' },
              ]}
            />
          </div>
        ) : null}
        <div className={formStyles.formGrid}>
          <SelectField
            label="Rating"
            value={rating}
            onChange={(event) => setRating(event.target.value)}
            options={[5, 4, 3, 2, 1].map((value) => ({
              value: String(value),
              label: `${value} star${value === 1 ? '' : 's'}`,
            }))}
          />
          <SelectField
            label="Related subscription (optional)"
            placeholder="None"
            value={subscription}
            onChange={(event) => setSubscription(event.target.value)}
            options={(subscriptions.data ?? []).map((item) => ({
              value: String(item.id),
              label: `${item.plan.name} (#${item.id})`,
            }))}
          />
        </div>
        <div className={formStyles.form} style={{ alignItems: 'flex-end' }}>
          <Button type="submit" busy={create.isPending}>
            Submit Feedback
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
