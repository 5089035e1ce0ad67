// What the owner types to move end dates (one subscription's, or every active one's): how many
// days and why. Both dialogs start again from one day and no reason each time they open.
import { useEffect, useState, type ReactNode } from 'react';
import { isNonBlank } from '@machines/shared';
import { TextAreaField, TextField } from '@web/components/Field';
import { useT } from '@web/i18n/i18n';

/** The days (as typed) and the reason, reset whenever `opened` becomes another truthy value. */
export function useAdjustment(opened: unknown) {
  const t = useT();
  const [daysText, setDaysText] = useState('1');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (opened) {
      setDaysText('1');
      setReason('');
      setTouched(false);
    }
  }, [opened]);
  return {
    daysText,
    setDaysText,
    reason,
    setReason,
    touched,
    /** Shows the reason's complaint from now on (on blur, on submit). */
    touch: () => setTouched(true),
    reasonGiven: isNonBlank(reason),
    reasonError: touched && !isNonBlank(reason) ? t('superuser.reasonRequired') : null,
  };
}

export function AdjustmentFields({
  adjustment,
  daysLabel,
  daysHint,
  daysError,
}: {
  adjustment: ReturnType<typeof useAdjustment>;
  daysLabel: string;
  daysHint?: ReactNode;
  daysError: string | null;
}) {
  const t = useT();
  return (
    <>
      <TextField
        label={daysLabel}
        inputMode="numeric"
        value={adjustment.daysText}
        onChange={(event) => adjustment.setDaysText(event.target.value)}
        hint={daysHint}
        error={daysError}
        autoComplete="off"
      />
      <TextAreaField
        label={t('superuser.reason')}
        required
        value={adjustment.reason}
        onChange={(event) => adjustment.setReason(event.target.value)}
        onBlur={adjustment.touch}
        error={adjustment.reasonError}
        rows={3}
        maxLength={500}
        placeholder={t('superuser.reasonPlaceholder')}
      />
    </>
  );
}
