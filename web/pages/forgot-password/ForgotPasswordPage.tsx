// Request a reset e-mail; on success, "Email Sent Successfully!" with a way to use another address.
import { Trans } from '@web/i18n/Trans';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { useApiMutation } from '@web/api/query';
import { AuthCard } from '@web/components/AuthCard';
import { authLinks, successPanel } from '@web/components/AuthCard.css';
import { Button } from '@web/components/Button';
import { formStyles, TextField } from '@web/components/Field';
import { useToast } from '@web/components/Toaster';
import { useT, type MessageId } from '@web/i18n/i18n';
import { useForm } from '@web/lib/useForm';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ForgotPasswordPage() {
  const notify = useToast();
  const t = useT();
  const form = useForm({ email: '' }, (values) => ({
    email: !values.email.trim()
      ? t('auth.validation.emailRequired')
      : EMAIL_PATTERN.test(values.email.trim())
        ? undefined
        : t('auth.validation.emailInvalid'),
  }));
  const send = useApiMutation('post', '/accounts/password-reset/', {
    init: (email: string) => ({ body: { email } }),
    onSuccess: () =>
      notify({
        tone: 'success',
        title: t('auth.forgot.sent.title'),
        message: t('auth.forgot.sent.message'),
      }),
    onError: () =>
      notify({
        tone: 'error',
        title: t('auth.forgot.failed.title'),
        message: t('auth.forgot.failed.message'),
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.trySubmit()) return;
    send.mutate(form.values.email.trim());
  };

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      {send.isSuccess ? (
        <div className={successPanel} role="status">
          <h2>{t('auth.forgot.success.heading')}</h2>
          <p>
            <Trans
              id={'auth.forgot.success.text' satisfies MessageId}
              values={{ email: send.variables }}
              components={{ 0: <strong /> }}
            />
          </p>
          <Button
            tone="secondary"
            onClick={() => {
              send.reset();
              form.reset();
            }}
          >
            {t('auth.forgot.differentEmail')}
          </Button>
        </div>
      ) : (
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <TextField
            label={t('auth.field.email')}
            type="email"
            autoComplete="email"
            {...form.field('email')}
          />
          <Button type="submit" block busy={send.isPending}>
            {t('auth.forgot.submit')}
          </Button>
        </form>
      )}
      <div className={authLinks}>
        <Link href="/login">{t('auth.forgot.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
