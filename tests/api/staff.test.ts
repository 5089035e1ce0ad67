// Staff accounts (issue 22), on both databases: the owner adds a member, who gets an SMS invite and
// claims it through the walk-in claim flow, then signs in with a password and can call only what
// their role allows; a role change applies at the next request; deactivation ends every session at
// once; reactivation and re-invites follow machines/staff; every change is audited with its role.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer } from '../helpers/accounts.js';
import { commerce } from '../helpers/commerce.js';
import { addStaff, claimInvite, inviteToken, staffPhone } from '../helpers/staff.js';

const STAFF = '/api/owner/staff/';

describe.each(testDatabases())('staff on %s', (dialect) => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const add = (body: Record<string, unknown>) => t.request('POST', STAFF, { token: owner, body });
  const login = (username: string, password: string) =>
    t.request('POST', '/api/accounts/login/', { body: { username, password } });
  const auditOf = async (action: string) =>
    (await t.request('GET', `/api/audit/?action=${action}`, { token: owner })).body as {
      actor: string;
      actor_role: string | null;
      object_id: number | null;
      action: string;
    }[];

  it('add → SMS invite → claim → password sign-in → only what the role allows', async () => {
    const phone = staffPhone();
    const added = await add({ first_name: 'Meena', last_name: 'Rao', phone, role: 'manager' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      first_name: 'Meena',
      last_name: 'Rao',
      phone: `+91${phone}`,
      role: 'manager',
      status: 'invited',
      username: '',
      joined_at: null,
      deactivated_at: null,
      last_login: null,
    });
    expect(typeof added.body.invite_expires_at).toBe('string');
    const sms = t.smsOutbox().filter((message) => message.to === `+91${phone}`);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain('Meena');
    expect(sms[0]!.body).toContain('manager');
    expect(sms[0]!.body).toMatch(/\/claim\/[A-Za-z0-9_-]+/);

    // No usable password before the claim.
    const token = inviteToken(t, phone);
    expect((await login(`+91${phone}`, '!staff')).status).toBe(401);
    const session = await claimInvite(t, token, phone, {
      username: 'meena_mgr',
      password: 'meena-pass-word-9',
    });
    expect(session.user.user_type).toBe('manager');
    // The link is spent.
    const again = await t.request('POST', `/api/accounts/claim/${token}/otp/`);
    expect(again.status).toBe(400);

    const signedIn = await login('meena_mgr', 'meena-pass-word-9');
    expect(signedIn.status).toBe(200);
    const access = signedIn.body.access as string;
    const member = await t.request('GET', `${STAFF}${added.body.id}/`, { token: owner });
    expect(member.body).toMatchObject({ status: 'active', username: 'meena_mgr' });
    expect(typeof member.body.joined_at).toBe('string');

    // A manager runs the day: everyone's leaves, the customers; not staff, settings or the audit log.
    const as = (url: string) => t.request('GET', url, { token: access });
    expect((await as('/api/subscriptions/leaves/pending/')).status).toBe(200);
    expect((await as('/api/accounts/owner/users/')).status).toBe(200);
    expect((await as('/api/kitchen/sheet/')).status).toBe(200);
    expect((await as(STAFF)).status).toBe(403);
    expect((await as('/api/audit/')).status).toBe(403);
    const profile = await as('/api/accounts/profile/');
    expect(profile.status).toBe(200);
    expect(profile.body.user_type).toBe('manager');
    // Staff are not customers: the owner's customer list leaves them out.
    const customers = await t.request('GET', '/api/accounts/owner/users/?limit=500', {
      token: owner,
    });
    const rows = Array.isArray(customers.body) ? customers.body : customers.body.results;
    expect(rows.map((row: { id: number }) => row.id)).not.toContain(added.body.id);
  });

  it('a kitchen account and a rider see only their part', async () => {
    const kitchen = await addStaff(t, owner, 'kitchen');
    const rider = await addStaff(t, owner, 'delivery');
    const get = (url: string, token: string) => t.request('GET', url, { token });
    expect((await get('/api/kitchen/sheet/', kitchen.access)).status).toBe(200);
    expect((await get('/api/owner/closed-days/', kitchen.access)).status).toBe(200);
    expect((await get('/api/subscriptions/leaves/pending/', kitchen.access)).status).toBe(403);
    expect((await get('/api/payments/admin/payments/', kitchen.access)).status).toBe(403);
    expect((await get('/api/kitchen/sheet/', rider.access)).status).toBe(403);
    expect((await get('/api/subscriptions/leaves/', rider.access)).status).toBe(403);
    expect((await get('/api/policies/', rider.access)).status).toBe(200);
  });

  it('a new role applies at the next request, with the same session', async () => {
    const member = await addStaff(t, owner, 'kitchen');
    const pending = () =>
      t.request('GET', '/api/subscriptions/leaves/pending/', { token: member.access });
    expect((await pending()).status).toBe(403);
    const changed = await t.request('PATCH', `${STAFF}${member.id}/`, {
      token: owner,
      body: { role: 'manager', last_name: 'Promoted' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      role: 'manager',
      last_name: 'Promoted',
      status: 'active',
    });
    expect((await pending()).status).toBe(200);
    const back = await t.request('PATCH', `${STAFF}${member.id}/`, {
      token: owner,
      body: { role: 'delivery' },
    });
    expect(back.status).toBe(200);
    expect((await pending()).status).toBe(403);
  });

  it('deactivation ends every session at once; no sign-in; reactivation lets them back', async () => {
    const member = await addStaff(t, owner, 'manager');
    const second = await login(member.username, member.password);
    expect(second.status).toBe(200);
    const off = await t.request('POST', `${STAFF}${member.id}/deactivate/`, { token: owner });
    expect(off.status).toBe(200);
    expect(off.body.status).toBe('deactivated');
    expect(typeof off.body.deactivated_at).toBe('string');
    for (const access of [member.access, second.body.access]) {
      const me = await t.request('GET', '/api/accounts/profile/', { token: access });
      expect(me.status).toBe(401);
    }
    for (const refresh of [member.refresh, second.body.refresh]) {
      const rotated = await t.request('POST', '/api/accounts/token/refresh/', {
        body: { refresh },
      });
      expect(rotated.status).toBe(401);
    }
    expect((await login(member.username, member.password)).status).toBe(401);
    // Refused twice, and the machine's reason for every other action.
    const twice = await t.request('POST', `${STAFF}${member.id}/deactivate/`, { token: owner });
    expect(twice.status).toBe(400);
    expect(twice.body.error_code).toBe('staff.deactivated');
    const rename = await t.request('PATCH', `${STAFF}${member.id}/`, {
      token: owner,
      body: { first_name: 'Nope' },
    });
    expect(rename.body.error_code).toBe('staff.deactivated');

    const on = await t.request('POST', `${STAFF}${member.id}/reactivate/`, { token: owner });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ status: 'active', deactivated_at: null });
    expect((await login(member.username, member.password)).status).toBe(200);
    const notOff = await t.request('POST', `${STAFF}${member.id}/reactivate/`, { token: owner });
    expect(notOff.status).toBe(400);
    expect(notOff.body.error_code).toBe('staff.not_deactivated');
  });

  it('an unclaimed invite dies with deactivation; reactivation and resend send new ones', async () => {
    const phone = staffPhone();
    const added = await add({ first_name: 'Ravi', last_name: '', phone, role: 'delivery' });
    expect(added.status).toBe(201);
    const first = inviteToken(t, phone);
    const resent = await t.request('POST', `${STAFF}${added.body.id}/resend_invite/`, {
      token: owner,
    });
    expect(resent.status).toBe(200);
    expect(resent.body.status).toBe('invited');
    const second = inviteToken(t, phone);
    expect(second).not.toBe(first);
    const old = await t.request('POST', `/api/accounts/claim/${first}/otp/`);
    expect(old.status).toBe(400);
    expect(old.body.error_code).toBe('claim.invalid');

    expect(
      (await t.request('POST', `${STAFF}${added.body.id}/deactivate/`, { token: owner })).status,
    ).toBe(200);
    const dead = await t.request('POST', `/api/accounts/claim/${second}/otp/`);
    expect(dead.status).toBe(400);
    expect(dead.body.error_code).toBe('claim.invalid');
    const noResend = await t.request('POST', `${STAFF}${added.body.id}/resend_invite/`, {
      token: owner,
    });
    expect(noResend.status).toBe(400);
    expect(noResend.body.error_code).toBe('staff.deactivated');

    const back = await t.request('POST', `${STAFF}${added.body.id}/reactivate/`, { token: owner });
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('invited');
    const third = inviteToken(t, phone);
    expect(third).not.toBe(second);
    const session = await claimInvite(t, third, phone, {
      username: `ravi_rider_${dialect}`,
      password: 'ravi-rides-far-7',
    });
    expect(session.user.user_type).toBe('delivery');
    const claimed = await t.request('POST', `${STAFF}${added.body.id}/resend_invite/`, {
      token: owner,
    });
    expect(claimed.status).toBe(400);
    expect(claimed.body.error_code).toBe('staff.not_invited');
  });

  it('writes the invite in the member’s language: Hindi when the owner says so, then every SMS', async () => {
    const texts = (phone: string) =>
      t
        .smsOutbox()
        .filter((message) => message.to === `+91${phone}`)
        .map((message) => message.body);
    const hindi = staffPhone();
    const added = await add({
      first_name: 'Sita',
      last_name: '',
      phone: hindi,
      role: 'kitchen',
      language: 'hi',
    });
    expect(added.status).toBe(201);
    // The DLT template's fixed words in Hindi; the business, name, role and link are its variables.
    const hindiInvite =
      /^.+: नमस्ते Sita, आपको रसोई स्टाफ़ के रूप में जोड़ा गया है। अपना स्टाफ़ खाता लें \(7 दिन तक मान्य\): \S+\/claim\/[A-Za-z0-9_-]+$/;
    expect(texts(hindi)).toEqual([expect.stringMatching(hindiInvite)]);
    // A new invite goes in the language the account keeps.
    const resent = await t.request('POST', `${STAFF}${added.body.id}/resend_invite/`, {
      token: owner,
    });
    expect(resent.status).toBe(200);
    expect(texts(hindi)).toEqual([
      expect.stringMatching(hindiInvite),
      expect.stringMatching(hindiInvite),
    ]);
    // Not said: the mess's usual language, English unless BUSINESS_LANGUAGE says otherwise.
    const english = staffPhone();
    expect(
      (await add({ first_name: 'Gita', last_name: '', phone: english, role: 'kitchen' })).status,
    ).toBe(201);
    expect(texts(english)).toEqual([
      expect.stringContaining(': hi Gita, you have been added as kitchen staff.'),
    ]);
    const wrong = await add({
      first_name: 'X',
      last_name: '',
      phone: staffPhone(),
      role: 'kitchen',
      language: 'fr',
    });
    expect(wrong.status).toBe(400);
  });

  it.runIf(dialect === 'sqlite')(
    'invites in the mess’s usual language when it is Hindi',
    async () => {
      const hindiMess = await createTestApp(dialect, { BUSINESS_LANGUAGE: 'hi' });
      try {
        const phone = staffPhone();
        const answer = await hindiMess.request('POST', STAFF, {
          token: await loginOwner(hindiMess),
          body: { first_name: 'Mohan', last_name: '', phone, role: 'delivery' },
        });
        expect(answer.status).toBe(201);
        const sms = hindiMess.smsOutbox().filter((message) => message.to === `+91${phone}`);
        expect(sms.map((message) => message.body)).toEqual([
          expect.stringContaining('नमस्ते Mohan, आपको डिलीवरी राइडर के रूप में जोड़ा गया है।'),
        ]);
      } finally {
        await hindiMess.close();
      }
    },
  );

  it('refuses a phone that is already an account, and bad fields, per field', async () => {
    const customer = await registerCustomer(t);
    const taken = await add({
      first_name: 'Dup',
      last_name: 'Phone',
      phone: customer.phone,
      role: 'kitchen',
    });
    expect(taken.status).toBe(400);
    expect(taken.body.error_code).toBe('staff.phone_taken');
    expect(taken.body.phone).toEqual(['This phone number already belongs to another account.']);

    const bad = await add({ first_name: '  ', last_name: '', phone: '12', role: 'kitchen' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(expect.arrayContaining(['first_name', 'phone']));
    const role = await add({ first_name: 'A', last_name: '', phone: staffPhone(), role: 'owner' });
    expect(role.status).toBe(400);
    const extra = await add({
      first_name: 'A',
      last_name: '',
      phone: staffPhone(),
      role: 'kitchen',
      user_type: 'mess_owner',
    });
    expect(extra.status).toBe(400);
    const empty = await t.request('PATCH', `${STAFF}${taken.body.id ?? 1}/`, {
      token: owner,
      body: {},
    });
    expect(empty.status).toBe(400);
    expect((await t.request('GET', `${STAFF}987654/`, { token: owner })).status).toBe(404);
    // A customer's id is no staff member.
    expect((await t.request('GET', `${STAFF}${customer.id}/`, { token: owner })).status).toBe(404);
  });

  it('lists active first, then invited, then deactivated', async () => {
    const invited = await add({
      first_name: 'Zed',
      last_name: '',
      phone: staffPhone(),
      role: 'kitchen',
    });
    const gone = await add({
      first_name: 'Abe',
      last_name: '',
      phone: staffPhone(),
      role: 'kitchen',
    });
    await t.request('POST', `${STAFF}${gone.body.id}/deactivate/`, { token: owner });
    const list = await t.request('GET', STAFF, { token: owner });
    expect(list.status).toBe(200);
    const order = { active: 0, invited: 1, deactivated: 2 } as Record<string, number>;
    const ranks = (list.body as { status: string }[]).map((member) => order[member.status]!);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks)).toEqual(new Set([0, 1, 2]));
    const ids = (list.body as { id: number }[]).map((member) => member.id);
    expect(ids.indexOf(invited.body.id)).toBeLessThan(ids.indexOf(gone.body.id));
  });

  it('audits who acted and in which role, a manager approving a leave included', async () => {
    const manager = await addStaff(t, owner, 'manager', 'Anil');
    const customer = await registerCustomer(t, { userType: 'regular' });
    const api = commerce(t, () => owner, { codePrefix: `STAFF${dialect}` });
    await api.plan({ name: 'Staff plan' });
    const active = await api.activeSubscription(customer);
    const leave = await api.pendingLeave(customer, active.subscriptionId);
    const approved = await t.request('POST', `/api/subscriptions/leaves/${leave}/approve/`, {
      token: manager.access,
      body: { admin_comment: 'Enjoy' },
    });
    expect(approved.status).toBe(200);
    const approvals = await auditOf('leave.approve');
    expect(approvals.find((row) => row.object_id === leave)).toMatchObject({
      actor: manager.username,
      actor_role: 'manager',
    });
    // A closed day added by the manager is recorded as the manager's, in the manager role.
    const closed = await t.request('POST', '/api/owner/closed-days/', {
      token: manager.access,
      body: { date: '2099-01-05', meal: 'lunch', reason: 'Staff outing' },
    });
    expect(closed.status).toBe(201);
    const rows = await auditOf('closed_day.add');
    expect(rows[0]).toMatchObject({ actor: manager.username, actor_role: 'manager' });
    const added = await auditOf('staff.add');
    expect(added.find((row) => row.object_id === manager.id)).toMatchObject({
      actor: 'owner',
      actor_role: 'mess_owner',
    });
    for (const action of ['staff.update', 'staff.deactivate', 'staff.reactivate']) {
      const entries = await auditOf(action);
      expect(entries.length, action).toBeGreaterThan(0);
      expect(entries.every((row) => row.actor_role === 'mess_owner')).toBe(true);
    }
    expect((await auditOf('staff.resend_invite')).length).toBeGreaterThan(0);
  });
});
