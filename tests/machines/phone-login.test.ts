// The phone sign-in machine under fake timers: the phone step, the code step, the resend cooldown
// (60 s after a send, or the server's Retry-After), errors, and handing the tokens on.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  EffectError,
  OTP_RESEND_COOLDOWN_SECONDS,
  phoneLoginError,
  phoneLoginMachine,
  PHONE_UNVERIFIED,
  selectIsPhoneLoginBusy,
  selectPhoneLoginStep,
  type SessionTokens,
} from '@machines';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const SENT = 'If an account uses this phone number, a sign-in code has been sent to it.';
const TOKENS: SessionTokens = { access: 'access-token', refresh: 'refresh-token' };

/** A refusal as the web host throws it: failure, sentence, and Retry-After when there was one. */
function refused(message: string, retryAfterSeconds?: number) {
  const error = new EffectError('refused', message);
  return Object.assign(error, retryAfterSeconds ? { retryAfterSeconds } : {});
}

function start(
  options: {
    send?: (phone: string) => Promise<{ message: string }>;
    verify?: (input: { phone: string; otp: string }) => Promise<SessionTokens>;
  } = {},
) {
  const sends: string[] = [];
  const checks: { phone: string; otp: string }[] = [];
  const signedIn: SessionTokens[] = [];
  const actor = createActor(
    phoneLoginMachine.provide({
      actors: {
        sendCode: fromPromise(async ({ input }: { input: { phone: string } }) => {
          sends.push(input.phone);
          return options.send ? options.send(input.phone) : { message: SENT };
        }),
        verifyCode: fromPromise(async ({ input }: { input: { phone: string; otp: string } }) => {
          checks.push(input);
          return options.verify ? options.verify(input) : TOKENS;
        }),
      },
      actions: { signIn: (_, tokens) => void signedIn.push(tokens) },
    }),
  );
  actor.start();
  return { actor, sends, checks, signedIn };
}

