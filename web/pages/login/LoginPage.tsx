// Login with username or e-mail; the session machine does the call and the "Login Failed" toast.
import type { FormEvent } from 'react';
import { Link } from 'wouter';
import { AuthCard } from '../../components/AuthCard';
import { authLinks } from '../../components/AuthCard.css';
import { Button } from '../../components/Button';
import { formStyles, PasswordField, TextField } from '../../components/Field';
import { useForm } from '../../lib/useForm';
import { useSession } from '../../session/SessionProvider';

export function LoginPage() {
  const { sessionState, login } = useSession();
  const pending = sessionState === 'loggingIn';
  const form = useForm(
    { username: '', password: '' },
    (values) => ({
      username: values.username.trim() ? undefined : 'Username or email is required',
      password: values.password ? undefined : 'Password is required',
    }),
    { validateOnBlur: true },
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.trySubmit()) return;
    login({ username: form.values.username.trim(), password: form.values.password });
  };

  return (
    <AuthCard title="Welcome back" subtitle="Log in to manage your meals.">
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField label="Username or email" autoComplete="username" {...form.field('username')} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <Button type="submit" block busy={pending} disabled={!form.isValid}>
          Login
        </Button>
      </form>
      <div className={authLinks}>
        <Link href="/forgot-password">Forgot password?</Link>
        <Link href="/register">Create an account</Link>
      </div>
    </AuthCard>
  );
}
