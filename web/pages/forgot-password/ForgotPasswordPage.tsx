// Request a reset e-mail; on success, "Email Sent Successfully!" with a way to use another address.
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { unwrap } from '../../api/errors';
import { AuthCard } from '../../components/AuthCard';
import { authLinks, successPanel } from '../../components/AuthCard.css';
import { Button } from '../../components/Button';
import { formStyles, TextField } from '../../components/Field';
import { useToast } from '../../components/Toaster';
import { useForm } from '../../lib/useForm';
import { useApi } from '../../session/SessionProvider';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ForgotPasswordPage() {
  const api = useApi();
  const notify = useToast();
  const form = useForm({ email: '' }, (values) => ({
    email: !values.email.trim()
      ? 'Email is required'
      : EMAIL_PATTERN.test(values.email.trim())
        ? undefined
        : 'Please enter a valid email address',
  }));
  const send = useMutation({
    mutationFn: (email: string) =>
      unwrap(api.POST('/accounts/password-reset/', { body: { email } })),
    onSuccess: () =>
      notify({
        tone: 'success',
        title: 'Reset Email Sent',
        message: 'Check your inbox for the reset link.',
      }),
    onError: () =>
      notify({
        tone: 'error',
        title: 'Failed to Send Reset Email',
        message: 'Failed to send reset email. Please try again.',
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.trySubmit()) return;
    send.mutate(form.values.email.trim());
  };

  return (
    <AuthCard title="Forgot your password?" subtitle="We will e-mail you a link to set a new one.">
      {send.isSuccess ? (
        <div className={successPanel} role="status">
          <h2>Email Sent Successfully!</h2>
          <p>
            We sent a password reset link to <strong>{send.variables}</strong>.
          </p>
          <Button
            tone="secondary"
            onClick={() => {
              send.reset();
              form.reset();
            }}
          >
            Send to Different Email
          </Button>
        </div>
      ) : (
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
          <Button type="submit" block busy={send.isPending}>
            Send reset link
          </Button>
        </form>
      )}
      <div className={authLinks}>
        <Link href="/login">Back to login</Link>
      </div>
    </AuthCard>
  );
}
