// The one rule both hosts use to turn an API error body into the sentence a person reads.
import { describe, expect, it } from 'vitest';
import { errorCode, errorSentence, fieldMessages } from '@machines/shared';

describe('errorSentence', () => {
  it('prefers non_field_errors, then detail, then the OTP message, then the field lists', () => {
    const everything = {
      non_field_errors: ['You already have a pending leave request.'],
      detail: 'Not this one.',
      message: 'Nor this one.',
      reason: ['Nor this.'],
      error_code: 'leave.pending_exists',
    };
    expect(errorSentence(everything)).toBe('You already have a pending leave request.');
    const { non_field_errors: _nonField, ...noNonField } = everything;
    expect(errorSentence(noNonField)).toBe('Not this one.');
    const { detail: _detail, ...otp } = noNonField;
    expect(errorSentence(otp)).toBe('Nor this one.');
    const { message: _message, ...fieldsOnly } = otp;
    expect(errorSentence(fieldsOnly)).toBe('Nor this.');
  });

  it('reads a `message` list as a field (feedback), not as the sentence', () => {
    const body = {
      message: ['Ensure this field has no more than 500 characters.'],
      error_code: 'invalid',
    };
    expect(errorSentence(body)).toBe('Ensure this field has no more than 500 characters.');
    expect(errorSentence(body, 'named')).toBe(
      'message: Ensure this field has no more than 500 characters.',
    );
  });

  it('names every field with all its messages for a terminal, only the first for a form', () => {
    const body = {
      code: ['A plan with this code already exists.'],
      base_price: ['Ensure that there are no more than 2 decimal places.', 'Must be positive.'],
      error_code: 'invalid',
    };
    expect(errorSentence(body)).toBe('A plan with this code already exists.');
    expect(errorSentence(body, 'named')).toBe(
      'code: A plan with this code already exists.; ' +
        'base_price: Ensure that there are no more than 2 decimal places. Must be positive.',
    );
  });

  it('skips blank sentences and says nothing for bodies without one', () => {
    expect(errorSentence({ non_field_errors: [''], detail: '  ', error_code: 'x' })).toBeNull();
    expect(errorSentence({ detail: '', reason: [' ', 'Reason is required.'] })).toBe(
      'Reason is required.',
    );
    expect(errorSentence({ error_code: 'server_error' })).toBeNull();
    expect(errorSentence(null)).toBeNull();
    expect(errorSentence('<html>Bad gateway</html>')).toBeNull();
    expect(errorSentence(['detail'])).toBeNull();
  });
});

describe('fieldMessages and errorCode', () => {
  it('lists fields in body order and never the non-field list, error_code or the OTP sentence', () => {
    expect(
      fieldMessages({
        username: ['A user with that username already exists.'],
        non_field_errors: ['Choose exactly one of tiffin user or mess user.'],
        message: 'Invalid OTP. Please try again.',
        phone: ['Enter a valid Indian mobile number.'],
        empty: [],
        error_code: 'invalid',
      }),
    ).toEqual([
      ['username', ['A user with that username already exists.']],
      ['phone', ['Enter a valid Indian mobile number.']],
    ]);
    expect(fieldMessages(undefined)).toEqual([]);
  });

  it('reads the stable code, or null when there is none', () => {
    expect(
      errorCode({
        detail: 'Only pending leave requests can be approved.',
        error_code: 'leave.not_pending',
      }),
    ).toBe('leave.not_pending');
    expect(errorCode({ detail: 'x' })).toBeNull();
    expect(errorCode({ error_code: ['invalid'] })).toBeNull();
    expect(errorCode(null)).toBeNull();
  });
});
