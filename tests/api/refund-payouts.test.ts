// Refund payouts over HTTP (docs/rules/refund.md: payouts): where a refund is to be paid, given when
// cancelling, when requesting a refund or later while it is PENDING; read only by the customer and
// the owner, the account number masked everywhere but the owner's payout view of an APPROVED refund.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { commerce, type Commerce } from '../helpers/commerce.js';
import { addStaff } from '../helpers/staff.js';

const UPI = { method: 'upi', upi_id: 'asha.verma@okaxis' } as const;
const BANK = {
  method: 'bank',
  account_holder_name: 'Asha Verma',
  account_number: '123456784321',
  ifsc: 'SBIN0001234',
} as const;
const BANK_MASKED = {
  method: 'bank',
  account_holder_name: 'Asha Verma',
  account_number_masked: 'XXXXXXXX4321',
  ifsc: 'SBIN0001234',
} as const;

describe.each(testDatabases())('refund payouts on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let api: Commerce;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    api = commerce(t, () => owner, { codePrefix: 'PAY' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const cancel = (who: Customer, subscriptionId: number, body?: unknown) =>
    t.request('POST', `/api/subscriptions/subscriptions/${subscriptionId}/cancel/`, {
      token: who.access,
      ...(body === undefined ? {} : { body }),
    });
  const getRefund = (id: number, token: string) =>
    t.request('GET', `/api/payments/refunds/${id}/`, { token });
  const patchPayout = (id: number, token: string, payout: unknown) =>
    t.request('PATCH', `/api/payments/refunds/${id}/`, { token, body: { payout } });
  const fullPayout = (id: number, token = owner) =>
    t.request('GET', `/api/payments/refunds/${id}/payout/`, { token });
  const refundRow = (id: number) =>
    t.ctx.db.kysely
      .selectFrom('refunds')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  /** A customer with an ACTIVE paid subscription, cancelled with `body`: the refund's id. */
  async function cancelledWith(body?: unknown) {
    const customer = await registerCustomer(t, { service: 'mess' });
    const active = await api.activeSubscription(customer);
    const cancelled = await cancel(customer, active.subscriptionId, body);
    expect(cancelled.status).toBe(200);
    return {
      customer,
      subscriptionId: active.subscriptionId,
      refundId: cancelled.body.refund_info.id as number,
      cancelled: cancelled.body,
    };
  }

  it('stores a UPI id given when cancelling and shows it to the customer and the owner', async () => {
    const { customer, refundId, cancelled } = await cancelledWith({ payout: UPI });
    expect(cancelled.refund_info.payout).toEqual(UPI);
    expect((await getRefund(refundId, customer.access)).body.payout).toEqual(UPI);
    expect((await getRefund(refundId, owner)).body.payout).toEqual(UPI);
    expect(await refundRow(refundId)).toMatchObject({
      payout_method: 'upi',
      payout_upi_id: 'asha.verma@okaxis',
      payout_account_number: null,
      payout_updated_at: expect.any(String),
    });
  });

  it('stores a bank account and masks its number but for the last 4 digits everywhere', async () => {
    const { customer, refundId, subscriptionId } = await cancelledWith({ payout: BANK });
    expect(await refundRow(refundId)).toMatchObject({
      payout_method: 'bank',
      payout_account_holder_name: 'Asha Verma',
      payout_account_number: '123456784321',
      payout_ifsc: 'SBIN0001234',
    });
    const views = [
      await getRefund(refundId, customer.access),
      await getRefund(refundId, owner),
      await t.request('GET', '/api/payments/refunds/', { token: customer.access }),
      await t.request('GET', '/api/payments/refunds/?status=PENDING', { token: owner }),
      await t.request('GET', '/api/payments/refunds/pending/', { token: owner }),
      await t.request('GET', `/api/subscriptions/subscriptions/${subscriptionId}/`, {
        token: customer.access,
      }),
      await t.request('GET', '/api/subscriptions/subscriptions/', { token: customer.access }),
    ];
    for (const view of views) {
      expect(view.status).toBe(200);
      expect(view.text).not.toContain('123456784321');
    }
    expect(views[0]!.body.payout).toEqual(BANK_MASKED);
    expect(views[0]!.body.subscription.refund_info.payout).toEqual(BANK_MASKED);
    expect(views[1]!.body.payout).toEqual(BANK_MASKED);
    expect(views[5]!.body.refund_info.payout).toEqual(BANK_MASKED);
    const listed = views[3]!.body.find((refund: { id: number }) => refund.id === refundId);
    expect(listed.payout).toEqual(BANK_MASKED);
  });

  it('still cancels without a body, or with an empty one, and the payout can be added later', async () => {
    const plain = await cancelledWith();
    expect(plain.cancelled).toMatchObject({ status: 'CANCELLED', refund_status: 'PENDING' });
    expect(plain.cancelled.refund_info.payout).toBeNull();
    const empty = await cancelledWith({});
    expect(empty.cancelled.refund_info.payout).toBeNull();
    const added = await patchPayout(plain.refundId, plain.customer.access, UPI);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ status: 'PENDING', payout: UPI });
  });

  it('refuses each invalid field with its own message, and cancels nothing', async () => {
    const customer = await registerCustomer(t, { service: 'mess' });
    const active = await api.activeSubscription(customer);
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{ method: 'upi', upi_id: 'asha' }, { 'payout.upi_id': ['Enter a UPI ID like name@bank'] }],
      [
        { method: 'upi', upi_id: 'a@okaxis' },
        { 'payout.upi_id': ['Enter a UPI ID like name@bank'] },
      ],
      [
        { method: 'upi', upi_id: 'asha@1bank' },
        { 'payout.upi_id': ['Enter a UPI ID like name@bank'] },
      ],
      [{ method: 'upi' }, { 'payout.upi_id': ['UPI ID is required'] }],
      [
        { ...BANK, account_holder_name: '   ' },
        { 'payout.account_holder_name': ['Account holder name is required'] },
      ],
      [
        { ...BANK, account_holder_name: 'A'.repeat(101) },
        { 'payout.account_holder_name': ['Account holder name must be at most 100 characters'] },
      ],
      [
        { ...BANK, account_number: '12345678' },
        { 'payout.account_number': ['Account number must be 9 to 18 digits'] },
      ],
      [
        { ...BANK, account_number: '1234567890123456789' },
        { 'payout.account_number': ['Account number must be 9 to 18 digits'] },
      ],
      [
        { ...BANK, account_number: '12345 67890' },
        { 'payout.account_number': ['Account number must be 9 to 18 digits'] },
      ],
      [
        { ...BANK, ifsc: 'sbin0001234' },
        {
          'payout.ifsc': [
            'IFSC must be 11 characters: 4 capital letters, 0, then 6 letters or digits (e.g. SBIN0001234)',
          ],
        },
      ],
      [
        { ...BANK, ifsc: 'SBIN1001234' },
        {
          'payout.ifsc': [
            'IFSC must be 11 characters: 4 capital letters, 0, then 6 letters or digits (e.g. SBIN0001234)',
          ],
        },
      ],
      [
        { method: 'bank', ifsc: 'SBIN0001234' },
        {
          'payout.account_holder_name': ['Account holder name is required'],
          'payout.account_number': ['Account number is required'],
        },
      ],
      [{ upi_id: 'asha@okaxis' }, { 'payout.method': ['Payout method must be "upi" or "bank"'] }],
      [
        { method: 'cash', upi_id: 'asha@okaxis' },
        { 'payout.method': ['Payout method must be "upi" or "bank"'] },
      ],
      [{ ...UPI, account_number: '123456784321' }, { 'payout.account_number': ['Unknown field.'] }],
      ['asha@okaxis', { payout: ['Payout details must be an object'] }],
    ];
    for (const [payout, errors] of cases) {
      const answer = await cancel(customer, active.subscriptionId, { payout });
      expect({ payout, status: answer.status }).toEqual({ payout, status: 400 });
      expect(answer.body).toEqual({ ...errors, error_code: 'invalid' });
    }
    const still = await t.request(
      'GET',
      `/api/subscriptions/subscriptions/${active.subscriptionId}/`,
      {
        token: customer.access,
      },
    );
    expect(still.body).toMatchObject({ status: 'ACTIVE', refund_info: null });
  });

  it('masks the UPI id for a manager in every answer, and shows it whole to the customer and the owner', async () => {
    const manager = await addStaff(t, owner, 'manager');
    const { customer, refundId, subscriptionId } = await cancelledWith({ payout: UPI });
    const masked = { method: 'upi', upi_id_masked: 'as********@okaxis' };
    const views = [
      await getRefund(refundId, manager.access),
      await t.request('GET', '/api/payments/refunds/', { token: manager.access }),
      await t.request('GET', '/api/payments/refunds/?status=PENDING', { token: manager.access }),
      await t.request('GET', '/api/payments/refunds/pending/', { token: manager.access }),
      await t.request('GET', `/api/subscriptions/subscriptions/${subscriptionId}/`, {
        token: manager.access,
      }),
      await t.request('GET', `/api/subscriptions/subscriptions/?user=${customer.id}`, {
        token: manager.access,
      }),
    ];
    for (const view of views) {
      expect(view.status).toBe(200);
      expect(view.text).not.toContain('asha.verma');
    }
    expect(views[0]!.body.payout).toEqual(masked);
    expect(views[0]!.body.subscription.refund_info.payout).toEqual(masked);
    expect(views[4]!.body.refund_info.payout).toEqual(masked);
    const listed = views[2]!.body.find((refund: { id: number }) => refund.id === refundId);
    expect(listed.payout).toEqual(masked);
    // The customer and the owner read it whole.
    expect((await getRefund(refundId, customer.access)).body.payout).toEqual(UPI);
    expect((await getRefund(refundId, owner)).body.payout).toEqual(UPI);
    const ownersList = await t.request(
      'GET',
      `/api/subscriptions/subscriptions/?user=${customer.id}`,
      {
        token: owner,
      },
    );
    expect(ownersList.body[0].refund_info.payout).toEqual(UPI);
  });

  it('lets only the customer and the owner read the payout details', async () => {
    const { customer, refundId } = await cancelledWith({ payout: BANK });
    const stranger = await registerCustomer(t, { service: 'mess' });
    expect((await getRefund(refundId, stranger.access)).status).toBe(404);
    const theirs = await t.request('GET', '/api/payments/refunds/', { token: stranger.access });
    expect(theirs.body).toEqual([]);
    expect((await patchPayout(refundId, stranger.access, UPI)).status).toBe(404);
    expect((await fullPayout(refundId, stranger.access)).status).toBe(403);
    expect((await fullPayout(refundId, customer.access)).status).toBe(403);
    expect((await t.request('GET', `/api/payments/refunds/${refundId}/payout/`)).status).toBe(401);
    expect((await refundRow(refundId)).payout_method).toBe('bank');
  });

  it('shows the owner the whole account number only while the refund waits to be paid', async () => {
    const { customer, refundId, subscriptionId } = await cancelledWith({ payout: BANK });
    const early = await fullPayout(refundId);
    expect(early.status).toBe(400);
    expect(early.body).toEqual({
      non_field_errors: [
        'Full payout details are shown only for an approved refund, while it waits to be paid.',
      ],
      error_code: 'refund.not_payable',
    });
    expect((await api.refundAction(refundId, 'approve', { admin_comment: 'ok' })).status).toBe(200);
    const payable = await fullPayout(refundId);
    expect(payable.status).toBe(200);
    expect(payable.body).toEqual(BANK);
    // Approved: the customer can no longer redirect the money.
    const locked = await patchPayout(refundId, customer.access, UPI);
    expect(locked.status).toBe(400);
    expect(locked.body).toEqual({
      non_field_errors: ['Payout details can be changed only while the refund is pending.'],
      error_code: 'refund.payout_locked',
    });
    const paid = await api.refundAction(refundId, 'mark_paid', {
      admin_comment: 'Sent by IMPS',
      utr: 'UTIB0001234',
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'PAID', utr: 'UTIB0001234', payout: BANK_MASKED });
    expect((await fullPayout(refundId)).status).toBe(400);
    // The UTR comes back to the customer, on the refund and on the subscription.
    expect((await getRefund(refundId, customer.access)).body).toMatchObject({
      utr: 'UTIB0001234',
      paid_at: expect.any(String),
    });
    const subscription = await t.request(
      'GET',
      `/api/subscriptions/subscriptions/${subscriptionId}/`,
      { token: customer.access },
    );
    expect(subscription.body.refund_info).toMatchObject({
      status: 'PAID',
      utr: 'UTIB0001234',
      paid_at: expect.any(String),
      payout: BANK_MASKED,
    });
    // The audit log and the customer's e-mail say where it went, masked.
    const audit = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('object_type', '=', 'refund')
      .where('object_id', '=', refundId)
      .where('action', '=', 'refund.mark_paid')
      .executeTakeFirstOrThrow();
    expect(audit.summary).toContain('Bank account XXXXXXXX4321 (Asha Verma, SBIN0001234)');
    expect(JSON.parse(audit.after_json ?? '{}')).toMatchObject({ payout: BANK_MASKED });
    expect(`${audit.summary}${audit.after_json}`).not.toContain('123456784321');
    // Each time the owner saw the whole account number is on record, masked there too; the refused
    // look (already paid) is not.
    const views = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('object_id', '=', refundId)
      .where('action', '=', 'refund.view_payout')
      .execute();
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ actor_username: 'owner', object_type: 'refund' });
    const amount = /of (₹[\d,.]+)/.exec(audit.summary)?.[1];
    expect(amount).toMatch(/^₹[1-9]/);
    expect(views[0]!.summary).toBe(
      `Opened the full payout details of refund #${refundId} (${amount}), to Bank account XXXXXXXX4321 (Asha Verma, SBIN0001234).`,
    );
    const mail = t.mailOutbox().join('\n');
    expect(mail).toContain('Paid to: Bank account XXXXXXXX4321');
    expect(mail).not.toContain('123456784321');
  });

  it('answers 404 for the payout view of an approved refund without payout details', async () => {
    const { refundId } = await cancelledWith();
    expect((await api.refundAction(refundId, 'approve', { admin_comment: 'ok' })).status).toBe(200);
    const none = await fullPayout(refundId);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({
      detail: 'The customer has not given payout details yet.',
      error_code: 'refund.no_payout',
    });
  });

  it('replaces the payout details while PENDING, clearing the old method', async () => {
    const { customer, refundId } = await cancelledWith({ payout: UPI });
    const changed = await patchPayout(refundId, customer.access, BANK);
    expect(changed.status).toBe(200);
    expect(changed.body.payout).toEqual(BANK_MASKED);
    expect(await refundRow(refundId)).toMatchObject({
      payout_method: 'bank',
      payout_upi_id: null,
      payout_account_number: '123456784321',
    });
    const invalid = await patchPayout(refundId, customer.access, { ...BANK, ifsc: 'SBIN000123' });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body)).toEqual(['payout.ifsc', 'error_code']);
    const back = await patchPayout(refundId, customer.access, UPI);
    expect(back.body.payout).toEqual(UPI);
    expect(await refundRow(refundId)).toMatchObject({
      payout_method: 'upi',
      payout_account_holder_name: null,
      payout_account_number: null,
      payout_ifsc: null,
    });
    expect((await patchPayout(refundId, owner, UPI)).status).toBe(403);
    const noBody = await t.request('PATCH', `/api/payments/refunds/${refundId}/`, {
      token: customer.access,
      body: {},
    });
    expect(noBody.status).toBe(400);
    expect(noBody.body.payout).toEqual(['This field is required.']);
  });

  it('takes payout details with a refund request for a cancelled subscription', async () => {
    const { customer, refundId, subscriptionId } = await cancelledWith();
    await t.ctx.db.kysely.deleteFrom('refunds').where('id', '=', refundId).execute();
    const invalid = await t.request('POST', '/api/payments/refunds/', {
      token: customer.access,
      body: { subscription: subscriptionId, payout: { method: 'upi', upi_id: 'nope' } },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body['payout.upi_id']).toEqual(['Enter a UPI ID like name@bank']);
    const requested = await t.request('POST', '/api/payments/refunds/', {
      token: customer.access,
      body: { subscription: subscriptionId, payout: BANK },
    });
    expect(requested.status).toBe(201);
    expect(requested.body).toMatchObject({ status: 'PENDING', payout: BANK_MASKED });
  });

  it('lets no payout change slip in after approval under 50 concurrent requests', async () => {
    const { customer, refundId } = await cancelledWith({ payout: UPI });
    const changes = Array.from({ length: 49 }, (_, index) =>
      patchPayout(refundId, customer.access, {
        method: 'upi',
        upi_id: `asha.${index}@okaxis`,
      }),
    );
    const approval = api.refundAction(refundId, 'approve', { admin_comment: 'ok' });
    const answers = await Promise.all(changes);
    expect((await approval).status).toBe(200);
    for (const answer of answers) {
      expect([200, 400]).toContain(answer.status);
      if (answer.status === 400) expect(answer.body.error_code).toBe('refund.payout_locked');
    }
    const row = await refundRow(refundId);
    expect(row.status).toBe('APPROVED');
    // What the owner approved (recorded in the same transaction) is what stays: no accepted change
    // was written after the approval.
    const audit = await t.ctx.db.kysely
      .selectFrom('audit_log')
      .select('after_json')
      .where('object_type', '=', 'refund')
      .where('object_id', '=', refundId)
      .where('action', '=', 'refund.approve')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json ?? '{}').payout).toEqual({
      method: 'upi',
      upi_id: row.payout_upi_id,
    });
    const accepted = answers.filter((answer) => answer.status === 200);
    const ids = [UPI.upi_id, ...accepted.map((answer) => answer.body.payout.upi_id as string)];
    expect(ids).toContain(row.payout_upi_id);
    const later = await patchPayout(refundId, customer.access, UPI);
    expect(later.status).toBe(400);
  });
});
