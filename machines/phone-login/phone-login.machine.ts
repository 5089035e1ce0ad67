// Signing in with a phone number and a texted code: enteringPhone → sending → codeSent ⇄
// (resending | verifying) → signedIn. The host provides the two calls and hands the tokens to the
// session machine (signIn), which decides where the user goes, as after a password login. A
// registration whose phone is not verified gets no tokens (sign_in.unverified): the machine ends in
// needsVerification and the host takes the phone to OTP verification (verifyPhone).
import { type MachineError, toMachineError } from '../shared/failure';
import { defineMachine } from '../shared/lifecycle';
import { OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS } from '../shared/constants';
import { normalizePhone } from '../shared/phone';
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { SessionTokens } from '../session/session.machine';

/** A failed call, with the server's wait when it answered 429 (Retry-After) and its code. */
export interface PhoneLoginError extends MachineError {
  readonly retryAfterSeconds: number | null;
  /** The answer's error_code (`otp.invalid`, `sign_in.unverified`…), when it had one. */
  readonly code: string | null;
}

/** The refusal of a right code for a registration that has not verified its phone yet. */
export const PHONE_UNVERIFIED = 'sign_in.unverified';

export interface PhoneLoginContext {
  /** The phone as the server stores it (+91 and ten digits), once one was sent. */
  readonly phone: string;
  /** The server's answer to the last send ("If an account uses this phone number…"). */
  readonly sentMessage: string | null;
  /** Seconds until a new code may be asked for (counts down once a second). */
  readonly resendInSeconds: number;
  readonly error: PhoneLoginError | null;
}

export type PhoneLoginEvent =
  | { readonly type: 'phoneLogin.send'; readonly phone: string }
  | { readonly type: 'phoneLogin.resend' }
  | { readonly type: 'phoneLogin.verify'; readonly otp: string }
  | { readonly type: 'phoneLogin.changePhone' };

export type PhoneLoginEventType = PhoneLoginEvent['type'];

/**
 * What a rejected call says: its failure and sentence, Retry-After when it carried one, and the
 * body's error_code when the host's error keeps the body.
 */
export function phoneLoginError(error: unknown): PhoneLoginError {
  const record =
    typeof error === 'object' && error !== null
      ? (error as { retryAfterSeconds?: unknown; body?: { error_code?: unknown } | null })
      : {};
  const wait = record.retryAfterSeconds;
  const code = record.body?.error_code;
  return {
    ...toMachineError(error),
    retryAfterSeconds: typeof wait === 'number' && wait > 0 ? Math.ceil(wait) : null,
    code: typeof code === 'string' ? code : null,
  };
}

/** A code as typed: digits only, at most OTP_LENGTH of them. */
export const cleanOtp = (typed: string) => typed.replace(/\D/g, '').slice(0, OTP_LENGTH);

export const isCompleteOtp = (typed: string) => cleanOtp(typed).length === OTP_LENGTH;

function notProvided(name: string): never {
  throw new Error(`The host must provide '${name}' with machine.provide().`);
}

const initialContext: PhoneLoginContext = {
  phone: '',
  sentMessage: null,
  resendInSeconds: 0,
  error: null,
};

