// The feedback form: meal fields only for a food complaint; a 500-character message counter.
import { useState, type FormEvent } from 'react';
import { messageCounterTone } from '@machines/feedback';
import { FEEDBACK_MESSAGE_MAX_LENGTH } from '@machines/shared';
import { ApiError } from '@web/api/errors';
import { useCreateFeedback, type Feedback } from './feedback.api';
import { useSubscriptions } from '@web/features/subscription';
import { Button } from '@web/components/Button';
import { Dialog } from '@web/components/Dialog';
import { DateField } from '@web/components/DateField';
import { formStyles, SelectField, TextAreaField, TextField } from '@web/components/Field';
import { useToast } from '@web/components/Toaster';
import { useT } from '@web/i18n/i18n';
import { planText } from '@web/i18n/labels';
import { typeLabel } from '@web/lib/feedback';
import { mealLabel, todayIso } from '@web/lib/format';
import { refusalKeyText } from '@web/i18n/refusals';
import * as styles from './feedback.css';

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
  const t = useT();
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
    subject: subject.trim() ? undefined : t('feedback.required.subject'),
    message: message.trim() ? undefined : t('feedback.required.message'),
    mealDate: isFood && !mealDate ? t('feedback.required.mealDate') : undefined,
    mealType: isFood && !mealType ? t('feedback.required.mealType') : undefined,
  };
  const show = (error: string | undefined) => (submitted ? error : undefined);
  const tone = messageCounterTone(message.length);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (hasOpenFeedback) {
      notify({
        tone: 'error',
        title: t('feedback.toast.cannotSubmit.title'),
        message: refusalKeyText('feedback.open_exists'),
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
            title: t('feedback.toast.submitted.title'),
            message: t('feedback.toast.submitted.message'),
          });
          onCreated(created);
        },
        onError: (error) => {
          const nonField =
            error instanceof ApiError ? error.body?.non_field_errors?.[0] : undefined;
          if (nonField)
            notify({
              tone: 'error',
              title: t('feedback.toast.cannotSubmit.title'),
              message: nonField,
            });
          else
            notify({
              tone: 'error',
              title: t('feedback.toast.submitFailed.title'),
              message: t('feedback.toast.submitFailed.message'),
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
      title={t('feedback.add')}
    >
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <SelectField
          label={t('feedback.field.type')}
          value={type}
          onChange={(event) => setType(event.target.value as FeedbackType)}
          options={[
            { value: 'general_feedback', label: typeLabel('general_feedback') },
            { value: 'food_complaint', label: typeLabel('food_complaint') },
          ]}
        />
        <TextField
          label={t('feedback.field.subject')}
          maxLength={200}
          value={subject}
          error={show(errors.subject)}
          onChange={(event) => setSubject(event.target.value)}
        />
        <div>
          <TextAreaField
            label={t('feedback.field.message')}
            maxLength={FEEDBACK_MESSAGE_MAX_LENGTH}
            value={message}
            error={show(errors.message)}
            onChange={(event) =>
              setMessage(event.target.value.slice(0, FEEDBACK_MESSAGE_MAX_LENGTH))
            }
          />
          <p className={styles.counter({ tone })} data-tone={tone} aria-live="polite">
            {t(
              tone === 'limit'
                ? 'feedback.counter.limit'
                : tone === 'warning'
                  ? 'feedback.counter.warning'
                  : 'feedback.counter',
              { count: message.length, max: FEEDBACK_MESSAGE_MAX_LENGTH },
            )}
          </p>
        </div>
        {isFood ? (
          <div className={formStyles.formGrid}>
            <DateField
              label={t('feedback.field.mealDate')}
              max={todayIso()}
              value={mealDate}
              error={show(errors.mealDate)}
              onChange={(event) => setMealDate(event.target.value)}
            />
            <SelectField
              label={t('feedback.field.mealType')}
              placeholder={t('feedback.field.selectMeal')}
              value={mealType}
              error={show(errors.mealType)}
              onChange={(event) => setMealType(event.target.value)}
              options={(['breakfast', 'lunch', 'dinner'] as const).map((value) => ({
                value,
                label: mealLabel(value),
              }))}
            />
          </div>
        ) : null}
        <div className={formStyles.formGrid}>
          <SelectField
            label={t('feedback.field.rating')}
            value={rating}
            onChange={(event) => setRating(event.target.value)}
            options={[5, 4, 3, 2, 1].map((value) => ({
              value: String(value),
              label: t('feedback.field.stars', { count: value }),
            }))}
          />
          <SelectField
            label={t('feedback.field.subscription')}
            placeholder={t('feedback.field.none')}
            value={subscription}
            onChange={(event) => setSubscription(event.target.value)}
            options={(subscriptions.data ?? []).map((item) => ({
              value: String(item.id),
              label: `${planText(item.plan.name, item.plan.name_hi)} (#${item.id})`,
            }))}
          />
        </div>
        <div className={`${formStyles.form} ${styles.submitRow}`}>
          <Button type="submit" busy={create.isPending}>
            {t('feedback.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
