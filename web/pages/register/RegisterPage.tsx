// Registration: the account rules before sending, a title per field for what the server refuses.
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { otpVerificationPath } from '@machines/onboarding';
import { ApiError, fieldErrors, sentFieldErrors, failureToast } from '@web/api/errors';
import { useApiMutation } from '@web/api/query';
import { AuthCard } from '@web/components/AuthCard';
import { authLinks } from '@web/components/AuthCard.css';
import { Button } from '@web/components/Button';
import {
  Checkbox,
  formStyles,
  NewPasswordFields,
  SelectField,
  PhoneField,
  TextField,
} from '@web/components/Field';
import { useToast } from '@web/components/Toaster';
import { currentLanguage, useT, type MessageId, type Translate } from '@web/i18n/i18n';
import { confirmPasswordError, newPasswordError } from '@web/features/onboarding';
import { phoneError, toE164 } from '@web/lib/phone';
import { useForm } from '@web/lib/useForm';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Values = {
  username: string;
  email: string;
  phone: string;
  first_name: string;
  last_name: string;
  user_type: string;
  password: string;
  confirm_password: string;
};

const USERNAME_MIN = 3;
const PASSWORD_MIN = 6;

function validate(values: Values, t: Translate): Partial<Record<keyof Values, string>> {
  return {
    username: !values.username.trim()
      ? t('auth.validation.usernameRequired')
      : values.username.trim().length < USERNAME_MIN
        ? t('auth.validation.usernameMin', { min: USERNAME_MIN })
        : undefined,
    email: !EMAIL_PATTERN.test(values.email.trim()) ? t('auth.validation.emailInvalid') : undefined,
    phone: !values.phone.trim() ? t('auth.validation.phoneRequired') : phoneError(values.phone),
    first_name: values.first_name.trim() ? undefined : t('auth.validation.firstNameRequired'),
    last_name: values.last_name.trim() ? undefined : t('auth.validation.lastNameRequired'),
    user_type: values.user_type ? undefined : t('auth.validation.userTypeRequired'),
    password: newPasswordError(values.password, PASSWORD_MIN),
    confirm_password: confirmPasswordError(values.confirm_password, values.password),
  };
}

/** The toast title names the first refused field, in form order, else the kind of problem. */
function registrationErrorTitle(error: unknown): MessageId {
  const fields = fieldErrors(error);
  if (fields.username) return 'auth.register.error.username';
  if (fields.email) return 'auth.register.error.email';
  if (fields.phone) return 'auth.register.error.phone';
  if (fields.password || fields.confirm_password) return 'auth.register.error.password';
  const text = error instanceof ApiError ? error.message : '';
  if (/already exists|already registered/i.test(text)) return 'auth.register.error.exists';
  return 'auth.register.error.failed';
}

export function RegisterPage() {
  const notify = useToast();
  const [, navigate] = useLocation();
  const t = useT();
  const form = useForm<Values>(
    {
      username: '',
      email: '',
      phone: '',
      first_name: '',
      last_name: '',
      user_type: 'student',
      password: '',
      confirm_password: '',
    },
    (values) => validate(values, t),
  );
  // Optional, and outside the spec's fields: agreeing to WhatsApp service messages.
  const [whatsappConsent, setWhatsappConsent] = useState(false);
  const register = useApiMutation('post', '/accounts/register/', {
    init: (values: Values) => ({
      body: {
        username: values.username.trim(),
        email: values.email.trim(),
        phone: toE164(values.phone),
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        user_type: values.user_type as 'student' | 'regular',
        password: values.password,
        confirm_password: values.confirm_password,
        // The OTP SMS and the e-mails come in the language the customer registers in.
        language: currentLanguage(),
        // Recorded against the privacy notice linked beside the checkbox.
        ...(whatsappConsent ? { whatsapp_service_consent: true } : {}),
      },
    }),
    onSuccess: (answer) => {
      notify({
        tone: 'success',
        title: t('auth.register.success.title'),
        message: t('auth.register.success.message'),
      });
      navigate(otpVerificationPath(answer.phone), { state: { phone: answer.phone } });
    },
    onError: (error) =>
      notify(
        failureToast(error, t(registrationErrorTitle(error)), t('auth.register.error.message')),
      ),
  });
  const serverErrors = sentFieldErrors(register.error, register.variables, form.values);
  const field = (name: keyof Values) => {
    const props = form.field(name);
    return { ...props, error: props.error ?? serverErrors[name] };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.trySubmit()) return;
    register.mutate(form.values);
  };

  return (
    <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <div className={formStyles.formGrid}>
          <TextField
            label={t('auth.register.firstName')}
            autoComplete="given-name"
            {...field('first_name')}
          />
          <TextField
            label={t('auth.register.lastName')}
            autoComplete="family-name"
            {...field('last_name')}
          />
        </div>
        <TextField
          label={t('auth.register.username')}
          autoComplete="username"
          {...field('username')}
        />
        <TextField
          label={t('auth.field.email')}
          type="email"
          autoComplete="email"
          {...field('email')}
        />
        <PhoneField
          label={t('auth.field.phone')}
          autoComplete="tel-national"
          hint={t('auth.register.phoneHint')}
          {...field('phone')}
        />
        <SelectField
          label={t('auth.register.iAmA')}
          options={[
            { value: 'student', label: t('auth.register.student') },
            { value: 'regular', label: t('auth.register.regular') },
          ]}
          {...field('user_type')}
        />
        <NewPasswordFields
          password={{ label: t('auth.field.password'), ...field('password') }}
          confirm={{ label: t('auth.register.confirmPassword'), ...field('confirm_password') }}
        />
        <Checkbox
          label={t('auth.register.whatsappConsent')}
          checked={whatsappConsent}
          onChange={(event) => setWhatsappConsent(event.target.checked)}
        />
        <Link href="/privacy">{t('auth.register.privacyNotice')}</Link>
        <Button type="submit" block busy={register.isPending}>
          {t('auth.register.submit')}
        </Button>
      </form>
      <div className={authLinks}>
        <span>
          {t('auth.register.haveAccount')} <Link href="/login">{t('auth.register.login')}</Link>
        </span>
      </div>
    </AuthCard>
  );
}
