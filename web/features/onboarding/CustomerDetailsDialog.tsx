// "Edit details" on the owner's customer page: the customer's phone, language, diet and profile
// (a student's details with the hostel, or a regular customer's delivery address), by the rules of
// the customer's own forms. Only what changed is sent; a changed phone is verified again (the
// customer gets a code, or a walk-in who never claimed the account a new claim link).
import { useState, type FormEvent } from 'react';
import type { ProfileFieldName } from '@machines/onboarding';
import { DIETS } from '@machines/menu';
import { formatPhone, normalizePhone } from '@machines/shared';
import type { CustomerRecord } from '@web/api/customer';
import { failureToast, withServerErrors } from '@web/api/errors';
import { CancelSubmit, Dialog } from '@web/components/Dialog';
import { formStyles, SelectField, PhoneField } from '@web/components/Field';
import { useToast } from '@web/components/Toaster';
import { t as translate, useT, type Language } from '@web/i18n/i18n';
import { wordLabel } from '@web/lib/format';
import { useForm } from '@web/lib/useForm';
import { actionRow, sectionTitle } from '@web/styles/utils.css';
import {
  profileBodyOf,
  OwnerProfileFields,
  profileErrorsOf,
  profileFieldsOf,
  profileKeyOf,
  profileServerName,
  profileValuesOf,
  type CustomerType,
  type ProfileValues,
} from './ProfileFields';
import { useUpdateCustomer, type CustomerDetailsRequest } from './onboarding.api';

type Values = ProfileValues & { phone: string; language: string; diet: string };

/** Each language named in its own script, as its reader looks for it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', hi: 'हिन्दी' };

const initialValues = (customer: CustomerRecord): Values => ({
  ...profileValuesOf(customer),
  phone: formatPhone(customer.phone),
  language: customer.language,
  diet: customer.diet ?? '',
});

/** Whether the owner changed any field of the profile of the customer's type. */
const profileChanged = (userType: CustomerType, values: Values, initial: Values) =>
  profileFieldsOf(userType).some((name) => values[name].trim() !== initial[name].trim());

/** What the request sends: the details that differ from the customer's. */
function changesOf(customer: CustomerRecord, values: Values, initial: Values) {
  const userType = customer.user_type;
  const body: CustomerDetailsRequest = {};
  const phone = normalizePhone(values.phone);
  if (!phone.ok || phone.value !== customer.phone) body.phone = values.phone.trim();
  if (values.language !== customer.language) body.language = values.language as Language;
  const diet = values.diet === '' ? null : (values.diet as NonNullable<CustomerRecord['diet']>);
  if (diet !== (customer.diet ?? null)) body.diet = diet;
  if (profileChanged(userType, values, initial))
    Object.assign(body, profileBodyOf(userType, values));
  return body;
}

function DetailsForm({ customer, onClose }: { customer: CustomerRecord; onClose: () => void }) {
  const t = useT();
  const notify = useToast();
  const update = useUpdateCustomer();
  const userType = customer.user_type;
  const [initial] = useState(() => initialValues(customer));
  const [sent, setSent] = useState<Values | undefined>(undefined);
  const form = useForm<Values>(initial, (values) => ({
    ...(normalizePhone(values.phone).ok
      ? {}
      : { phone: translate('superuser.customer.edit.error.phone') }),
    // The profile is judged once the owner changes it: a customer may have none yet.
    ...(profileChanged(userType, values, initial) ? profileErrorsOf(userType, values) : {}),
  }));
  const serverName = (name: keyof Values) =>
    name === 'phone' || name === 'language' || name === 'diet'
      ? name
      : profileServerName(userType, name as ProfileFieldName);
  const { server, fieldProps } = withServerErrors(form, update.error, sent, serverName);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.trySubmit()) return;
    const body = changesOf(customer, form.values, initial);
    if (Object.keys(body).length === 0) {
      notify({ tone: 'info', title: t('superuser.customer.edit.nothing') });
      onClose();
      return;
    }
    setSent(form.values);
    update.mutate(
      { id: customer.id, body },
      {
        onSuccess: (answer) => {
          const phone = formatPhone(answer.user.phone);
          notify({
            tone: 'success',
            title: t('superuser.customer.edit.saved'),
            message:
              answer.phone_check === 'otp'
                ? t('superuser.customer.edit.savedOtp', { phone })
                : answer.phone_check === 'claim_link'
                  ? t('superuser.customer.edit.savedClaim', { phone })
                  : t('superuser.customer.edit.savedMessage'),
          });
          onClose();
        },
        onError: (error) =>
          notify(
            failureToast(
              error,
              t('superuser.customer.edit.failed.title'),
              t('superuser.customer.edit.failed.message'),
            ),
          ),
      },
    );
  };

  return (
    <form className={formStyles.form} onSubmit={submit} noValidate>
      <PhoneField
        label={t('superuser.customer.phone')}
        autoComplete="off"
        required
        hint={t('superuser.customer.edit.phoneHint')}
        {...fieldProps('phone')}
      />
      <div className={formStyles.formGrid}>
        <SelectField
          label={t('superuser.customer.language')}
          options={(['en', 'hi'] as const).map((value) => ({
            value,
            label: LANGUAGE_NAMES[value],
          }))}
          {...fieldProps('language')}
        />
        <SelectField
          label={t('superuser.customer.diet')}
          placeholder={t('format.diet.none')}
          options={DIETS.map((value) => ({ value, label: wordLabel(value) }))}
          {...fieldProps('diet')}
        />
      </div>
      <h3 className={sectionTitle}>
        {userType === 'student'
          ? t('superuser.customer.studentProfile')
          : t('superuser.customer.regularProfile')}
      </h3>
      <OwnerProfileFields
        userType={userType}
        error={server[profileKeyOf(userType)]}
        field={(name) => fieldProps(name)}
      />
      <CancelSubmit
        className={actionRow}
        onCancel={onClose}
        submit={t('superuser.customer.edit.submit')}
        busy={update.isPending}
      />
    </form>
  );
}

/** The owner's dialog that changes a customer's details. */
export function CustomerDetailsDialog({
  customer,
  open,
  onClose,
}: {
  customer: CustomerRecord;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t('superuser.customer.edit.title')}
      description={t('superuser.customer.edit.description')}
    >
      {/* Mounted while open: each opening starts from the customer's details as they are now. */}
      <DetailsForm customer={customer} onClose={onClose} />
    </Dialog>
  );
}
