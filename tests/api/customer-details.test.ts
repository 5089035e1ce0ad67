// Where a customer lives (issue 37, item 10), on both databases: a walk-in on a plan that delivers
// is refused without the delivery address (or a student's hostel), and with it appears under that
// address on the kitchen sheet and on the route that covers it; the owner (or a manager) changes a
// customer's address or hostel, phone, diet and language by the rules of the customer's own forms,
// each change audited, a changed phone verified again by a code; other callers are refused.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, REFUSALS_EN, REFUSALS_HI } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import {
  addressesIn,
  lastOtp,
  loginOwner,
  registerCustomer,
  signIn,
  uniquePhone,
} from '../helpers/accounts.js';
import { commerce } from '../helpers/commerce.js';
import { addStaff, type StaffAccount } from '../helpers/staff.js';

const ENROL = '/api/payments/admin/walk-ins/';
const PRICE = 2400;
const customerUrl = (id: number) => `/api/accounts/owner/users/${id}/`;

const ADDRESS = {
  address: '14 Lal Kuan Road',
  landmark: 'Opposite the water tank',
  pincode: '201206',
  city: 'Ghaziabad',
};
const STUDENT = {
  institute: 'KIET',
  student_id: 'K-2291',
  hostel: 'Tilak Hostel, Room 41',
  year: '2nd',
  course: 'B.Tech',
};