// Defined through defineMachine: a host that takes only this file's constants does not carry it.
export const phoneLoginMachine = /* @__PURE__ */ defineMachine(() => {
  const phoneLogin = setup({
    types: {
      context: {} as PhoneLoginContext,
      events: {} as PhoneLoginEvent,
      tags: {} as 'busy' | 'phoneStep' | 'codeStep',
    },
    actors: {
      /** POST /accounts/login/phone/: resolves the server's message. */
      sendCode: fromPromise<{ message: string }, { phone: string }>(async () =>
        notProvided('sendCode'),
      ),
      /** POST /accounts/login/phone/verify/: resolves the session's tokens. */
      verifyCode: fromPromise<SessionTokens, { phone: string; otp: string }>(async () =>
        notProvided('verifyCode'),
      ),
    },
    actions: {
      /** The server sent a code: its sentence, and the wait before another. */
      codeWasSent: assign((_, sent: { message: string }) => ({
        sentMessage: sent.message,
        resendInSeconds: OTP_RESEND_COOLDOWN_SECONDS,
        error: null,
      })),
      /** A call failed: its error, for the form to show. */
      failed: assign((_, { error }: { error: unknown }) => ({ error: phoneLoginError(error) })),
      /** Sending a code again failed: its error, and the server's wait (Retry-After) before another. */
      resendFailed: assign((_, { error }: { error: unknown }) => {
        const failure = phoneLoginError(error);
        return { error: failure, resendInSeconds: failure.retryAfterSeconds ?? 0 };
      }),
      /** Host hands the tokens to the session machine (session.tokens_received). */
      signIn: (_, _tokens: SessionTokens) => {},
      /** Host takes the phone (as stored) to OTP verification. */
      verifyPhone: (_, _phone: string) => {},
    },
    guards: {
      isValidPhone: ({ event }) =>
        event.type === 'phoneLogin.send' && normalizePhone(event.phone).ok,
      isCompleteCode: ({ event }) => event.type === 'phoneLogin.verify' && isCompleteOtp(event.otp),
      isCoolingDown: ({ context }) => context.resendInSeconds > 0,
      isPhoneUnverified: ({ event }) =>
        'error' in event && phoneLoginError(event.error).code === PHONE_UNVERIFIED,
      canResend: ({ context }) => context.resendInSeconds === 0,
    },
  });

  /**
   * Asking the server to text a code, first from the phone step or again from the code step: the
   * code step (and its cooldown) when it is sent, else `failedTo` with the `failure` action.
   */
  const sendingCode = ({
    step,
    id,
    failedTo,
    failure,
  }: {
    step: 'phoneStep' | 'codeStep';
    id: string;
    failedTo: 'enteringPhone' | 'codeSent';
    failure: 'failed' | 'resendFailed';
  }) =>
    phoneLogin.createStateConfig({
      tags: [step, 'busy'],
      invoke: {
        id,
        src: 'sendCode',
        input: ({ context }) => ({ phone: context.phone }),
        onDone: {
          target: 'codeSent',
          actions: { type: 'codeWasSent', params: ({ event }) => event.output },
        },
        onError: {
          target: failedTo,
          actions: { type: failure, params: ({ event }) => event },
        },
      },
    });

  return phoneLogin.createMachine({
    id: 'phoneLogin',
    initial: 'enteringPhone',
    context: initialContext,
    states: {
      enteringPhone: {
        tags: ['phoneStep'],
        on: {
          'phoneLogin.send': {
            guard: 'isValidPhone',
            target: 'sending',
            actions: assign(({ event }) => {
              const phone = normalizePhone(event.phone);
              return { phone: phone.ok ? phone.value : '', error: null };
            }),
          },
        },
      },
      sending: sendingCode({
        step: 'phoneStep',
        id: 'sendCode',
        failedTo: 'enteringPhone',
        failure: 'failed',
      }),
      codeSent: {
        tags: ['codeStep'],
        after: {
          1000: {
            guard: 'isCoolingDown',
            target: 'codeSent',
            reenter: true,
            actions: assign(({ context }) => ({ resendInSeconds: context.resendInSeconds - 1 })),
          },
        },
        on: {
          'phoneLogin.verify': { guard: 'isCompleteCode', target: 'verifying' },
          'phoneLogin.resend': { guard: 'canResend', target: 'resending' },
          'phoneLogin.changePhone': {
            target: 'enteringPhone',
            actions: assign({ sentMessage: null, error: null, resendInSeconds: 0 }),
          },
        },
      },
      resending: sendingCode({
        step: 'codeStep',
        id: 'resendCode',
        failedTo: 'codeSent',
        failure: 'resendFailed',
      }),
      verifying: {
        tags: ['codeStep', 'busy'],
        entry: assign({ error: null }),
        invoke: {
          id: 'verifyCode',
          src: 'verifyCode',
          // The code goes to the actor and is never kept in context.
          input: ({ context, event }) => {
            assertEvent(event, 'phoneLogin.verify');
            return { phone: context.phone, otp: cleanOtp(event.otp) };
          },
          onDone: {
            target: 'signedIn',
            actions: { type: 'signIn', params: ({ event }) => event.output },
          },
          onError: [
            {
              guard: 'isPhoneUnverified',
              target: 'needsVerification',
              actions: [
                { type: 'failed', params: ({ event }) => event },
                { type: 'verifyPhone', params: ({ context }) => context.phone },
              ],
            },
            {
              target: 'codeSent',
              actions: { type: 'failed', params: ({ event }) => event },
            },
          ],
        },
      },
      signedIn: { type: 'final' },
      /** The right code, for a registration that verifies its phone first: no session. */
      needsVerification: { type: 'final' },
    },
  });
});

export type PhoneLoginMachine = typeof phoneLoginMachine;
export type PhoneLoginSnapshot = SnapshotFrom<PhoneLoginMachine>;

/** Which form the page shows: the phone field, or the code field. */
export const selectPhoneLoginStep = (snapshot: PhoneLoginSnapshot): 'phone' | 'code' =>
  snapshot.hasTag('codeStep') || snapshot.status === 'done' ? 'code' : 'phone';

export const selectIsPhoneLoginBusy = (snapshot: PhoneLoginSnapshot) =>
  snapshot.hasTag('busy') || snapshot.status === 'done';
