// OTP entry: the phone comes from navigation state or ?phone=.
import { Trans } from '@web/i18n/Trans';
import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { afterOtpVerified } from '@machines/onboarding';
import { useApiMutation } from '@web/api/query';
import { AuthCard } from '@web/components/AuthCard';
import { Button } from '@web/components/Button';
import { formStyles, OtpField, TextField } from '@web/components/Field';
import { useToast } from '@web/components/Toaster';
import { useT, type MessageId } from '@web/i18n/i18n';
import { useSession } from '@web/session/SessionProvider';
import { row } from '@web/styles/utils.css';
import { formatPhone } from '@machines/shared';
import { failureToast } from '@web/api/errors';

const OTP_LENGTH = 6;

function phoneFromNavigation(search: string): string {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'phone' in state && typeof state.phone === 'string') {
    return state.phone;
  }
  return new URLSearchParams(search).get('phone') ?? '';
}

export function OtpVerificationPage() {
  const { acceptTokens, setUser } = useSession();
  const notify = useToast();
  const [, navigate] = useLocation();
  const t = useT();
  const search = useSearch();
  const [phone, setPhone] = useState(() => phoneFromNavigation(search));
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);

  const verify = useApiMutation('post', '/accounts/verify-otp/', {
    init: (_: void) => ({ body: { phone, otp: otp.trim() } }),
    onSuccess: async (answer) => {
      setUser(answer.user);
      await acceptTokens({ access: answer.access, refresh: answer.refresh });
      notify({ tone: 'success', title: t('auth.otp.verified.title'), message: answer.message });
      navigate(afterOtpVerified(answer.user.status), { replace: true });
    },
    onError: (error) =>
      notify(
        failureToast(error, t('auth.otp.verifyFailed.title'), t('auth.otp.verifyFailed.message')),
      ),
  });

  const resend = useApiMutation('post', '/accounts/resend-otp/', {
    init: (_: void) => ({ body: { phone } }),
    onSuccess: () =>
      notify({
        tone: 'success',
        title: t('auth.otp.sent.title'),
        message: t('auth.otp.sent.message'),
      }),
    onError: (error) =>
      notify(failureToast(error, t('auth.otp.sendFailed.title'), t('auth.otp.sendFailed.message'))),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!otp.trim()) {
      setOtpError(t('auth.otp.required.field'));
      notify({
        tone: 'error',
        title: t('auth.otp.required.title'),
        message: t('auth.otp.required.message'),
      });
      return;
    }
    setOtpError(null);
    verify.mutate();
  };

  return (
    <AuthCard
      title={t('auth.otp.title')}
      subtitle={
        phone ? (
          <Trans
            id={'auth.otp.sentTo' satisfies MessageId}
            values={{ phone: formatPhone(phone) }}
            components={{ 0: <strong /> }}
          />
        ) : (
          t('auth.otp.enterPhone')
        )
      }
    >
      <form className={formStyles.form} onSubmit={submit} noValidate>
        {!phoneFromNavigation(search) ? (
          <TextField
            label={t('auth.field.phone')}
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
        ) : null}
        <OtpField
          label={t('auth.otp.label')}
          value={otp}
          error={otpError}
          onChange={(event) => setOtp(event.target.value.slice(0, OTP_LENGTH))}
        />
        <div className={row}>
          <Button type="submit" busy={verify.isPending}>
            {t('auth.otp.verify')}
          </Button>
          <Button
            tone="secondary"
            busy={resend.isPending}
            disabled={!phone}
            onClick={() => resend.mutate()}
          >
            {t('auth.otp.resend')}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