describe.each(testDatabases())('customer details on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let manager: StaffAccount;
  let kitchen: StaffAccount;
  let tiffinPlan: number;
  let messPlan: number;
  let counter = 0;
  const nextIp = addressesIn(137);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    const api = commerce(t, () => owner, { codePrefix: 'DETAILS' });
    tiffinPlan = (
      await api.plan({
        name: 'Lunch tiffin',
        service_type: 'tiffin',
        base_price: PRICE,
        included_meals: ['lunch'],
      })
    ).id;
    messPlan = (await api.plan({ name: 'Mess monthly', base_price: PRICE })).id;
    manager = await addStaff(t, owner, 'manager');
    kitchen = await addStaff(t, owner, 'kitchen');
  });
  beforeEach(async () => {
    owner = await loginOwner(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const newPhone = () => {
    counter += 1;
    return `74${String(process.pid % 10_000).padStart(4, '0')}${String(counter).padStart(4, '0')}`;
  };
  const enrol = (body: Record<string, unknown>, token = owner) =>
    t.request('POST', ENROL, {
      token,
      body: {
        first_name: 'Ramesh',
        last_name: 'Yadav',
        phone: newPhone(),
        user_type: 'regular',
        plan: tiffinPlan,
        amount: PRICE,
        payment_mode: 'cash',
        ...body,
      },
    });
  const edit = (id: number, body: unknown, token = owner, headers: Record<string, string> = {}) =>
    t.request('PATCH', customerUrl(id), { token, body, headers, ip: nextIp() });
  const usersWithPhone = async (phone: string) =>
    t.ctx.db.kysely.selectFrom('users').select('id').where('phone', '=', `+91${phone}`).execute();
  const auditOf = (userId: number) =>
    t.ctx.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'account.update_details')
      .where('object_id', '=', userId)
      .orderBy('id')
      .execute();
  const tomorrowsLunch = async () => {
    const sheet = await t.request('GET', `/api/kitchen/sheet/?date=${addDays(t.ctx.today(), 1)}`, {
      token: owner,
    });
    expect(sheet.status).toBe(200);
    return sheet.body.deliveries.lunch as {
      user_id: number;
      area: string;
      address: string;
      landmark: string | null;
    }[];
  };

  describe('a walk-in on a plan that delivers', () => {
    it('is refused without the delivery address or a student’s hostel, and nothing is stored', async () => {
      const phone = newPhone();
      const regular = await enrol({ phone });
      expect(regular.status).toBe(400);
      expect(regular.body).toMatchObject({
        error_code: 'walk_in.address_required',
        regular_profile: [REFUSALS_EN['walk_in.address_required']],
      });
      const student = await enrol({ phone, user_type: 'student' });
      expect(student.status).toBe(400);
      expect(student.body).toMatchObject({
        error_code: 'walk_in.address_required',
        student_profile: [REFUSALS_EN['walk_in.address_required:student']],
      });
      // In Hindi for an owner who reads Hindi.
      const hindi = await t.request('POST', ENROL, {
        token: owner,
        headers: { 'accept-language': 'hi' },
        body: {
          first_name: 'Ramesh',
          phone,
          user_type: 'regular',
          plan: tiffinPlan,
          amount: PRICE,
          payment_mode: 'cash',
        },
      });
      expect(hindi.body.regular_profile).toEqual([REFUSALS_HI['walk_in.address_required']]);
      expect(await usersWithPhone(phone)).toHaveLength(0);
      // A mess plan is eaten at the mess: no address asked.
      expect((await enrol({ phone, plan: messPlan })).status).toBe(201);
    });

    it('checks the address by the profile form’s rules, and refuses the other type’s profile', async () => {
      const phone = newPhone();
      const blank = await enrol({ phone, regular_profile: { ...ADDRESS, landmark: ' ' } });
      expect(blank.status).toBe(400);
      expect(blank.body['regular_profile.landmark']).toEqual(['Landmark is required']);
      const pincode = await enrol({ phone, regular_profile: { ...ADDRESS, pincode: '2012' } });
      expect(pincode.body['regular_profile.pincode']).toEqual(['Pincode must be exactly 6 digits']);
      const noHostel = await enrol({
        phone,
        user_type: 'student',
        student_profile: { ...STUDENT, hostel: undefined },
      });
      expect(noHostel.body['student_profile.hostel']).toEqual(['Hostel is required']);
      const mismatch = await enrol({ phone, user_type: 'student', regular_profile: ADDRESS });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toMatchObject({
        error_code: 'onboarding.profile_type_mismatch',
        regular_profile: [REFUSALS_EN['onboarding.profile_type_mismatch']],
      });
      expect(await usersWithPhone(phone)).toHaveLength(0);
    });

    it('with the address, is on the kitchen sheet under it and on the route that covers it', async () => {
      const enrolled = await enrol({ first_name: 'Ramesh', regular_profile: ADDRESS });
      expect(enrolled.status).toBe(201);
      const id = enrolled.body.customer.id as number;
      expect(enrolled.body.customer.regular_profile).toEqual(ADDRESS);
      const student = await enrol({
        first_name: 'Kavya',
        user_type: 'student',
        student_profile: { ...STUDENT, hostel: '  Tilak Hostel, Room 41 ' },
      });
      expect(student.status).toBe(201);
      const studentId = student.body.customer.id as number;
      expect(student.body.customer.student_profile).toEqual(STUDENT);

      const lunch = await tomorrowsLunch();
      expect(lunch.find((row) => row.user_id === id)).toMatchObject({
        area: '201206 Ghaziabad',
        address: ADDRESS.address,
        landmark: ADDRESS.landmark,
      });
      expect(lunch.find((row) => row.user_id === studentId)).toMatchObject({
        area: 'KIET hostels',
        address: STUDENT.hostel,
      });
      expect(
        lunch.filter((row) => row.area === 'No address').map((row) => row.user_id),
      ).not.toEqual(expect.arrayContaining([id]));

      // A route naming the area lists him on its run sheet.
      const route = await t.request('POST', '/api/owner/routes/', {
        token: owner,
        body: { name: `Lal Kuan ${dialect}`, areas: ['201206 Ghaziabad'], riders: [] },
      });
      expect(route.status).toBe(201);
      const run = await t.request(
        'GET',
        `/api/delivery/run/?route=${route.body.id}&date=${addDays(t.ctx.today(), 1)}&meal=lunch`,
        { token: owner },
      );
      expect(run.status).toBe(200);
      const stop = run.body.stops.find((s: { customer_id: number }) => s.customer_id === id);
      expect(stop).toMatchObject({ address: ADDRESS.address });
    });
  });

  describe('the owner changes a customer’s details', () => {
    it('by the rules of the customer’s own profile', async () => {
      const regular = await registerCustomer(t, { userType: 'regular', service: 'tiffin' });
      const student = await registerCustomer(t, { userType: 'student', service: 'tiffin' });
      const refused = async (id: number, body: unknown) => {
        const answer = await edit(id, body);
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        return answer.body;
      };
      expect(await refused(regular.id, {})).toMatchObject({
        non_field_errors: ['Change at least one detail'],
      });
      expect(
        await refused(regular.id, { regular_profile: { ...ADDRESS, landmark: undefined } }),
      ).toMatchObject({ 'regular_profile.landmark': ['Landmark is required'] });
      expect(
        await refused(regular.id, { regular_profile: { ...ADDRESS, pincode: 'ABCDEF' } }),
      ).toMatchObject({ 'regular_profile.pincode': ['Pincode must be exactly 6 digits'] });
      expect(
        await refused(student.id, { student_profile: { ...STUDENT, hostel: '   ' } }),
      ).toMatchObject({ 'student_profile.hostel': ['Hostel is required'] });
      expect(
        await refused(student.id, { student_profile: { ...STUDENT, institute: 'MIT' } }),
      ).toMatchObject({ 'student_profile.institute': ['Please select KIET or ITS'] });
      expect(await refused(student.id, { regular_profile: ADDRESS })).toMatchObject({
        error_code: 'onboarding.profile_type_mismatch',
      });
      expect(await refused(regular.id, { phone: '12345' })).toMatchObject({
        phone: ['Phone number must be exactly 10 digits'],
      });
      expect(await refused(regular.id, { phone: `+91${student.phone}` })).toMatchObject({
        phone: ['A user with this phone number already exists.'],
      });
      expect(await refused(regular.id, { diet: 'vegan' })).toMatchObject({
        diet: ['Diet must be veg, egg, non_veg, jain or none'],
      });
      expect(await refused(regular.id, { language: 'fr' })).toMatchObject({
        language: ['Language must be en or hi'],
      });
      expect(await refused(regular.id, { username: 'hijack' })).toMatchObject({
        username: ['Unknown field.'],
      });
      // Refused in Hindi too, from the same rules.
      const hindi = await edit(
        regular.id,
        { regular_profile: { ...ADDRESS, pincode: '1' } },
        owner,
        {
          'accept-language': 'hi',
        },
      );
      expect(hindi.body['regular_profile.pincode']).toEqual(['पिनकोड ठीक 6 अंकों का होना चाहिए']);
      expect(await auditOf(regular.id)).toHaveLength(0);
    });

    it('saves the address, diet and language, audits what changed; the customer reads them', async () => {
      const regular = await registerCustomer(t, { userType: 'regular', service: 'tiffin' });
      const moved = { ...ADDRESS, address: '7 Kavi Nagar', pincode: '201002' };
      const saved = await edit(regular.id, {
        regular_profile: { ...moved, address: ' 7 Kavi Nagar ' },
        diet: 'jain',
        language: 'hi',
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body).toMatchObject({
        detail: 'Customer details saved.',
        changed: ['language', 'diet', 'regular_profile'],
        phone_check: null,
        user: { id: regular.id, diet: 'jain', language: 'hi', regular_profile: moved },
      });
      const record = await t.request('GET', customerUrl(regular.id), { token: owner });
      expect(record.body).toMatchObject({ diet: 'jain', language: 'hi', regular_profile: moved });
      const [entry, ...more] = await auditOf(regular.id);
      expect(more).toHaveLength(0);
      expect(entry).toMatchObject({ actor_username: 'owner', actor_role: 'mess_owner' });
      expect(entry!.summary).toBe(
        `Changed the details of ${regular.username}: language, diet, regular profile.`,
      );
      expect(JSON.parse(entry!.before_json!)).toEqual({
        language: 'en',
        diet: null,
        regular_profile: {
          address: '12 Station Road',
          landmark: 'Near the temple',
          pincode: '201206',
          city: 'Ghaziabad',
        },
      });
      expect(JSON.parse(entry!.after_json!)).toEqual({
        language: 'hi',
        diet: 'jain',
        regular_profile: moved,
      });
      // The same again changes nothing and writes nothing.
      const again = await edit(regular.id, { regular_profile: moved, diet: 'jain' });
      expect(again.body).toMatchObject({ changed: [], detail: 'Nothing changed.' });
      expect(await auditOf(regular.id)).toHaveLength(1);
      // The customer's own profile reads what the owner saved.
      const profile = await t.request('GET', '/api/accounts/profile/', { token: regular.access });
      expect(profile.body).toMatchObject({ regular_profile: moved, diet: 'jain', language: 'hi' });
    });

    it('a changed phone is verified again: a code to the new number, the status as it was', async () => {
      const student = await registerCustomer(t, { userType: 'student', service: 'tiffin' });
      const local = uniquePhone();
      const changed = await edit(student.id, { phone: `${local.slice(0, 5)} ${local.slice(5)}` });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body).toMatchObject({
        changed: ['phone'],
        phone_check: 'otp',
        user: { phone: `+91${local}`, phone_verified: false, status: 'profile_complete' },
      });
      // The code went to the new number at once.
      await t.settle();
      expect(lastOtp(t, local)).toMatch(/^\d{6}$/);
      const [entry] = await auditOf(student.id);
      // The log reads the change in its reader's language.
      const read = async (language: 'en' | 'hi') =>
        (
          await t.request('GET', '/api/audit/?action=account.update_details', {
            token: owner,
            headers: { 'accept-language': language },
          })
        ).body.find((row: { id: number }) => row.id === entry!.id);
      expect((await read('en')).summary).toBe(
        `Changed the details of ${student.username}: phone (the new phone is to be verified).`,
      );
      expect((await read('hi')).summary).toBe(
        `${student.username} का ब्योरा बदला: फ़ोन (नया फ़ोन अभी सत्यापित होना है)।`,
      );
      expect(JSON.parse(entry!.before_json!)).toEqual({
        phone: `+91${student.phone}`,
        phone_verified: true,
      });
      expect(JSON.parse(entry!.after_json!)).toEqual({
        phone: `+91${local}`,
        phone_verified: false,
      });
      // The customer signs in with the password; the app sends them to enter the code. A code
      // asked for again is texted to the new number (a number awaiting verification).
      t.clock.advance(61_000);
      const resend = await t.request('POST', '/api/accounts/resend-otp/', {
        ip: nextIp(),
        body: { phone: local },
      });
      expect(resend.status).toBe(200);
      await t.settle();
      const verified = await t.request('POST', '/api/accounts/verify-otp/', {
        ip: nextIp(),
        body: { phone: local, otp: lastOtp(t, local) },
      });
      expect(verified.status, JSON.stringify(verified.body)).toBe(200);
      expect(verified.body.user).toMatchObject({
        phone: `+91${local}`,
        phone_verified: true,
        status: 'profile_complete',
      });
      // The old number signs in to nothing any more; the password still works.
      expect(await usersWithPhone(student.phone)).toHaveLength(0);
      expect(await signIn(t, student.username, student.password)).toBeTruthy();
    });

    it('a phone sign-in code proves a changed number too', async () => {
      const regular = await registerCustomer(t, { userType: 'regular' });
      const local = uniquePhone();
      expect((await edit(regular.id, { phone: local })).body.phone_check).toBe('otp');
      t.clock.advance(61_000);
      const sent = await t.request('POST', '/api/accounts/login/phone/', {
        ip: nextIp(),
        body: { phone: local },
      });
      expect(sent.status).toBe(200);
      await t.settle();
      const signedIn = await t.request('POST', '/api/accounts/login/phone/verify/', {
        ip: nextIp(),
        body: { phone: local, otp: lastOtp(t, local) },
      });
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      const profile = await t.request('GET', '/api/accounts/profile/', {
        token: signedIn.body.access,
      });
      expect(profile.body.phone_verified).toBe(true);
    });

    it('a walk-in who never claimed the account gets a new claim link at the new number', async () => {
      const enrolled = await enrol({ plan: messPlan });
      expect(enrolled.status).toBe(201);
      const id = enrolled.body.customer.id as number;
      const local = uniquePhone();
      const changed = await edit(id, { phone: local });
      expect(changed.body).toMatchObject({
        phone_check: 'claim_link',
        user: { phone_verified: false },
      });
      await t.settle();
      const link = t
        .smsOutbox()
        .filter((sms) => sms.to === `+91${local}`)
        .at(-1);
      expect(link?.body).toMatch(/\/claim\/[A-Za-z0-9_-]+/);
    });

    it('a manager may; kitchen staff, customers, the owner’s and staff accounts and erased ones may not', async () => {
      const regular = await registerCustomer(t, { userType: 'regular' });
      const byManager = await edit(regular.id, { diet: 'veg' }, manager.access);
      expect(byManager.status).toBe(200);
      const [entry] = await auditOf(regular.id);
      expect(entry).toMatchObject({ actor_username: manager.username, actor_role: 'manager' });
      expect((await edit(regular.id, { diet: 'egg' }, kitchen.access)).status).toBe(403);
      const other = await registerCustomer(t, { userType: 'regular' });
      expect((await edit(regular.id, { diet: 'egg' }, other.access)).status).toBe(403);
      // Only customers: the owner's own account and a staff member's are none of this.
      const ownerId = (await t.request('GET', '/api/accounts/profile/', { token: owner })).body.id;
      expect((await edit(ownerId, { diet: 'egg' })).status).toBe(404);
      expect((await edit(manager.id, { phone: uniquePhone() })).status).toBe(404);
      expect((await edit(987_654_321, { diet: 'egg' })).status).toBe(404);
      await t.ctx.db.kysely
        .updateTable('users')
        .set({ erased_at: t.clock.now().toISOString() })
        .where('id', '=', other.id)
        .execute();
      const erased = await edit(other.id, { diet: 'egg' });
      expect(erased.status).toBe(400);
      expect(erased.body).toMatchObject({
        error_code: 'onboarding.account_erased',
        detail: REFUSALS_EN['onboarding.account_erased'],
      });
      const diets = await t.ctx.db.kysely
        .selectFrom('users')
        .select(['id', 'diet'])
        .where('id', 'in', [regular.id, other.id])
        .execute();
      expect(Object.fromEntries(diets.map((row) => [row.id, row.diet]))).toEqual({
        [regular.id]: 'veg',
        [other.id]: null,
      });
    });
  });
});
