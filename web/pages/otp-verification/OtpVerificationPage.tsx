// OTP entry: the phone comes from navigation state or ?phone=.
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { afterOtpVerified } from '../../../machines/onboarding/onboarding.routes';
import { errorMessage, unwrap } from '../../api/errors';
import { AuthCard } from '../../components/AuthCard';
import { Button } from '../../components/Button';
import { formStyles, TextField } from '../../components/Field';
import { useToast } from '../../components/Toaster';
import { useSession } from '../../session/SessionProvider';
import { row } from '../../styles/utils.css';

const OTP_LENGTH = 6;

function phoneFromNavigation(search: string): string {
  const state: unknown = window.history.state;
  if (state && typeof state === 'object' && 'phone' in state && typeof state.phone === 'string') {
    return state.phone;
  }
  return new URLSearchParams(search).get('phone') ?? '';
}

export function OtpVerificationPage() {
  const { api, acceptTokens, setUser } = useSession();
  const notify = useToast();
  const [, navigate] = useLocation();
  const search = useSearch();
  const [phone, setPhone] = useState(() => phoneFromNavigation(search));
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);

  const verify = useMutation({
    mutationFn: () =>
      unwrap(api.POST('/accounts/verify-otp/', { body: { phone, otp: otp.trim() } })),
    onSuccess: async (answer) => {
      setUser(answer.user);
      await acceptTokens({ access: answer.access, refresh: answer.refresh });
      notify({ tone: 'success', title: 'OTP Verified', message: answer.message });
      navigate(afterOtpVerified(answer.user.status), { replace: true });
    },
    onError: (error) =>
      notify({
        tone: 'error',
        title: 'OTP Verification Failed',
        message: errorMessage(error, 'Invalid OTP. Please try again.'),
      }),
  });

  const resend = useMutation({
    mutationFn: () => unwrap(api.POST('/accounts/resend-otp/', { body: { phone } })),
    onSuccess: () =>
      notify({
        tone: 'success',
        title: 'OTP Sent',
        message: 'A new OTP has been sent to your phone.',
      }),
    onError: (error) =>
      notify({
        tone: 'error',
        title: 'Failed to Send OTP',
        message: errorMessage(error, 'Failed to send OTP.'),
      }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!otp.trim()) {
      setOtpError('OTP Required: Please enter the OTP.');
      notify({ tone: 'error', title: 'OTP Required', message: 'Please enter the OTP.' });
      return;
    }
    setOtpError(null);
    verify.mutate();
  };

  return (
    <AuthCard
      title="Verify your phone"
      subtitle={
        phone ? (
          <>
            We sent a 6-digit code to <strong>{phone}</strong>.
          </>
        ) : (
          'Enter your phone number and the 6-digit code we sent you.'
        )
      }
    >
      <form className={formStyles.form} onSubmit={submit} noValidate>
        {!phoneFromNavigation(search) ? (
          <TextField
            label="Phone"
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
        ) : null}
        <TextField
          label="OTP"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          value={otp}
          error={otpError}
          onChange={(event) => setOtp(event.target.value.slice(0, OTP_LENGTH))}
        />
        <div className={row}>
          <Button type="submit" busy={verify.isPending}>
            Verify OTP
          </Button>
          <Button
            tone="secondary"
            busy={resend.isPending}
            disabled={!phone}
            onClick={() => resend.mutate()}
          >
            Resend OTP
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
