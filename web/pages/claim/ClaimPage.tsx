// Claim an account from the SMS link /claim/{token}: a walk-in the owner enrolled at the counter, or
// a staff member the owner invited (the page reads which first, and speaks to each as they are).
// Send an OTP to the account's phone and enter it: that one code claims the account and signs its
// holder in (a rider can be put on a route at once). Then, if they like, a password (and another
// username) to sign in with besides the phone.
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { homePathOf } from '@machines/staff';
import { useBusiness } from '@web/api/queries';
import { ApiError, errorMessage, withServerErrors, failureToast } from '@web/api/errors';
import {
  useClaimComplete,
  useClaimLinkAccount,
  useClaimSendOtp,
  useClaimVerify,
} from '@web/features/walk-in';
import { AuthCard } from '@web/components/AuthCard';
import { errorPanel } from '@web/components/AuthCard.css';
import { Button } from '@web/components/Button';
import { formStyles, NewPasswordFields, OtpField, TextField } from '@web/components/Field';
import { useToast } from '@web/components/Toaster';
import { useT } from '@web/i18n/i18n';
import { confirmPasswordError, newPasswordError } from '@web/features/onboarding';
import { useForm } from '@web/lib/useForm';
import { useSession } from '@web/session/SessionProvider';

const PASSWORD_MIN = 6;
/** The link refusals: the page says them instead of the form. */
const LINK_CODES = ['claim.invalid', 'claim.used', 'claim.expired'];

export function ClaimPage() {
  const t = useT();
  const notify = useToast();
  const { acceptTokens, setUser } = useSession();
  const [pathname, navigate] = useLocation();
  const token = pathname.split('/')[2] ?? '';
  const linkAccount = useClaimLinkAccount(token);
  const business = useBusiness().data?.name ?? '';
  const sendOtp = useClaimSendOtp(token);
  const verify = useClaimVerify(token);
  const complete = useClaimComplete(token);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const account = verify.data ?? sendOtp.data;
  const staff = linkAccount.data?.account === 'staff' ? linkAccount.data : null;
  const title = staff ? t('auth.claim.staff.title') : t('auth.claim.title');
  const form = useForm({ username: '', password: '', confirm_password: '' }, (values) => ({
    username:
      values.username && !/^[A-Za-z0-9_.+-]{3,150}$/.test(values.username.trim())
        ? t('auth.claim.error.username')
        : undefined,
    password: newPasswordError(values.password, PASSWORD_MIN),
    confirm_password: confirmPasswordError(values.confirm_password, values.password),
  }));
  // Once the code signed the holder in, the link's own read no longer speaks for the page.
  const reads = verify.data ? [complete.error] : [linkAccount.error, sendOtp.error, verify.error];
  const linkError = reads.find(
    (error) =>
      error instanceof ApiError && LINK_CODES.includes(String(error.body?.error_code ?? '')),
  );
  const failed = (error: unknown) =>
    notify(failureToast(error, t('auth.claim.failed.title'), t('auth.claim.failed.message')));

  if (!token || linkError) {
    return (
      <AuthCard title={title}>
        <p className={errorPanel} role="alert">
          {linkError
            ? errorMessage(linkError, t('auth.claim.invalidLink'))
            : t('auth.claim.invalidLink')}
        </p>
      </AuthCard>
    );
  }

  if (!account) {
    // Until the link says whose it is, no words that could be the wrong ones.
    const intro = linkAccount.data
      ? staff
        ? t('auth.claim.staff.intro', { name: staff.first_name, business, role: staff.role ?? '' })
        : t('auth.claim.intro')
      : undefined;
    return (
      <AuthCard title={title} subtitle={intro}>
        <Button
          block
          busy={sendOtp.isPending || linkAccount.isPending}
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
      verify.mutate(otp.trim(), {
        // The claim's code is the first sign-in's too: signed in now, the password optional.
        onSuccess: async (answer) => {
          setUser(answer.user);
          await acceptTokens({ access: answer.access, refresh: answer.refresh });
          notify({ tone: 'success', title: t('auth.claim.done.title'), message: answer.message });
        },
        onError: failed,
      });
    };
    return (
      <AuthCard
        title={title}
        subtitle={t('auth.claim.otpSent', { name: account.first_name, phone: account.phone })}
      >
        <form className={formStyles.form} onSubmit={submitOtp} noValidate>
          <OtpField
            label={t('auth.claim.otp')}
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

  const home = homePathOf(verify.data.user.user_type);
  const { fieldProps } = withServerErrors(
    form,
    complete.error,
    complete.variables
      ? {
          username: complete.variables.username ?? '',
          password: complete.variables.password,
          confirm_password: complete.variables.confirm_password,
        }
      : undefined,
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
          navigate(home, { replace: true });
        },
        onError: failed,
      },
    );
  };
  return (
    <AuthCard title={title} subtitle={t('auth.claim.choosePassword')}>
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('auth.claim.username')}
          autoComplete="username"
          placeholder={account.username}
          hint={t('auth.claim.usernameHint', { username: account.username })}
          {...fieldProps('username')}
        />
        <NewPasswordFields
          password={{ label: t('auth.claim.password'), ...fieldProps('password') }}
          confirm={{ label: t('auth.claim.confirmPassword'), ...fieldProps('confirm_password') }}
        />
        <Button type="submit" block busy={complete.isPending}>
          {t('auth.claim.submit')}
        </Button>
        <Button
          tone="secondary"
          block
          disabled={complete.isPending}
          onClick={() => navigate(home, { replace: true })}
        >
          {t('auth.claim.skip')}
        </Button>
      </form>
    </AuthCard>
  );
}
