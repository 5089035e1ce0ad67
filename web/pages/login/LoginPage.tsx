// Login with username or e-mail and password (the session machine does the call and the "Login
// Failed" toast), or with the phone number and a texted code (./PhoneLoginForm, ?with=phone).
import type { FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { AuthCard } from '@web/components/AuthCard';
import { authLinks } from '@web/components/AuthCard.css';
import { Button } from '@web/components/Button';
import { formStyles, PasswordField, TextField } from '@web/components/Field';
import { TabPanel, Tabs } from '@web/components/Tabs';
import { useT } from '@web/i18n/i18n';
import { useForm } from '@web/lib/useForm';
import { useSession } from '@web/session/SessionProvider';
import { PhoneLoginForm } from './PhoneLoginForm';

type Method = 'password' | 'phone';

function PasswordLoginForm() {
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
  );
}

export function LoginPage() {
  const t = useT();
  const search = useSearch();
  const [pathname, navigate] = useLocation();
  const method: Method = new URLSearchParams(search).get('with') === 'phone' ? 'phone' : 'password';
  // The way in is part of the address, so a link or a reload opens the same form.
  const choose = (next: string) => {
    const params = new URLSearchParams(search);
    if (next === 'phone') params.set('with', 'phone');
    else params.delete('with');
    const query = params.toString();
    navigate(query ? `${pathname}?${query}` : pathname, { replace: true });
  };

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <Tabs
        value={method}
        onValueChange={choose}
        label={t('auth.login.method')}
        fit
        tabs={[
          { value: 'password', label: t('auth.login.withPassword') },
          { value: 'phone', label: t('auth.login.withPhone') },
        ]}
      >
        <TabPanel value="password">
          <PasswordLoginForm />
        </TabPanel>
        <TabPanel value="phone">
          <PhoneLoginForm />
        </TabPanel>
      </Tabs>
      <div className={authLinks}>
        <Link href="/forgot-password">{t('auth.login.forgotPassword')}</Link>
        <Link href="/register">{t('auth.login.createAccount')}</Link>
      </div>
    </AuthCard>
  );
}
