// Set a new password from the e-mailed link /reset-password/{uidb64}/{token}/.
import { useEffect, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { PASSWORD_RESET_REDIRECT_MS } from '@machines/shared';
import { ApiError, withServerErrors, failureToast } from '@web/api/errors';
import { useApiMutation, useApiQuery } from '@web/api/query';
import { AuthCard } from '@web/components/AuthCard';
import { errorPanel, successPanel } from '@web/components/AuthCard.css';
import { Button } from '@web/components/Button';
import { formStyles, NewPasswordFields } from '@web/components/Field';
import { useToast } from '@web/components/Toaster';
import { useT } from '@web/i18n/i18n';
import { confirmPasswordError, newPasswordError } from '@web/features/onboarding';
import { useForm } from '@web/lib/useForm';

const PASSWORD_MIN = 8;

export function ResetPasswordPage() {
  const notify = useToast();
  const t = useT();
  const [pathname, navigate] = useLocation();
  const [, , uidb64 = '', token = ''] = pathname.split('/');
  const form = useForm({ new_password: '', confirm_password: '' }, (values) => ({
    new_password: newPasswordError(values.new_password, PASSWORD_MIN),
    confirm_password: confirmPasswordError(values.confirm_password, values.new_password),
  }));
  const link = useApiQuery(
    '/accounts/password-reset/{uid}/{token}/',
    { params: { path: { uid: uidb64, token } } },
    { enabled: !!uidb64 && !!token, staleTime: 0, retry: false },
  );
  const reset = useApiMutation('post', '/accounts/password-reset-confirm/', {
    init: (values: typeof form.values) => ({ body: { uidb64, token, ...values } }),
    onSuccess: () =>
      notify({
        tone: 'success',
        title: t('auth.reset.success.title'),
        message: t('auth.reset.success.message'),
      }),
    onError: (error) =>
      notify(failureToast(error, t('auth.reset.failed.title'), t('auth.reset.failed.message'))),
  });

  const { fieldProps } = withServerErrors(form, reset.error, reset.variables);

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(
      () => navigate('/login', { replace: true }),
      PASSWORD_RESET_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  // The contract answers valid:false; a 400 for the same link says the same thing.
  const linkRefused =
    link.data?.valid === false || (link.error instanceof ApiError && link.error.status === 400);
  if (!uidb64 || !token || (linkRefused && !reset.isSuccess)) {
    return (
      <AuthCard title={t('auth.reset.title')}>
        <p className={errorPanel} role="alert">
          {t('auth.reset.invalidLink')}
        </p>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.trySubmit()) return;
    reset.mutate(form.values);
  };

  return (
    <AuthCard title={t('auth.reset.title')} subtitle={t('auth.reset.subtitle')}>
      {reset.isSuccess ? (
        <div className={successPanel} role="status">
          <h2>{t('auth.reset.success.title')}</h2>
          <p>{t('auth.reset.success.text')}</p>
        </div>
      ) : (
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <NewPasswordFields
            password={{ label: t('auth.reset.newPassword'), ...fieldProps('new_password') }}
            confirm={{
              label: t('auth.reset.confirmNewPassword'),
              ...fieldProps('confirm_password'),
            }}
          />
          <Button type="submit" block busy={reset.isPending}>
            {t('auth.reset.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
