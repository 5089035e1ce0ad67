// The web's reading of error bodies: the machine code is `error_code`, so request fields named
// `code` (plans) and `message` (feedback) are per-field lists like any other.
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '@machines/shared';
import { ApiError, errorMessage, fieldErrors, sentFieldErrors } from '../../web/api/errors';

// The generated type cannot say "lists, except error_code" (its index signature covers every key),
// so bodies as the server sends them are cast, as the hosts do with what they receive.
const body = (value: Record<string, string | string[]>) => value as ErrorBody;

describe('web error bodies', () => {
  it("shows a plan's duplicate-code error under the code field", () => {
    const error = new ApiError(
      400,
      body({ code: ['A plan with this code already exists.'], error_code: 'plan.code_taken' }),
    );
    expect(fieldErrors(error)).toEqual({ code: 'A plan with this code already exists.' });
    expect(errorMessage(error, 'Create Failed')).toBe('A plan with this code already exists.');
  });

  it("reads a feedback's `message` list as a field error, and the OTP `message` as the sentence", () => {
    const feedback = new ApiError(
      400,
      body({
        message: ['Ensure this field has no more than 500 characters.'],
        error_code: 'invalid',
      }),
    );
    expect(fieldErrors(feedback)).toEqual({
      message: 'Ensure this field has no more than 500 characters.',
    });
    const otp = new ApiError(
      400,
      body({ message: 'Invalid OTP. Please try again.', error_code: 'otp.invalid' }),
    );
    expect(errorMessage(otp, 'OTP Verification Failed')).toBe('Invalid OTP. Please try again.');
    expect(fieldErrors(otp)).toEqual({});
  });

  it('falls back to the default sentence when the answer carries none', () => {
    expect(errorMessage(new ApiError(500, null), 'Failed to delete subscription.')).toBe(
      'Failed to delete subscription.',
    );
    expect(errorMessage(new ApiError(0, null), 'Could not fetch plans.')).toBe(
      'Could not fetch plans.',
    );
    expect(errorMessage(new Error('boom'), 'Could not fetch plans.')).toBe(
      'Could not fetch plans.',
    );
  });

  it('drops a field complaint once the user has changed that field', () => {
    const error = new ApiError(
      400,
      body({
        username: ['A user with that username already exists.'],
        email: ['Enter a valid email address.'],
        error_code: 'invalid',
      }),
    );
    const sent = { username: 'asha', email: 'asha@' };
    expect(sentFieldErrors(error, sent, { username: 'asha', email: 'asha@example.com' })).toEqual({
      username: 'A user with that username already exists.',
    });
  });
});
