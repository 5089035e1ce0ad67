// Claim a walk-in account from the SMS link /claim/{token}: send an OTP to the enrolled phone, enter
// it, then choose a password (and, if wished, another username). The customer is then signed in.
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { ApiError, errorMessage, sentFieldErrors } from '@web/api/errors';
import { useClaimComplete, useClaimSendOtp, useClaimVerify } from '@web/features/walk-in';
import { AuthCard } from '@web/components/AuthCard';
import { errorPanel } from '@web/components/AuthCard.css';
import { Button } from '@web/components/Button';
import { formStyles, PasswordField, TextField } from '@web/components/Field';
import { useToast } from '@web/components/Toaster';
import { useT } from '@web/i18n/i18n';
import { useForm } from '@web/lib/useForm';
import { useSession } from '@web/session/SessionProvider';
import { muted } from '@web/styles/utils.css';

const PASSWORD_MIN = 6;
/** The link refusals: the page says them instead of the form. */
const LINK_CODES = ['claim.invalid', 'claim.used', 'claim.expired'];

export function ClaimPage() {
  const t = useT();
  const notify = useToast();
  const { acceptTokens, setUser } = useSession();
  const [pathname, navigate] = useLocation();
  const token = pathname.split('/')[2] ?? '';
  const sendOtp = useClaimSendOtp(token);
  const verify = useClaimVerify(token);
  const complete = useClaimComplete(token);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const account = verify.data ?? sendOtp.data;
  const form = useForm({ username: '', password: '', confirm_password: '' }, (values) => ({
    username:
      values.username && !/^[A-Za-z0-9_.+-]{3,150}$/.test(values.username.trim())
        ? t('auth.claim.error.username')
        : undefined,
    password: !values.password
      ? t('auth.validation.passwordRequired')
      : values.password.length < PASSWORD_MIN
        ? t('auth.validation.passwordMin', { min: PASSWORD_MIN })
        : undefined,
    confirm_password: !values.confirm_password
      ? t('auth.validation.confirmPassword')
      : values.confirm_password !== values.password
        ? t('auth.validation.passwordsMismatch')
        : undefined,
  }));
  const linkError = [sendOtp.error, verify.error, complete.error].find(
    (error) =>
      error instanceof ApiError && LINK_CODES.includes(String(error.body?.error_code ?? '')),
  );
  const failed = (error: unknown) =>
    notify({
      tone: 'error',
      title: t('auth.claim.failed.title'),
      message: errorMessage(error, t('auth.claim.failed.message')),
    });

  if (!token || linkError) {
    return (
      <AuthCard title={t('auth.claim.title')}>
        <p className={errorPanel} role="alert">
          {linkError
            ? errorMessage(linkError, t('auth.claim.invalidLink'))
            : t('auth.claim.invalidLink')}
        </p>
      </AuthCard>
    );
  }

  if (!account) {
    return (
      <AuthCard title={t('auth.claim.title')} subtitle={t('auth.claim.intro')}>
        <Button
          block
          busy={sendOtp.isPending}
          onClick={() => sendOtp.mutate(undefined, { onError: failed })}
        >
          {t('auth.claim.sendOtp')}
        </Button>
      </AuthCard>
    );
  }

  if (!verify.data) {
    const submitOtp = (event: FormEvent) => {
      event.preventDefault();
      if (!otp.trim()) return setOtpError(t('auth.otp.required.field'));
      setOtpError(null);
      verify.mutate(otp.trim(), { onError: failed });
    };
    return (
      <AuthCard
        title={t('auth.claim.title')}
        subtitle={t('auth.claim.otpSent', { name: account.first_name, phone: account.phone })}
      >
        <form className={formStyles.form} onSubmit={submitOtp} noValidate>
          <TextField
            label={t('auth.claim.otp')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            name="otp"
            value={otp}
            onChange={(event) => setOtp(event.target.value)}
            error={otpError ?? (verify.error ? errorMessage(verify.error, '') || null : null)}
          />
          <Button type="submit" block busy={verify.isPending}>
            {t('auth.claim.verify')}
          </Button>
          <Button
            tone="secondary"
            block
            busy={sendOtp.isPending}
            onClick={() => sendOtp.mutate(undefined, { onError: failed })}
          >
            {t('auth.claim.resend')}
          </Button>
        </form>
      </AuthCard>
    );
  }

  const server = sentFieldErrors(
    complete.error,
    complete.variables
      ? {
          username: complete.variables.username ?? '',
          password: complete.variables.password,
          confirm_password: complete.variables.confirm_password,
        }
      : undefined,
    form.values,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.trySubmit()) return;
    const username = form.values.username.trim();
    complete.mutate(
      {
        ...(username ? { username } : {}),
        password: form.values.password,
        confirm_password: form.values.confirm_password,
      },
      {
        onSuccess: async (answer) => {
          setUser(answer.user);
          await acceptTokens({ access: answer.access, refresh: answer.refresh });
          notify({ tone: 'success', title: t('auth.claim.done.title'), message: answer.message });
          navigate('/dashboard', { replace: true });
        },
        onError: failed,
      },
    );
  };
  return (
    <AuthCard title={t('auth.claim.title')} subtitle={t('auth.claim.choosePassword')}>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('auth.claim.username')}
          autoComplete="username"
          placeholder={account.username}
          hint={t('auth.claim.usernameHint', { username: account.username })}
          {...form.field('username')}
          error={form.field('username').error ?? server.username}
        />
        <PasswordField
          label={t('auth.claim.password')}
          autoComplete="new-password"
          {...form.field('password')}
          error={form.field('password').error ?? server.password}
        />
        <PasswordField
          label={t('auth.claim.confirmPassword')}
          autoComplete="new-password"
          {...form.field('confirm_password')}
          error={form.field('confirm_password').error ?? server.confirm_password}
        />
        <p className={muted}>{t('auth.claim.afterwards')}</p>
        <Button type="submit" block busy={complete.isPending}>
          {t('auth.claim.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
