// The refund payout rules the web form and the CLI use, held equal to the contract the server
// validates with, and the masking every view but the owner's payout view applies.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  describePayout,
  EMPTY_PAYOUT_DRAFT,
  maskAccountNumber,
  maskPayout,
  maskUpiId,
  readsWholeUpiId,
  PAYOUT_MESSAGES,
  PAYOUT_PATTERNS,
  payoutFromDraft,
  refundMachine,
  selectCanChangePayout,
  selectIsPayable,
  validatePayoutDraft,
} from '@machines';
import { restore } from '@machines/shared';

type Schema = {
  properties: Record<
    string,
    { pattern?: string; maxLength?: number; 'x-messages': Record<string, string> }
  >;
};
const schemas = (
  parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
    components: { schemas: Record<string, Schema> };
  }
).components.schemas;

describe('payout rules', () => {
  it('use the patterns and messages of the contract', () => {
    const upi = schemas.UpiPayout!.properties;
    const bank = schemas.BankPayout!.properties;
    expect(PAYOUT_PATTERNS.upi_id.source).toBe(upi.upi_id!.pattern);
    expect(PAYOUT_PATTERNS.account_number.source).toBe(bank.account_number!.pattern);
    expect(PAYOUT_PATTERNS.ifsc.source).toBe(bank.ifsc!.pattern);
    expect(PAYOUT_MESSAGES.upi_id).toEqual({
      required: upi.upi_id!['x-messages'].required,
      pattern: upi.upi_id!['x-messages'].pattern,
    });
    expect(PAYOUT_MESSAGES.account_holder_name).toEqual({
      required: bank.account_holder_name!['x-messages'].required,
      maxLength: bank.account_holder_name!['x-messages'].maxLength,
    });
    expect(PAYOUT_MESSAGES.account_number.pattern).toBe(bank.account_number!['x-messages'].pattern);
    expect(PAYOUT_MESSAGES.ifsc.pattern).toBe(bank.ifsc!['x-messages'].pattern);
  });

  it.each([
    ['asha.verma@okaxis', true],
    ['98765-43210@ybl', true],
    ['a@okaxis', false],
    ['asha@x', false],
    ['asha@1bank', false],
    ['asha verma@okaxis', false],
    ['asha@@okaxis', false],
    ['', false],
  ])('UPI id %j valid: %s', (upiId, valid) => {
    const errors = validatePayoutDraft({ ...EMPTY_PAYOUT_DRAFT, method: 'upi', upi_id: upiId });
    expect(errors.upi_id === undefined).toBe(valid);
  });

  it('checks every bank field with its own message', () => {
    const bank = { ...EMPTY_PAYOUT_DRAFT, method: 'bank' as const };
    expect(validatePayoutDraft(bank)).toEqual({
      account_holder_name: 'Account holder name is required',
      account_number: 'Account number is required',
      ifsc: 'IFSC is required',
    });
    expect(
      validatePayoutDraft({
        ...bank,
        account_holder_name: 'A'.repeat(101),
        account_number: '12345678',
        ifsc: 'SBIN1001234',
      }),
    ).toEqual({
      account_holder_name: 'Account holder name must be at most 100 characters',
      account_number: 'Account number must be 9 to 18 digits',
      ifsc: PAYOUT_MESSAGES.ifsc.pattern,
    });
    expect(
      validatePayoutDraft({
        ...bank,
        account_holder_name: 'Asha',
        account_number: '1'.repeat(19),
        ifsc: 'SBIN0001234',
      }),
    ).toEqual({ account_number: 'Account number must be 9 to 18 digits' });
    // As people type them: grouped digits, a lower-case IFSC, spaces around the name.
    const typed = {
      ...bank,
      account_holder_name: '  Asha   Verma ',
      account_number: '1234 5678 4321',
      ifsc: 'sbin0001234 ',
    };
    expect(validatePayoutDraft(typed)).toEqual({});
    expect(payoutFromDraft(typed)).toEqual({
      method: 'bank',
      account_holder_name: 'Asha Verma',
      account_number: '123456784321',
      ifsc: 'SBIN0001234',
    });
  });

  it('sends only the chosen method', () => {
    const draft = {
      method: 'upi' as const,
      upi_id: ' asha@okaxis ',
      account_holder_name: 'Asha',
      account_number: '123456789',
      ifsc: 'SBIN0001234',
    };
    expect(payoutFromDraft(draft)).toEqual({ method: 'upi', upi_id: 'asha@okaxis' });
  });

  it('masks the account number but for its last 4 digits', () => {
    expect(maskAccountNumber('123456784321')).toBe('XXXXXXXX4321');
    expect(maskAccountNumber('000000001')).toBe('XXXXX0001');
    const bank = {
      method: 'bank' as const,
      account_holder_name: 'Asha Verma',
      account_number: '123456784321',
      ifsc: 'SBIN0001234',
    };
    expect(maskPayout(bank, true)).toEqual({
      method: 'bank',
      account_holder_name: 'Asha Verma',
      account_number_masked: 'XXXXXXXX4321',
      ifsc: 'SBIN0001234',
    });
    expect(maskPayout(bank, false)).toEqual(maskPayout(bank, true));
    expect(describePayout(maskPayout(bank, true))).toBe(
      'Bank account XXXXXXXX4321 (Asha Verma, SBIN0001234)',
    );
    expect(describePayout({ method: 'upi', upi_id: 'asha@okaxis' })).toBe('UPI asha@okaxis');
    expect(describePayout(null)).toBe('Not given yet');
  });

  it('masks a UPI id but its first two characters and the bank, for all but its customer and the owner', () => {
    const upi = { method: 'upi' as const, upi_id: 'asha.verma@okaxis' };
    expect(maskUpiId('asha.verma@okaxis')).toBe('as********@okaxis');
    expect(maskUpiId('ab@ybl')).toBe('ab@ybl');
    expect(maskPayout(upi, true)).toEqual(upi);
    expect(maskPayout(upi, false)).toEqual({ method: 'upi', upi_id_masked: 'as********@okaxis' });
    expect(describePayout(maskPayout(upi, false))).toBe('UPI as********@okaxis');
    const customer = { id: 7, user_type: 'student' };
    expect(readsWholeUpiId(customer, 7)).toBe(true);
    expect(readsWholeUpiId({ id: 1, user_type: 'mess_owner' }, 7)).toBe(true);
    expect(readsWholeUpiId({ id: 9, user_type: 'manager' }, 7)).toBe(false);
    expect(readsWholeUpiId({ id: 8, user_type: 'student' }, 7)).toBe(false);
  });
});

describe('refund states and payout details', () => {
  it.each([
    ['PENDING', true, false],
    ['APPROVED', false, true],
    ['REJECTED', false, false],
    ['PAID', false, false],
  ] as const)('%s: may change %s, payable %s', (status, canChange, payable) => {
    const snapshot = restore(refundMachine, {
      value: status,
      context: { adminComment: null, utr: null },
    });
    expect(selectCanChangePayout(snapshot)).toBe(canChange);
    expect(selectIsPayable(snapshot)).toBe(payable);
  });
});