/** Lets the actors' promises settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('phone sign-in machine', () => {
  it('sends the normalised phone, then signs in with the code and hands the tokens on', async () => {
    const { actor, sends, checks, signedIn } = start();
    expect(selectPhoneLoginStep(actor.getSnapshot())).toBe('phone');
    actor.send({ type: 'phoneLogin.send', phone: '98765 43210' });
    expect(selectIsPhoneLoginBusy(actor.getSnapshot())).toBe(true);
    await settle();
    expect(sends).toEqual(['+919876543210']);
    const sent = actor.getSnapshot();
    expect(selectPhoneLoginStep(sent)).toBe('code');
    expect(sent.context.sentMessage).toBe(SENT);
    expect(sent.context.resendInSeconds).toBe(OTP_RESEND_COOLDOWN_SECONDS);

    actor.send({ type: 'phoneLogin.verify', otp: ' 123 456 ' });
    await settle();
    expect(checks).toEqual([{ phone: '+919876543210', otp: '123456' }]);
    expect(signedIn).toEqual([TOKENS]);
    expect(actor.getSnapshot().status).toBe('done');
    // The code was never kept.
    expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('123456');
  });

  it('ignores a malformed phone and an incomplete code', async () => {
    const { actor, sends, checks } = start();
    actor.send({ type: 'phoneLogin.send', phone: '12345' });
    expect(actor.getSnapshot().value).toBe('enteringPhone');
    actor.send({ type: 'phoneLogin.send', phone: '5123456789' });
    await settle();
    expect(sends).toEqual([]);
    actor.send({ type: 'phoneLogin.send', phone: '+91 98765 43210' });
    await settle();
    actor.send({ type: 'phoneLogin.verify', otp: '12345' });
    await settle();
    expect(checks).toEqual([]);
    expect(actor.getSnapshot().value).toBe('codeSent');
  });

  it('offers a new code only after the cooldown, counting down each second', async () => {
    const { actor, sends } = start();
    actor.send({ type: 'phoneLogin.send', phone: '9876543210' });
    await settle();
    actor.send({ type: 'phoneLogin.resend' });
    await settle();
    expect(sends).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.resendInSeconds).toBe(OTP_RESEND_COOLDOWN_SECONDS - 1);
    await vi.advanceTimersByTimeAsync((OTP_RESEND_COOLDOWN_SECONDS - 1) * 1000);
    expect(actor.getSnapshot().context.resendInSeconds).toBe(0);
    actor.send({ type: 'phoneLogin.resend' });
    await settle();
    expect(sends).toEqual(['+919876543210', '+919876543210']);
    expect(actor.getSnapshot().context.resendInSeconds).toBe(OTP_RESEND_COOLDOWN_SECONDS);
  });

  it("waits the server's Retry-After when a resend is refused with 429", async () => {
    let calls = 0;
    const { actor } = start({
      send: async () => {
        calls += 1;
        if (calls === 2)
          throw refused('Too many OTP requests. Please try again in 55 minutes.', 3300);
        return { message: SENT };
      },
    });
    actor.send({ type: 'phoneLogin.send', phone: '9876543210' });
    await settle();
    await vi.advanceTimersByTimeAsync(OTP_RESEND_COOLDOWN_SECONDS * 1000);
    actor.send({ type: 'phoneLogin.resend' });
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('codeSent');
    expect(snapshot.context.error).toEqual({
      failure: 'refused',
      message: 'Too many OTP requests. Please try again in 55 minutes.',
      retryAfterSeconds: 3300,
      code: null,
    });
    expect(snapshot.context.resendInSeconds).toBe(3300);
  });

  it('stays on the phone step with the refusal when the first send fails', async () => {
    const { actor } = start({
      send: async () => {
        throw refused('Please wait 42 seconds before requesting a new OTP.', 42);
      },
    });
    actor.send({ type: 'phoneLogin.send', phone: '9876543210' });
    await settle();
    expect(actor.getSnapshot().value).toBe('enteringPhone');
    expect(actor.getSnapshot().context.error?.message).toBe(
      'Please wait 42 seconds before requesting a new OTP.',
    );
  });

  it('keeps the code step with the refusal after a wrong code, and lets the user try again', async () => {
    let tries = 0;
    const { actor, signedIn } = start({
      verify: async () => {
        tries += 1;
        if (tries === 1) throw refused('Invalid OTP. Please try again.');
        return TOKENS;
      },
    });
    actor.send({ type: 'phoneLogin.send', phone: '9876543210' });
    await settle();
    actor.send({ type: 'phoneLogin.verify', otp: '000000' });
    await settle();
    expect(actor.getSnapshot().value).toBe('codeSent');
    expect(actor.getSnapshot().context.error?.message).toBe('Invalid OTP. Please try again.');
    actor.send({ type: 'phoneLogin.verify', otp: '123456' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settle();
    expect(signedIn).toEqual([TOKENS]);
  });

  it('takes an unverified registration to verification instead of signing it in', async () => {
    const verifying: string[] = [];
    const sentence = 'Your phone number is not verified yet.';
    const actor = createActor(
      phoneLoginMachine.provide({
        actors: {
          sendCode: fromPromise(async () => ({ message: SENT })),
          verifyCode: fromPromise<SessionTokens, { phone: string; otp: string }>(async () => {
            // As the web host throws it: the answer's body with its error_code.
            throw Object.assign(new EffectError('refused', sentence), {
              body: { message: sentence, error_code: PHONE_UNVERIFIED, phone: '+919876543210' },
            });
          }),
        },
        actions: {
          signIn: () => {
            throw new Error('no session for an unverified registration');
          },
          verifyPhone: (_, phone) => void verifying.push(phone),
        },
      }),
    ).start();
    actor.send({ type: 'phoneLogin.send', phone: '98765 43210' });
    await settle();
    actor.send({ type: 'phoneLogin.verify', otp: '123456' });
    await settle();
    expect(actor.getSnapshot().value).toBe('needsVerification');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.error).toMatchObject({
      code: PHONE_UNVERIFIED,
      message: sentence,
    });
    expect(verifying).toEqual(['+919876543210']);
  });

  it('goes back to the phone step to change the number', async () => {
    const { actor, sends } = start();
    actor.send({ type: 'phoneLogin.send', phone: '9876543210' });
    await settle();
    actor.send({ type: 'phoneLogin.changePhone' });
    expect(selectPhoneLoginStep(actor.getSnapshot())).toBe('phone');
    expect(actor.getSnapshot().context.sentMessage).toBeNull();
    actor.send({ type: 'phoneLogin.send', phone: '8765432109' });
    await settle();
    expect(sends).toEqual(['+919876543210', '+918765432109']);
  });

  it('reads a network failure and a bare error', () => {
    expect(phoneLoginError(new TypeError('fetch failed'))).toEqual({
      failure: 'network',
      message: null,
      retryAfterSeconds: null,
      code: null,
    });
    expect(phoneLoginError(refused('Wait.', 1.2)).retryAfterSeconds).toBe(2);
  });
});
