// Set a new password from the e-mailed link /reset-password/{uidb64}/{token}/.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { PASSWORD_RESET_REDIRECT_MS } from '../../../machines/shared/constants';
import { ApiError, errorMessage, sentFieldErrors, unwrap } from '../../api/errors';
import { AuthCard } from '../../components/AuthCard';
import { errorPanel, successPanel } from '../../components/AuthCard.css';
import { Button } from '../../components/Button';
import { formStyles, PasswordField } from '../../components/Field';
import { useToast } from '../../components/Toaster';
import { useForm } from '../../lib/useForm';
import { useApi } from '../../session/SessionProvider';

const INVALID_LINK = 'The password reset link is invalid or has expired.';

export function ResetPasswordPage() {
  const api = useApi();
  const notify = useToast();
  const [pathname, navigate] = useLocation();
  const [, , uidb64 = '', token = ''] = pathname.split('/');
  const form = useForm({ new_password: '', confirm_password: '' }, (values) => ({
    new_password: !values.new_password
      ? 'Password is required'
      : values.new_password.length < 8
        ? 'Password must be at least 8 characters'
        : undefined,
    confirm_password: !values.confirm_password
      ? 'Please confirm your password'
      : values.confirm_password !== values.new_password
        ? 'Passwords do not match'
        : undefined,
  }));
  const link = useQuery({
    queryKey: ['password-reset-link', uidb64, token],
    enabled: !!uidb64 && !!token,
    staleTime: 0,
    retry: false,
    queryFn: () =>
      unwrap(
        api.GET('/accounts/password-reset/{uid}/{token}/', {
          params: { path: { uid: uidb64, token } },
        }),
      ),
  });
  const reset = useMutation({
    mutationFn: (values: typeof form.values) =>
      unwrap(
        api.POST('/accounts/password-reset-confirm/', {
          body: { uidb64, token, ...values },
        }),
      ),
    onSuccess: () =>
      notify({
        tone: 'success',
        title: 'Password Reset Successful',
        message: 'You can now log in.',
      }),
    onError: (error) =>
      notify({
        tone: 'error',
        title: 'Password Reset Failed',
        message: errorMessage(error, 'Failed to reset password. Please try again.'),
      }),
  });

  const serverErrors = sentFieldErrors(reset.error, reset.variables, form.values);

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
      <AuthCard title="Set a new password">
        <p className={errorPanel} role="alert">
          {INVALID_LINK}
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
    <AuthCard title="Set a new password" subtitle="Choose a password of at least 8 characters.">
      {reset.isSuccess ? (
        <div className={successPanel} role="status">
          <h2>Password Reset Successful</h2>
          <p>Your password has been changed. Taking you to the login page…</p>
        </div>
      ) : (
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <PasswordField
            label="New password"
            autoComplete="new-password"
            {...form.field('new_password')}
            error={form.field('new_password').error ?? serverErrors.new_password}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            {...form.field('confirm_password')}
            error={form.field('confirm_password').error ?? serverErrors.confirm_password}
          />
          <Button type="submit" block busy={reset.isPending}>
            Set new password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
