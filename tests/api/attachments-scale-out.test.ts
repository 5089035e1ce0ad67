// Feedback photos behind a load balancer: two instances (own DATA_DIRs, one PostgreSQL database,
// one S3 bucket or the database store) serve each other's attachments to the author and the owner,
// and nobody else. And an S3 store that goes down answers 503, never "missing".
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOwner, registerCustomer, type Customer } from '../helpers/accounts.js';
import { createTestApp, testDatabases, type TestApp } from '../helpers/app.js';
import { multipart, samplePng } from '../helpers/commerce.js';
import { ContractMismatch, contractChecker } from '../helpers/contract-check.js';
import { startLocalS3, type LocalS3 } from '../helpers/s3.js';

const STORAGE_UNAVAILABLE = {
  detail: "The server's storage is unavailable. Please try again later.",
  error_code: 'storage_unavailable',
};

/** GET an attachment's file as raw bytes, with the answer still checked against the contract. */
async function fetchFile(t: TestApp, token: string, attachmentId: number) {
  const url = `/api/feedback/attachments/${attachmentId}/file/`;
  const response = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}` },
  });
  const answer = {
    method: 'GET',
    url,
    status: response.statusCode,
    headers: response.headers as Record<string, string | string[] | undefined>,
    text: response.body,
  };
  const problems = contractChecker()(answer);
  if (problems.length > 0) throw new ContractMismatch(answer, problems);
  return { status: response.statusCode, bytes: response.rawPayload, headers: response.headers };
}

const uploadsOf = (t: TestApp) => {
  const folder = path.join(t.dataDir, 'uploads');
  return existsSync(folder) ? readdirSync(folder) : [];
};

// Instances can share only a database server: the embedded SQLite belongs to one process.
const sharedStores = testDatabases().includes('postgres') ? (['s3', 'database'] as const) : [];

describe.each(sharedStores)('two instances on one PostgreSQL database and the %s store', (kind) => {
  let s3: LocalS3 | null = null;
  let first: TestApp;
  let second: TestApp;
  let alice: Customer;
  let bob: Customer;
  let owner: string;

  /** What the shared store holds, seen from outside the app. */
  const storedCount = async (): Promise<number> => {
    if (s3) return (await s3.keys()).length;
    const row = await first.ctx.db.kysely
      .selectFrom('attachment_blobs')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  beforeAll(async () => {
    s3 = kind === 's3' ? await startLocalS3() : null;
    const env = {
      // Instances behind one load balancer share the signing secret (see docs/operations.md).
      JWT_SECRET: randomBytes(32).toString('base64url'),
      ...(s3 ? s3.env : { ATTACHMENT_STORE: 'database' }),
    };
    first = await createTestApp('postgres', env);
    // Its own fresh DATA_DIR, and the first instance's database instead of a new one.
    second = await createTestApp('postgres', { ...env, DATABASE_URL: first.config.databaseUrl! });
    expect(second.dataDir).not.toBe(first.dataDir);
    expect(second.ctx.attachments.kind).toBe(kind);
    alice = await registerCustomer(first);
    bob = await registerCustomer(second);
    owner = await loginOwner(second);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await s3?.close();
  });

  it('serves a photo uploaded on one instance from the other, to its author and the owner only', async () => {
    const created = await first.request('POST', '/api/feedback/', {
      token: alice.access,
      body: { subject: 'Cold rice', message: 'The rice was cold at lunch' },
    });
    expect(created.status).toBe(201);
    const uploaded = await first.request(
      'POST',
      `/api/feedback/${created.body.id}/add_attachment/`,
      { token: alice.access, ...multipart(await samplePng(), 'meal.png', 'image/png') },
    );
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const [attachment] = uploaded.body.attachments;
    expect(await storedCount()).toBe(1);
    // Neither instance kept it on its own disk.
    expect(uploadsOf(first)).toEqual([]);
    expect(uploadsOf(second)).toEqual([]);

    const byAuthor = await fetchFile(second, alice.access, attachment.id);
    expect(byAuthor.status).toBe(200);
    expect(byAuthor.headers['content-type']).toBe('image/png');
    expect(byAuthor.bytes.length).toBe(attachment.file_size);
    const image = await sharp(byAuthor.bytes).metadata();
    expect({ format: image.format, width: image.width, height: image.height }).toEqual({
      format: 'png',
      width: 8,
      height: 8,
    });
    const byOwner = await fetchFile(second, owner, attachment.id);
    expect(byOwner.status).toBe(200);
    expect(byOwner.bytes.equals(byAuthor.bytes)).toBe(true);
    const fromFirst = await fetchFile(first, alice.access, attachment.id);
    expect(fromFirst.bytes.equals(byAuthor.bytes)).toBe(true);
    // Another customer learns nothing, on either instance.
    expect((await fetchFile(second, bob.access, attachment.id)).status).toBe(404);
    expect((await fetchFile(first, bob.access, attachment.id)).status).toBe(404);

    // Removed through the second instance: gone from the store, and missing on the first.
    const removed = await second.request(
      'DELETE',
      `/api/feedback/${created.body.id}/remove_attachment/`,
      { token: alice.access },
    );
    expect(removed.status).toBe(200);
    expect(await storedCount()).toBe(0);
    expect((await fetchFile(first, alice.access, attachment.id)).status).toBe(404);
    await second.request('DELETE', `/api/feedback/${created.body.id}/`, { token: alice.access });
  });

  it('deletes the photo from the store when its feedback is deleted on the other instance', async () => {
    const created = await second.request('POST', '/api/feedback/', {
      token: bob.access,
      body: { subject: 'Dal was great', message: 'More of it please' },
    });
    expect(created.status).toBe(201);
    const uploaded = await second.request(
      'POST',
      `/api/feedback/${created.body.id}/add_attachment/`,
      { token: bob.access, ...multipart(await samplePng(), 'dal.png', 'image/png') },
    );
    expect(uploaded.status).toBe(200);
    const [attachment] = uploaded.body.attachments;
    expect((await fetchFile(first, owner, attachment.id)).status).toBe(200);
    expect(await storedCount()).toBe(1);

    const deleted = await first.request('DELETE', `/api/feedback/${created.body.id}/`, {
      token: bob.access,
    });
    expect(deleted.status).toBe(204);
    expect(await storedCount()).toBe(0);
    expect((await fetchFile(second, owner, attachment.id)).status).toBe(404);
  });
});

describe.each(testDatabases())('an S3 store that goes down, on %s', (dialect) => {
  let s3: LocalS3;
  let t: TestApp;
  let alice: Customer;

  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await createTestApp(dialect, s3.env);
    alice = await registerCustomer(t);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('answers 503 for reads and uploads, and still removes the attachment (best effort)', async () => {
    const created = await t.request('POST', '/api/feedback/', {
      token: alice.access,
      body: { subject: 'Cold rice', message: 'The rice was cold at lunch' },
    });
    const file = multipart(await samplePng(), 'meal.png', 'image/png');
    const uploaded = await t.request('POST', `/api/feedback/${created.body.id}/add_attachment/`, {
      token: alice.access,
      ...file,
    });
    expect(uploaded.status).toBe(200);
    const [attachment] = uploaded.body.attachments;
    expect((await fetchFile(t, alice.access, attachment.id)).status).toBe(200);

    await s3.close();
    // Unreachable is not missing: the photo is still there, the store is not.
    const read = await fetchFile(t, alice.access, attachment.id);
    expect(read.status).toBe(503);
    expect(JSON.parse(read.bytes.toString())).toEqual(STORAGE_UNAVAILABLE);

    const removed = await t.request(
      'DELETE',
      `/api/feedback/${created.body.id}/remove_attachment/`,
      { token: alice.access },
    );
    expect(removed.status).toBe(200);
    expect(removed.body.attachments).toEqual([]);

    const refused = await t.request('POST', `/api/feedback/${created.body.id}/add_attachment/`, {
      token: alice.access,
      ...file,
    });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual(STORAGE_UNAVAILABLE);
    const after = await t.request('GET', `/api/feedback/${created.body.id}/`, {
      token: alice.access,
    });
    expect(after.body.attachments).toEqual([]);
  });
});
