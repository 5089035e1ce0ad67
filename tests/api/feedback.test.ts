// Feedback over HTTP: the customer's rules, image attachments, and the owner's admin views.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '@machines';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { insertSubscription } from '../helpers/fixtures.js';

function multipart(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----dabba${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A small JPEG that carries a GPS position in its EXIF, like a phone photo. */
async function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'P1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '28/1 40/1 12/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '77/1 26/1 3/1',
      },
    })
    .toBuffer();
}

describe.each(testDatabases())('feedback on %s', (dialect) => {
  let t: TestApp;
  let owner: string;
  let alice: Customer;
  let bob: Customer;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    owner = await loginOwner(t);
    alice = await registerCustomer(t, { userType: 'student' });
    bob = await registerCustomer(t, { userType: 'regular' });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.ctx.db.kysely.deleteFrom('feedback').execute();
  });

  const create = (who: Customer, body: Record<string, unknown>) =>
    t.request('POST', '/api/feedback/', { token: who.access, body });
  const general = { subject: 'Dal was great', message: 'More of it please' };
  const food = (rating: number) => ({
    feedback_type: 'food_complaint',
    subject: 'Cold rice',
    message: 'The rice was cold at lunch',
    rating,
    meal_date: t.ctx.today(),
    meal_type: 'lunch',
  });
  const upload = (who: string, id: number, file: ReturnType<typeof multipart>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/feedback/${id}/add_attachment/`,
      headers: { authorization: `Bearer ${who}`, 'content-type': file.contentType },
      payload: file.payload,
    });
  const respond = (id: number, body: Record<string, unknown>) =>
    t.request('POST', `/api/feedback/admin/feedback/${id}/respond/`, { token: owner, body });

  describe('customer', () => {
    it('creates open feedback with defaults and the whole Feedback shape', async () => {
      const answer = await create(alice, general);
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        feedback_type: 'general_feedback',
        rating: 5,
        priority: 'low',
        status: 'open',
        subscription: null,
        meal_date: null,
        meal_type: null,
        admin_response: null,
        responded_at: null,
        attachment: null,
        attachments: [],
        attachment_count: 0,
        can_add_attachments: true,
        user: { id: alice.id, username: alice.username, user_type: 'student' },
      });
    });

    it('computes the priority on the server', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [food(2), 'urgent'],
        [food(3), 'high'],
        [{ ...general, rating: 2 }, 'medium'],
        [{ ...general, rating: 4 }, 'low'],
      ];
      for (const [body, priority] of cases) {
        const answer = await create(alice, body);
        expect(answer.body.priority).toBe(priority);
        await t.request('DELETE', `/api/feedback/${answer.body.id}/`, { token: alice.access });
      }
      const forged = await create(alice, { ...general, priority: 'urgent' });
      expect(forged.status).toBe(400);
    });

    it('keeps one open feedback per user, in_progress included', async () => {
      const first = await create(alice, general);
      const second = await create(alice, general);
      expect(second.status).toBe(400);
      expect(second.body.error_code).toBe('feedback.open_exists');
      await respond(first.body.id, { admin_response: 'Thanks' });
      expect((await create(alice, general)).status).toBe(400);
      await t.request('PATCH', `/api/feedback/admin/feedback/${first.body.id}/update_status/`, {
        token: owner,
        body: { status: 'resolved' },
      });
      expect((await create(alice, general)).status).toBe(201);
    });

    it('validates food complaints, lengths, rating and the subscription', async () => {
      const noMeal = await create(alice, { ...food(3), meal_date: null });
      expect(noMeal.status).toBe(400);
      expect(noMeal.body.error_code).toBe('feedback.meal_details_required');
      const future = await create(alice, { ...food(3), meal_date: addDays(t.ctx.today(), 1) });
      expect(future.body.error_code).toBe('feedback.meal_date_in_future');
      const longSubject = await create(alice, { ...general, subject: 'x'.repeat(201) });
      expect(longSubject.body.subject).toContain('Subject must be at most 200 characters');
      const longMessage = await create(alice, { ...general, message: 'x'.repeat(501) });
      // The field `message` has a per-field list like any field (not the OTP sentence), and the
      // machine code stays in error_code.
      expect(longMessage.body).toEqual({
        message: ['Message must be at most 500 characters'],
        error_code: 'invalid',
      });
      expect((await create(alice, { ...general, rating: 6 })).status).toBe(400);
      expect((await create(alice, { ...general, rating: 0 })).status).toBe(400);
      const bobSub = await insertSubscription(t, bob.id);
      const foreign = await create(alice, { ...general, subscription: bobSub.id });
      expect(foreign.status).toBe(400);
      expect(foreign.body.subscription).toBeDefined();
      const own = await insertSubscription(t, alice.id);
      const ok = await create(alice, { ...food(1), subscription: own.id });
      expect(ok.status).toBe(201);
      expect(ok.body).toMatchObject({ subscription: own.id, meal_type: 'lunch' });
      const generalMeal = await create(bob, {
        ...general,
        meal_type: 'lunch',
        meal_date: t.ctx.today(),
      });
      expect(generalMeal.body).toMatchObject({ meal_type: null, meal_date: null });
    });

    it('edits subject, message and rating only while open, and never admin fields', async () => {
      const created = (await create(alice, food(4))).body;
      const edited = await t.request('PATCH', `/api/feedback/${created.id}/`, {
        token: alice.access,
        body: { subject: 'Very cold rice', rating: 1 },
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        subject: 'Very cold rice',
        rating: 1,
        priority: 'urgent',
      });
      for (const forged of [
        { status: 'resolved' },
        { admin_response: 'Sorted' },
        { priority: 'low' },
      ]) {
        const answer = await t.request('PATCH', `/api/feedback/${created.id}/`, {
          token: alice.access,
          body: forged,
        });
        expect(answer.status).toBe(400);
      }
      const customerRespond = await t.request(
        'POST',
        `/api/feedback/admin/feedback/${created.id}/respond/`,
        { token: alice.access, body: { admin_response: 'I answer myself' } },
      );
      expect(customerRespond.status).toBe(403);
      const foreign = await t.request('PATCH', `/api/feedback/${created.id}/`, {
        token: bob.access,
        body: { subject: 'hijack' },
      });
      expect(foreign.status).toBe(404);
      expect(
        (await t.request('GET', `/api/feedback/${created.id}/`, { token: bob.access })).status,
      ).toBe(404);
      expect(
        (await t.request('DELETE', `/api/feedback/${created.id}/`, { token: bob.access })).status,
      ).toBe(404);
      await respond(created.id, { admin_response: 'We will fix it' });
      const late = await t.request('PATCH', `/api/feedback/${created.id}/`, {
        token: alice.access,
        body: { subject: 'again' },
      });
      expect(late.status).toBe(400);
      expect(late.body.error_code).toBe('feedback.not_open');
      const lateDelete = await t.request('DELETE', `/api/feedback/${created.id}/`, {
        token: alice.access,
      });
      expect(lateDelete.status).toBe(400);
      const stored = await t.ctx.db.kysely
        .selectFrom('feedback')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(stored.admin_response).toBe('We will fix it');
    });

    it('deletes open feedback', async () => {
      const created = (await create(alice, general)).body;
      const answer = await t.request('DELETE', `/api/feedback/${created.id}/`, {
        token: alice.access,
      });
      expect(answer.status).toBe(204);
      expect(
        (await t.request('GET', `/api/feedback/${created.id}/`, { token: alice.access })).status,
      ).toBe(404);
    });

    it('counts my_stats', async () => {
      const first = (await create(alice, { ...general, rating: 4 })).body;
      await respond(first.id, { admin_response: 'ok', status: 'closed' });
      await create(alice, { ...general, rating: 1 });
      const stats = await t.request('GET', '/api/feedback/my_stats/', { token: alice.access });
      expect(stats.status).toBe(200);
      expect(stats.body).toEqual({
        total_feedbacks: 2,
        open_feedbacks: 1,
        resolved_feedbacks: 0,
        closed_feedbacks: 1,
        average_rating: 2.5,
      });
      const list = await t.request('GET', '/api/feedback/', { token: alice.access });
      expect(list.body).toHaveLength(2);
      expect((await t.request('GET', '/api/feedback/', { token: bob.access })).body).toEqual([]);
    });
  });

  describe('attachments', () => {
    it('stores a re-encoded image without EXIF/GPS under a server name, for author and owner only', async () => {
      const created = (await create(alice, food(2))).body;
      const photo = await phonePhoto();
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const answer = await upload(
        alice.access,
        created.id,
        multipart('file', '../../etc/me.jpg', 'image/jpeg', photo),
      );
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body.attachment_count).toBe(1);
      expect(body.can_add_attachments).toBe(false);
      const [attachment] = body.attachments;
      expect(attachment).toMatchObject({ original_filename: 'me.jpg', content_type: 'image/jpeg' });
      expect(attachment.file).toBe(
        `http://dabba.test/api/feedback/attachments/${attachment.id}/file/`,
      );
      expect(body.attachment).toBe(attachment.file);
      const stored = readdirSync(path.join(t.dataDir, 'uploads'));
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatch(/^[0-9a-f-]{36}\.jpg$/);

      const fileUrl = `/api/feedback/attachments/${attachment.id}/file/`;
      const served = await t.app.inject({
        method: 'GET',
        url: fileUrl,
        headers: { authorization: `Bearer ${alice.access}` },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload.length).toBe(attachment.file_size);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.width).toBe(40);
      const byOwner = await t.app.inject({
        method: 'GET',
        url: fileUrl,
        headers: { authorization: `Bearer ${owner}` },
      });
      expect(byOwner.statusCode).toBe(200);
      const byBob = await t.app.inject({
        method: 'GET',
        url: fileUrl,
        headers: { authorization: `Bearer ${bob.access}` },
      });
      expect(byBob.statusCode).toBe(404);
      expect((await t.request('GET', fileUrl)).status).toBe(401);

      const second = await upload(
        alice.access,
        created.id,
        multipart('file', 'b.jpg', 'image/jpeg', photo),
      );
      expect(second.statusCode).toBe(400);
      expect(second.json().error_code).toBe('feedback.attachment_exists');
      const foreign = await upload(
        bob.access,
        created.id,
        multipart('file', 'b.jpg', 'image/jpeg', photo),
      );
      expect(foreign.statusCode).toBe(404);

      const removed = await t.request('DELETE', `/api/feedback/${created.id}/remove_attachment/`, {
        token: alice.access,
      });
      expect(removed.status).toBe(200);
      expect(removed.body).toMatchObject({
        attachment_count: 0,
        attachments: [],
        can_add_attachments: true,
      });
      expect(readdirSync(path.join(t.dataDir, 'uploads'))).toHaveLength(0);
      const again = await t.request('DELETE', `/api/feedback/${created.id}/remove_attachment/`, {
        token: alice.access,
      });
      expect(again.status).toBe(404);
    });

    it('recognises images by content, not by name or declared type', async () => {
      const created = (await create(alice, general)).body;
      const fake = Buffer.from('GIF89a this is not what it claims');
      const refused = await upload(
        alice.access,
        created.id,
        multipart('file', 'cat.jpg', 'image/jpeg', fake),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error_code).toBe('feedback.attachment_not_image');
      const truncated = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
      const broken = await upload(
        alice.access,
        created.id,
        multipart('file', 'x.jpg', 'image/jpeg', truncated),
      );
      expect(broken.statusCode).toBe(400);
      const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#0a0' } })
        .png()
        .toBuffer();
      const accepted = await upload(
        alice.access,
        created.id,
        multipart('file', 'notes.txt', 'text/plain', png),
      );
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().attachments[0].content_type).toBe('image/png');
      for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=xyz']) {
        const malformed = await t.app.inject({
          method: 'POST',
          url: `/api/feedback/${created.id}/add_attachment/`,
          headers: { authorization: `Bearer ${alice.access}`, 'content-type': contentType },
          payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n',
        });
        expect(malformed.statusCode).toBe(400);
      }
      const json = await t.request('POST', `/api/feedback/${created.id}/add_attachment/`, {
        token: alice.access,
        body: { file: 'abc' },
      });
      expect(json.status).toBe(400);
      const wrongField = await upload(
        alice.access,
        created.id,
        multipart('image', 'a.png', 'image/png', png),
      );
      expect(wrongField.statusCode).toBe(400);
    });

    it('refuses more than 5 MB with the spec sentence', async () => {
      const created = (await create(alice, general)).body;
      const files = () =>
        existsSync(path.join(t.dataDir, 'uploads'))
          ? readdirSync(path.join(t.dataDir, 'uploads'))
          : [];
      const before = files();
      const big = Buffer.concat([
        Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        Buffer.alloc(5 * 1024 * 1024 + 10),
      ]);
      const answer = await upload(
        alice.access,
        created.id,
        multipart('file', 'big.jpg', 'image/jpeg', big),
      );
      expect([400, 413]).toContain(answer.statusCode);
      expect(JSON.stringify(answer.json())).toContain('Attachment must be less than 5MB.');
      expect(files()).toEqual(before);
    });

    it('accepts attachments only while the feedback is open', async () => {
      const created = (await create(alice, general)).body;
      await respond(created.id, { admin_response: 'Looking into it' });
      const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } })
        .png()
        .toBuffer();
      const answer = await upload(
        alice.access,
        created.id,
        multipart('file', 'a.png', 'image/png', png),
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.json().non_field_errors).toEqual([
        'Attachments can only be added to feedback that is open.',
      ]);
      const owner403 = await upload(
        owner,
        created.id,
        multipart('file', 'a.png', 'image/png', png),
      );
      expect(owner403.statusCode).toBe(403);
    });
  });

  describe('admin', () => {
    it('lists with filters, search, paging and X-Total-Count', async () => {
      await create(alice, food(1));
      await create(bob, { ...general, subject: 'Paneer 100% fresh', rating: 2 });
      const all = await t.request('GET', '/api/feedback/admin/feedback/?limit=1', { token: owner });
      expect(all.status).toBe(200);
      expect(all.body).toHaveLength(1);
      expect(all.headers['x-total-count']).toBe('2');
      const urgent = await t.request('GET', '/api/feedback/admin/feedback/?priority=urgent', {
        token: owner,
      });
      expect(urgent.body.map((f: any) => f.user.id)).toEqual([alice.id]);
      const byType = await t.request(
        'GET',
        '/api/feedback/admin/feedback/?feedback_type=general_feedback',
        { token: owner },
      );
      expect(byType.body.map((f: any) => f.user.id)).toEqual([bob.id]);
      const byUser = await t.request(
        'GET',
        `/api/feedback/admin/feedback/?user=${alice.id}&status=open`,
        { token: owner },
      );
      expect(byUser.body).toHaveLength(1);
      // Once answered, open feedback shows as in_progress and still counts as open.
      const answered = await t.request(
        'POST',
        `/api/feedback/admin/feedback/${byUser.body[0].id}/respond/`,
        { token: owner, body: { admin_response: 'Looking into it.' } },
      );
      expect(answered.body.status).toBe('in_progress');
      const stillOpen = await t.request(
        'GET',
        `/api/feedback/admin/feedback/?user=${alice.id}&status=open`,
        { token: owner },
      );
      expect(stillOpen.body.map((f: any) => f.status)).toEqual(['in_progress']);
      const onlyAnswered = await t.request(
        'GET',
        `/api/feedback/admin/feedback/?status=in_progress`,
        { token: owner },
      );
      expect(onlyAnswered.body.map((f: any) => f.user.id)).toEqual([alice.id]);
      const search = await t.request(
        'GET',
        `/api/feedback/admin/feedback/?search=${encodeURIComponent('100%')}`,
        { token: owner },
      );
      expect(search.body.map((f: any) => f.user.id)).toEqual([bob.id]);
      const byEmail = await t.request(
        'GET',
        `/api/feedback/admin/feedback/?search=${alice.username.toUpperCase()}`,
        { token: owner },
      );
      expect(byEmail.body.map((f: any) => f.user.id)).toEqual([alice.id]);
      expect(
        (await t.request('GET', '/api/feedback/admin/feedback/', { token: alice.access })).status,
      ).toBe(403);
    });

    it('responds (in_progress, notified), resolves, closes, and refuses blank answers', async () => {
      const created = (await create(alice, food(3))).body;
      const blank = await respond(created.id, { admin_response: '  ' });
      expect(blank.status).toBe(400);
      expect(blank.body.admin_response).toContain(
        'Response required: Please write a response before submitting.',
      );
      const noResponse = await t.request(
        'PATCH',
        `/api/feedback/admin/feedback/${created.id}/update_status/`,
        {
          token: owner,
          body: { status: 'resolved' },
        },
      );
      expect(noResponse.status).toBe(400);
      expect(noResponse.body.error_code).toBe('feedback.response_required');
      const answeredLog = () =>
        t.ctx.db.kysely
          .selectFrom('notification_logs')
          .select('channel')
          .where('user_id', '=', alice.id)
          .where('notification_type', '=', 'feedback_answered')
          .orderBy('id')
          .execute();
      const logBefore = (await answeredLog()).length;
      const answered = await respond(created.id, { admin_response: ' Sorry, fixed ' });
      expect(answered.status).toBe(200);
      expect(answered.body).toMatchObject({
        status: 'in_progress',
        admin_response: 'Sorry, fixed',
      });
      expect(answered.body.responded_at).toBeTruthy();
      const log = await answeredLog();
      expect(
        log
          .slice(logBefore)
          .map((row) => row.channel)
          .sort(),
      ).toEqual(['email', 'sms']);
      const resolved = await t.request(
        'PATCH',
        `/api/feedback/admin/feedback/${created.id}/update_status/`,
        {
          token: owner,
          body: { status: 'resolved' },
        },
      );
      expect(resolved.body.status).toBe('resolved');
      const rewrite = await respond(created.id, { admin_response: 'One more note' });
      expect(rewrite.body).toMatchObject({ status: 'resolved', admin_response: 'One more note' });
      const bad = await t.request(
        'PATCH',
        `/api/feedback/admin/feedback/${created.id}/update_status/`,
        {
          token: owner,
          body: { status: 'open' },
        },
      );
      expect(bad.status).toBe(400);
      const other = (await create(bob, general)).body;
      const closed = await respond(other.id, { admin_response: 'Thanks!', status: 'closed' });
      expect(closed.body.status).toBe('closed');
      expect((await respond(999999, { admin_response: 'x' })).status).toBe(404);
    });

    it('answers dashboard_stats with every key docs/rules/feedback.md defines', async () => {
      const a = (await create(alice, food(1))).body; // urgent food
      const b = (await create(bob, { ...general, rating: 4 })).body; // low general
      await respond(b.id, { admin_response: 'Thanks', status: 'resolved' });
      const stats = await t.request('GET', '/api/feedback/admin/feedback/dashboard_stats/', {
        token: owner,
      });
      expect(stats.status).toBe(200);
      expect(stats.body).toMatchObject({
        total_feedbacks: 2,
        pending_feedback: 1,
        urgent_complaints: 1,
        food_complaints: 1,
        general_feedbacks: 1,
        open_feedbacks: 1,
        urgent_feedbacks: 1,
        high_priority_feedbacks: 0,
        resolved_today: 1,
        response_rate: 50,
        average_rating: 2.5,
      });
      expect(stats.body.recent_complaints.map((f: any) => f.id)).toEqual([a.id]);

      const pending = await t.request('GET', '/api/feedback/admin/feedback/pending_responses/', {
        token: owner,
      });
      expect(pending.body.map((f: any) => f.id)).toEqual([a.id]);
      const urgent = await t.request('GET', '/api/feedback/admin/feedback/urgent_complaints/', {
        token: owner,
      });
      expect(urgent.body.map((f: any) => f.id)).toEqual([a.id]);
      const summary = await t.request('GET', '/api/feedback/admin/feedback/priority_summary/', {
        token: owner,
      });
      expect(summary.body).toEqual([
        { priority: 'urgent', count: 1, open_count: 1 },
        { priority: 'high', count: 0, open_count: 0 },
        { priority: 'medium', count: 0, open_count: 0 },
        { priority: 'low', count: 1, open_count: 0 },
      ]);
      const recent = await t.request('GET', '/api/feedback/admin/feedback/recent_activity/', {
        token: owner,
      });
      expect(recent.body.map((f: any) => f.id)).toEqual([b.id, a.id]);
      const one = await t.request('GET', `/api/feedback/admin/feedback/${a.id}/`, { token: owner });
      expect(one.body.user).toMatchObject({ username: alice.username, email: alice.email });
    });

    it('keeps recent_activity to the latest 5 and empty stats well-defined', async () => {
      const empty = await t.request('GET', '/api/feedback/admin/feedback/dashboard_stats/', {
        token: owner,
      });
      expect(empty.body).toMatchObject({
        total_feedbacks: 0,
        response_rate: 0,
        average_rating: null,
        recent_complaints: [],
      });
      const customers = await Promise.all(Array.from({ length: 6 }, () => registerCustomer(t)));
      for (const customer of customers) await create(customer, general);
      const recent = await t.request('GET', '/api/feedback/admin/feedback/recent_activity/', {
        token: owner,
      });
      expect(recent.body).toHaveLength(5);
    });
  });
});
