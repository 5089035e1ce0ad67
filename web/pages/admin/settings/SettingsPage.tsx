// The owner's settings: when each meal's count is fixed (its cutoff), and whether customers may
// skip single meals. Saved whole; a change applies to requests made after it.
import { useEffect, useState } from 'react';
import { MEALS, type Meal } from '@machines/settings';
import { useSaveSettings, useSettings, type BusinessSettings } from '@web/api/admin';
import { errorMessage, fieldErrors } from '@web/api/errors';
import { Button } from '@web/components/Button';
import { Card } from '@web/components/Card';
import { Checkbox, SelectField, TextField } from '@web/components/Field';
import { PageSpinner } from '@web/components/Spinner';
import { useToast } from '@web/components/Toaster';
import { useErrorToast } from '@web/components/useErrorToast';
import { useT, type MessageId } from '@web/i18n/i18n';
import { wordLabel } from '@web/lib/format';
import { muted, pageHeader, pageTitle, sectionTitle, stack } from '@web/styles/utils.css';
import * as styles from './SettingsPage.css';

/** The cutoff's day, by how many days before the meal it falls. */
const DAYS_BEFORE = [
  [0, 'settings.cutoffs.daysBefore.0'],
  [1, 'settings.cutoffs.daysBefore.1'],
  [2, 'settings.cutoffs.daysBefore.2'],
] as const satisfies ReadonlyArray<readonly [number, MessageId]>;

export function SettingsPage() {
  const t = useT();
  const notify = useToast();
  const saved = useSettings();
  const save = useSaveSettings();
  const [draft, setDraft] = useState<BusinessSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useErrorToast(saved.isError, t('settings.toast.loadFailed'), t('settings.loadFailed'));
  useEffect(() => {
    if (saved.data && draft === null) setDraft(saved.data);
  }, [saved.data, draft]);

  if (saved.isPending || (!draft && !saved.isError)) {
    return <PageSpinner label={t('settings.loading')} />;
  }
  if (!draft) return <Card role="alert">{t('settings.loadFailed')}</Card>;

  const setCutoff = (meal: Meal, change: Partial<BusinessSettings['cutoffs'][Meal]>) =>
    setDraft({
      ...draft,
      cutoffs: { ...draft.cutoffs, [meal]: { ...draft.cutoffs[meal], ...change } },
    });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(draft, {
      onSuccess: (settings) => {
        setDraft(settings);
        notify({
          tone: 'success',
          title: t('settings.toast.saved'),
          message: t('settings.toast.savedMessage'),
        });
      },
      onError: (error) => {
        setErrors(fieldErrors(error));
        notify({
          tone: 'error',
          title: t('settings.toast.saveFailed'),
          message: errorMessage(error, t('settings.toast.saveFailedMessage')),
        });
      },
    });
  };

  return (
    <div className={stack}>
      <div className={pageHeader}>
        <div>
          <h1 className={pageTitle}>{t('settings.title')}</h1>
          <p className={muted}>{t('settings.intro')}</p>
        </div>
      </div>
      <form onSubmit={submit} className={stack} noValidate>
        <Card aria-labelledby="cutoffs-title">
          <div className={stack}>
            <h2 id="cutoffs-title" className={sectionTitle}>
              {t('settings.cutoffs.title')}
            </h2>
            <p className={muted}>{t('settings.cutoffs.intro')}</p>
            {MEALS.map((meal) => (
              <fieldset key={meal} className={styles.mealRow}>
                <legend className={styles.legend}>{wordLabel(meal)}</legend>
                <TextField
                  label={t('settings.cutoffs.time')}
                  type="time"
                  required
                  value={draft.cutoffs[meal].time}
                  onChange={(event) => setCutoff(meal, { time: event.target.value })}
                  error={errors[`cutoffs.${meal}.time`]}
                />
                <SelectField
                  label={t('settings.cutoffs.day')}
                  value={String(draft.cutoffs[meal].days_before)}
                  onChange={(event) => setCutoff(meal, { days_before: Number(event.target.value) })}
                  options={DAYS_BEFORE.map(([days, label]) => ({
                    value: String(days),
                    label: t(label),
                  }))}
                  error={errors[`cutoffs.${meal}.days_before`]}
                />
              </fieldset>
            ))}
          </div>
        </Card>
        <Card aria-labelledby="skips-title">
          <div className={stack}>
            <h2 id="skips-title" className={sectionTitle}>
              {t('settings.skips.title')}
            </h2>
            <Checkbox
              label={t('settings.skips.enabled')}
              checked={draft.skips_enabled}
              onChange={(event) => setDraft({ ...draft, skips_enabled: event.target.checked })}
            />
            <p className={muted}>{t('settings.skips.hint')}</p>
          </div>
        </Card>
        <div>
          <Button type="submit" busy={save.isPending}>
            {t('settings.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
