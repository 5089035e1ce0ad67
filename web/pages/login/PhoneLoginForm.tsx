// Sign in with the phone number and a texted code (machines/phone-login): phone → "Send code" →
// code → "Sign in". The tokens go to the session machine, which then decides where the user goes,
// exactly as after a password login; a registration that has not verified its phone gets no
// tokens and goes to OTP verification, where the code just texted to it finishes registering.
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { otpVerificationPath } from '@machines/onboarding';
import {
  cleanOtp,
  isCompleteOtp,
  phoneLoginMachine,
  type PhoneLoginError,
  selectIsPhoneLoginBusy,
  selectPhoneLoginStep,
} from '@machines/phone-login';
import type { SessionTokens } from '@machines/session';
import { formatPhone, OTP_LENGTH } from '@machines/shared';
import { apiFetch } from '@web/api/call';
import { useApiScope } from '@web/api/scope';
import { errorPanel, successPanel } from '@web/components/AuthCard.css';
import { Button } from '@web/components/Button';
import { formStyles, OtpField, PhoneField } from '@web/components/Field';
import { useT, type MessageId } from '@web/i18n/i18n';
import { phoneError } from '@web/lib/phone';
import { useSession } from '@web/session/SessionProvider';
import { row } from '@web/styles/utils.css';

/** A wait as the button says it: seconds under two minutes, else minutes. */
function waitText(t: ReturnType<typeof useT>, seconds: number): string {
  return seconds < 120
    ? t('auth.phoneLogin.resendInSeconds', { seconds })
    : t('auth.phoneLogin.resendInMinutes', { minutes: Math.ceil(seconds / 60) });
}

function failureText(
  t: ReturnType<typeof useT>,
  error: PhoneLoginError | null,
  fallback: MessageId,
): string | null {
  if (!error) return null;
  if (error.failure === 'network') return t('auth.phoneLogin.network');
  return error.message ?? t(fallback);
}

export function PhoneLoginForm() {
  const t = useT();
  const { api } = useApiScope();
  const { acceptTokens } = useSession();
  const [, navigate] = useLocation();
  const actor = useActorRef(
    phoneLoginMachine.provide({
      actors: {
        sendCode: fromPromise<{ message: string }, { phone: string }>(({ input, signal }) =>
          apiFetch(api, 'post', '/accounts/login/phone/', { body: input, signal }),
        ),
        verifyCode: fromPromise<SessionTokens, { phone: string; otp: string }>(
          ({ input, signal }) =>
            apiFetch(api, 'post', '/accounts/login/phone/verify/', { body: input, signal }),
        ),
      },
      actions: {
        signIn: (_, tokens) => void acceptTokens(tokens),
        verifyPhone: (_, verifying) =>
          navigate(otpVerificationPath(verifying), { state: { phone: verifying } }),
      },
    }),
  );
  const step = useSelector(actor, selectPhoneLoginStep);
  const busy = useSelector(actor, selectIsPhoneLoginBusy);
  const verifying = useSelector(actor, (s) => s.matches('verifying') || s.status === 'done');
  const resending = useSelector(actor, (s) => s.matches('resending'));
  const { phone, sentMessage, resendInSeconds, error } = useSelector(actor, (s) => s.context);

  const [typedPhone, setTypedPhone] = useState('');
  const [phoneProblem, setPhoneProblem] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [otpProblem, setOtpProblem] = useState<string | null>(null);

  const sendCode = (event: FormEvent) => {
    event.preventDefault();
    const problem = typedPhone.trim()
      ? (phoneError(typedPhone) ?? null)
      : t('auth.validation.phoneRequired');
    setPhoneProblem(problem);
    if (!problem) actor.send({ type: 'phoneLogin.send', phone: typedPhone });
  };

  const signIn = (event: FormEvent) => {
    event.preventDefault();
    if (!isCompleteOtp(otp)) {
      setOtpProblem(t('auth.phoneLogin.codeRequired', { length: OTP_LENGTH }));
      return;
    }
    setOtpProblem(null);
    actor.send({ type: 'phoneLogin.verify', otp });
  };

  if (step === 'phone') {
    const failure = failureText(t, error, 'auth.phoneLogin.sendFailed');
    return (
      <form className={formStyles.form} onSubmit={sendCode} noValidate>
        <PhoneField
          label={t('auth.field.phone')}
          autoComplete="tel"
          hint={t('auth.phoneLogin.phoneHint')}
          value={typedPhone}
          error={phoneProblem}
          onChange={(event) => setTypedPhone(event.target.value)}
        />
        {failure ? (
          <p role="alert" className={errorPanel}>
            {failure}
          </p>
        ) : null}
        <Button type="submit" block busy={busy}>
          {t('auth.phoneLogin.sendCode')}
        </Button>
      </form>
    );
  }

  const failure = failureText(t, error, 'auth.phoneLogin.failed');
  return (
    <form className={formStyles.form} onSubmit={signIn} noValidate>
      <p role="status" className={successPanel}>
        {sentMessage ?? t('auth.phoneLogin.sent')} <strong>{formatPhone(phone)}</strong>
      </p>
      <OtpField
        label={t('auth.phoneLogin.code')}
        value={otp}
        error={otpProblem}
        onChange={(event) => setOtp(cleanOtp(event.target.value))}
      />
      {failure ? (
        <p role="alert" className={errorPanel}>
          {failure}
        </p>
      ) : null}
      <Button type="submit" block busy={verifying}>
        {t('auth.phoneLogin.submit')}
      </Button>
      <div className={row}>
        <Button
          tone="secondary"
          busy={resending}
          disabled={busy || resendInSeconds > 0}
          onClick={() => actor.send({ type: 'phoneLogin.resend' })}
        >
          {resendInSeconds > 0 ? waitText(t, resendInSeconds) : t('auth.phoneLogin.resend')}
        </Button>
        <Button
          tone="secondary"
          disabled={busy}
          onClick={() => {
            setOtp('');
            setOtpProblem(null);
            actor.send({ type: 'phoneLogin.changePhone' });
          }}
        >
          {t('auth.phoneLogin.changePhone')}
        </Button>
      </div>
    </form>
  );
}
