// Login with username or e-mail; the session machine does the call and the "Login Failed" toast.
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { AuthCard } from '@web/components/AuthCard';
import { authLinks } from '@web/components/AuthCard.css';
import { Button } from '@web/components/Button';
import { formStyles, PasswordField, TextField } from '@web/components/Field';
import { useT } from '@web/i18n/i18n';
import { useForm } from '@web/lib/useForm';
import { useSession } from '@web/session/SessionProvider';

export function LoginPage() {
  const { sessionState, login } = useSession();
  const t = useT();
  const pending = sessionState === 'loggingIn';
  const form = useForm(
    { username: '', password: '' },
    (values) => ({
      username: values.username.trim() ? undefined : t('auth.login.usernameRequired'),
      password: values.password ? undefined : t('auth.validation.passwordRequired'),
    }),
    { validateOnBlur: true },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.trySubmit()) return;
    login({ username: form.values.username.trim(), password: form.values.password });
  };

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('auth.login.username')}
          autoComplete="username"
          {...form.field('username')}
        />
        <PasswordField
          label={t('auth.field.password')}
          autoComplete="current-password"
          {...form.field('password')}
        />
        <Button type="submit" block busy={pending} disabled={!form.isValid}>
          {t('auth.login.submit')}
        </Button>
      </form>
      <div className={authLinks}>
        <Link href="/forgot-password">{t('auth.login.forgotPassword')}</Link>
        <Link href="/register">{t('auth.login.createAccount')}</Link>
      </div>
    </AuthCard>
  );
}
