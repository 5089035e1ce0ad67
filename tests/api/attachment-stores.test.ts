// The attachment store contract (put, get, delete; names never stored; names put() could not have
// made) on every store: local disk, the database on SQLite and PostgreSQL, and S3 against a local
// s3rver. Then what each store adds (file modes, the table, objects in the bucket, outages, a full
// disk), the settings that choose one, and that sharp and the AWS SDK load only when first used.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import {
  AttachmentStoreUnavailable,
  isAttachmentName,
  type AttachmentStore,
  type AttachmentType,
} from '../../server/platform/attachments/index.js';
import { createLocalAttachmentStore } from '../../server/platform/attachments/local.js';
import { S3_KEY_PREFIX, createS3AttachmentStore } from '../../server/platform/attachments/s3.js';
import {
  ConfigError,
  loadConfig,
  parseAttachmentStore,
  type S3Settings,
} from '../../server/config.js';
import { registerCustomer, type Customer } from '../helpers/accounts.js';
import { createTestApp, testDatabases, type Dialect, type TestApp } from '../helpers/app.js';
import { multipart, samplePng } from '../helpers/commerce.js';
import { moveDatabaseOnto, mountSmallDisk, type SmallDisk } from '../helpers/filesystems.js';
import { startLocalS3, type LocalS3 } from '../helpers/s3.js';
import { freePort, startServer, waitUntilListening } from '../helpers/server-process.js';

const STORAGE_FULL = {
  detail: "The server's storage is full. Please try again later.",
  error_code: 'storage_unavailable',
};

/** A logger that keeps its warnings, to see what a best-effort delete reported. */
function recordingLogger() {
  const warnings: string[] = [];
  const ignore = () => {};
  const log = {
    warn: (_details: unknown, message: string) => warnings.push(message),
    info: ignore,
    error: ignore,
    debug: ignore,
    trace: ignore,
    fatal: ignore,
    child: () => log,
    level: 'warn',
  };
  return { log: log as unknown as FastifyBaseLogger, warnings };
}

function s3Settings(env: Record<string, string>): S3Settings {
  const settings = parseAttachmentStore(env);
  if (settings.store !== 's3') throw new Error('not an S3 configuration');
  return settings.s3;
}

/** A store under test, and a look behind its back at the place it keeps bytes. */
interface StoreUnderTest {
  t: TestApp;
  store: AttachmentStore;
  /**
   * Puts `bytes` where a store that trusted `name` would look for it (a file, a row, an object).
   * False when there is no such place (an empty file name).
   */
  plant(name: string, bytes: Buffer): Promise<boolean>;
  /** The bytes at that place now; null when there are none. */
  peek(name: string): Promise<Buffer | null>;
  close(): Promise<void>;
}

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.close();
});

const readOrNull = (file: string) => readFile(file).catch(() => null);

async function localStore(): Promise<StoreUnderTest> {
  const t = await createTestApp('sqlite');
  const uploads = path.join(t.dataDir, 'uploads');
  // `../../x` lands beside DATA_DIR, in the temp folder: removed again on close.
  const planted: string[] = [];
  return {
    t,
    store: t.ctx.attachments,
    async plant(name, bytes) {
      const file = path.join(uploads, name);
      if (name === '' || file === uploads) return false;
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      planted.push(file);
      return true;
    },
    peek: (name) => (name === '' ? Promise.resolve(null) : readOrNull(path.join(uploads, name))),
    async close() {
      for (const file of planted) rmSync(file, { force: true });
      await t.close();
    },
  };
}

async function databaseStore(dialect: Dialect): Promise<StoreUnderTest> {
  const t = await createTestApp(dialect, { ATTACHMENT_STORE: 'database' });
  const kysely = t.ctx.db.kysely;
  return {
    t,
    store: t.ctx.attachments,
    async plant(name, bytes) {
      await kysely
        .insertInto('attachment_blobs')
        .values({
          name,
          content_type: 'image/jpeg',
          size_bytes: bytes.length,
          bytes,
          created_at: new Date().toISOString(),
        })
        .execute();
      return true;
    },
    async peek(name) {
      const row = await kysely
        .selectFrom('attachment_blobs')
        .select('bytes')
        .where('name', '=', name)
        .executeTakeFirst();
      return row ? Buffer.from(row.bytes) : null;
    },
    close: () => t.close(),
  };
}

async function s3Store(): Promise<StoreUnderTest> {
  const t = await createTestApp('sqlite', s3.env);
  return {
    t,
    store: t.ctx.attachments,
    async plant(name, bytes) {
      // An empty or dot path segment makes no object key of its own (s3rver refuses or folds it).
      if (name.split('/').some((part) => part === '' || part === '.' || part === '..')) {
        return false;
      }
      await s3.putObject(`${S3_KEY_PREFIX}${name}`, bytes);
      return true;
    },
    async peek(name) {
      return (await s3.object(`${S3_KEY_PREFIX}${name}`))?.bytes ?? null;
    },
    close: () => t.close(),
  };
}

type OpenStore = () => Promise<StoreUnderTest>;

const storeCases: Array<[string, OpenStore]> = [
  ['local', localStore],
  ...testDatabases().map((dialect): [string, OpenStore] => [
    `database on ${dialect}`,
    () => databaseStore(dialect),
  ]),
  ['s3', s3Store],
];

describe.each(storeCases)('the %s attachment store', (_name, open) => {
  let under: StoreUnderTest;
  let store: AttachmentStore;
  beforeAll(async () => {
    under = await open();
    store = under.store;
  });
  afterAll(async () => {
    await under?.close();
  });

  it('puts bytes under a new name with the type’s extension, and gets exactly those bytes back', async () => {
    const types: Array<[AttachmentType, string]> = [
      ['image/jpeg', 'jpg'],
      ['image/png', 'png'],
      ['image/webp', 'webp'],
    ];
    for (const [type, extension] of types) {
      // Every byte value, zeros included, so no layer treats the bytes as text.
      const bytes = Buffer.concat([
        Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
        randomBytes(1000),
      ]);
      const name = await store.put(bytes, type);
      expect(name).toMatch(
        new RegExp(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.${extension}$`),
      );
      expect(isAttachmentName(name)).toBe(true);
      expect((await store.get(name))?.equals(bytes)).toBe(true);
      expect((await under.peek(name))?.equals(bytes)).toBe(true);
    }
    // Just under the upload limit: large values survive the database drivers and the bucket.
    const large = randomBytes(5 * 1024 * 1024 - 1);
    const largeName = await store.put(large, 'image/jpeg');
    expect((await store.get(largeName))?.equals(large)).toBe(true);
    // The same bytes twice are two attachments.
    const twice = randomBytes(64);
    const first = await store.put(twice, 'image/png');
    const second = await store.put(twice, 'image/png');
    expect(first).not.toBe(second);
    await store.delete(first);
    expect((await store.get(second))?.equals(twice)).toBe(true);
  });

  it('answers null for a name that was never stored', async () => {
    expect(await store.get(`${randomUUID()}.jpg`)).toBeNull();
    expect(await store.get(`${randomUUID()}.webp`)).toBeNull();
  });

  it('deletes: the name then reads as missing, and deleting again or a name never stored is fine', async () => {
    const kept = randomBytes(100);
    const keptName = await store.put(kept, 'image/jpeg');
    const name = await store.put(randomBytes(100), 'image/jpeg');
    await store.delete(name);
    expect(await store.get(name)).toBeNull();
    expect(await under.peek(name)).toBeNull();
    await expect(store.delete(name)).resolves.toBeUndefined();
    await expect(store.delete(`${randomUUID()}.png`)).resolves.toBeUndefined();
    expect((await store.get(keptName))?.equals(kept)).toBe(true);
  });

  it('never looks up or deletes a name put() could not have made', async () => {
    // The control: a planted valid name is found, so planting puts bytes where the store looks.
    const control = `${randomUUID()}.jpg`;
    const controlBytes = randomBytes(32);
    expect(await under.plant(control, controlBytes)).toBe(true);
    expect((await store.get(control))?.equals(controlBytes)).toBe(true);

    const id = randomUUID();
    const badNames = [
      '',
      `../${id}.jpg`,
      `../../${id}.jpg`,
      `/tmp/${id}.jpg`,
      `${id}.jpg/../${id}.png`,
      `sub/${id}.jpg`,
      `${id.toUpperCase()}.jpg`,
      `${id}.JPG`,
      `${id}.gif`,
      `${id}.jpg.exe`,
      `${id}.jpg\n`,
      ` ${id}.jpg`,
      id,
      `${id.replace(/-/g, '')}xxxx.jpg`,
      'dabba.sqlite',
    ];
    let planted = 0;
    for (const name of badNames) {
      const marker = randomBytes(16);
      const wasPlanted = await under.plant(name, marker);
      if (wasPlanted) planted += 1;
      expect(await store.get(name), JSON.stringify(name)).toBeNull();
      await expect(store.delete(name)).resolves.toBeUndefined();
      if (wasPlanted)
        expect((await under.peek(name))?.equals(marker), JSON.stringify(name)).toBe(true);
    }
    expect(planted).toBeGreaterThanOrEqual(10);
  });

  it('keeps concurrent puts apart', async () => {
    const contents = Array.from({ length: 20 }, () => randomBytes(2048));
    const names = await Promise.all(contents.map((bytes) => store.put(bytes, 'image/png')));
    expect(new Set(names).size).toBe(20);
    const read = await Promise.all(names.map((name) => store.get(name)));
    read.forEach((bytes, index) => expect(bytes?.equals(contents[index]!)).toBe(true));
  });
});

describe('the local store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps DATA_DIR/uploads 0700 and every file 0600', async () => {
    expect(t.ctx.attachments.kind).toBe('local');
    const name = await t.ctx.attachments.put(randomBytes(10), 'image/jpeg');
    const uploads = path.join(t.dataDir, 'uploads');
    expect(readdirSync(uploads)).toEqual([name]);
    expect(statSync(uploads).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(uploads, name)).mode & 0o777).toBe(0o600);
  });
});

describe('the database store’s table', () => {
  const tables: Record<string, Array<{ name: string; type: string; notNull: boolean }>> = {};
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it.each(testDatabases())(
    'holds bytes, type and size on %s, in that database’s binary type',
    async (dialect) => {
      const t = await createTestApp(dialect, { ATTACHMENT_STORE: 'database' });
      apps.push(t);
      const bytes = randomBytes(300);
      const name = await t.ctx.attachments.put(bytes, 'image/webp');
      const row = await t.ctx.db.kysely
        .selectFrom('attachment_blobs')
        .selectAll()
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name, content_type: 'image/webp', size_bytes: 300 });
      expect(Buffer.from(row.bytes).equals(bytes)).toBe(true);
      expect(Number.isNaN(Date.parse(row.created_at))).toBe(false);
      if (dialect === 'postgres') {
        const columns = await sql<{ column_name: string; data_type: string; is_nullable: string }>`
        select column_name, data_type, is_nullable from information_schema.columns
        where table_name = 'attachment_blobs' order by ordinal_position`.execute(t.ctx.db.kysely);
        tables[dialect] = columns.rows.map((column) => ({
          name: column.column_name,
          type: column.data_type,
          notNull: column.is_nullable === 'NO',
        }));
        expect(tables[dialect]!.find((column) => column.name === 'bytes')?.type).toBe('bytea');
      } else {
        const columns = await sql<{ name: string; type: string; notnull: number }>`
        pragma table_info(attachment_blobs)`.execute(t.ctx.db.kysely);
        tables[dialect] = columns.rows.map((column) => ({
          name: column.name,
          type: column.type.toLowerCase(),
          notNull: column.notnull === 1,
        }));
        expect(tables[dialect]!.find((column) => column.name === 'bytes')?.type).toBe('blob');
      }
    },
  );

  it('has the same columns on both databases', () => {
    const shapes = testDatabases().map((dialect) =>
      tables[dialect]!.map((column) => `${column.name}${column.notNull ? ' not null' : ''}`),
    );
    expect(shapes[0]).toEqual([
      'name not null',
      'content_type not null',
      'size_bytes not null',
      'bytes not null',
      'created_at not null',
    ]);
    for (const shape of shapes) expect(shape).toEqual(shapes[0]);
  });
});

describe('the S3 store', () => {
  it('keeps each attachment as one object under attachments/, with its content type', async () => {
    const t = await createTestApp('sqlite', s3.env);
    try {
      expect(t.ctx.attachments.kind).toBe('s3');
      const before = await s3.keys();
      const bytes = randomBytes(200);
      const name = await t.ctx.attachments.put(bytes, 'image/png');
      expect(await s3.keys()).toEqual([...before, `attachments/${name}`].sort());
      const object = await s3.object(`attachments/${name}`);
      expect(object?.contentType).toBe('image/png');
      expect(object?.bytes.equals(bytes)).toBe(true);
      // Nothing on this instance's disk.
      expect(existsSync(path.join(t.dataDir, 'uploads'))).toBe(false);
      await t.ctx.attachments.delete(name);
      expect(await s3.keys()).toEqual(before);
    } finally {
      await t.close();
    }
  });

  it('turns an unreachable server into AttachmentStoreUnavailable, and a delete into a warning', async () => {
    const { log, warnings } = recordingLogger();
    const deadUrl = `http://127.0.0.1:${await freePort()}`;
    const store = createS3AttachmentStore(s3Settings({ ...s3.env, S3_URL: deadUrl }), log);
    try {
      const put = store.put(randomBytes(10), 'image/jpeg');
      await expect(put).rejects.toBeInstanceOf(AttachmentStoreUnavailable);
      await expect(put).rejects.toMatchObject({ code: 'ATTACHMENT_STORE_UNAVAILABLE' });
      // Unreachable is not missing: a read fails instead of claiming the photo is gone.
      await expect(store.get(`${randomUUID()}.jpg`)).rejects.toBeInstanceOf(
        AttachmentStoreUnavailable,
      );
      await expect(store.delete(`${randomUUID()}.jpg`)).resolves.toBeUndefined();
      expect(warnings).toEqual(['could not delete an attachment from S3']);
    } finally {
      await store.close();
    }
  });

  it('treats wrong credentials and a missing bucket as unavailable, not as missing photos', async () => {
    const { log } = recordingLogger();
    const wrongKeys = createS3AttachmentStore(
      s3Settings({ ...s3.env, S3_ACCESS_KEY_ID: 'nobody', S3_SECRET_ACCESS_KEY: 'wrong' }),
      log,
    );
    const noBucket = createS3AttachmentStore(
      s3Settings({ ...s3.env, S3_BUCKET: 'no-such-bucket' }),
      log,
    );
    try {
      await expect(wrongKeys.put(randomBytes(10), 'image/jpeg')).rejects.toMatchObject({
        code: 'ATTACHMENT_STORE_UNAVAILABLE',
        message: expect.stringContaining('InvalidAccessKeyId'),
      });
      await expect(noBucket.get(`${randomUUID()}.jpg`)).rejects.toMatchObject({
        code: 'ATTACHMENT_STORE_UNAVAILABLE',
        message: expect.stringContaining('NoSuchBucket'),
      });
    } finally {
      await wrongKeys.close();
      await noBucket.close();
    }
  });
});

describe('a full disk', () => {
  let disk: SmallDisk;
  beforeAll(() => {
    disk = mountSmallDisk(48);
  });
  afterAll(() => {
    disk?.free();
    disk?.unmount();
  });

  it('fails a local put with ENOSPC and leaves no partial file', async () => {
    const uploads = path.join(disk.dir, 'local-uploads');
    const store = createLocalAttachmentStore(uploads, recordingLogger().log);
    expect(await store.get(await store.put(randomBytes(1000), 'image/png'))).not.toBeNull();
    disk.fill();
    try {
      await expect(store.put(randomBytes(256 * 1024), 'image/png')).rejects.toMatchObject({
        code: 'ENOSPC',
      });
      expect(readdirSync(uploads)).toHaveLength(1);
    } finally {
      disk.free();
    }
    rmSync(uploads, { recursive: true, force: true });
  });

  describe.each(testDatabases())('with the database store on %s', (dialect) => {
    let t: TestApp;
    let alice: Customer;
    let dropTablespace = async () => {};
    beforeAll(async () => {
      t = await createTestApp(dialect, {
        DATA_DIR: path.join(disk.dir, `data-${dialect}`),
        ATTACHMENT_STORE: 'database',
      });
      if (dialect === 'postgres') {
        dropTablespace = (await moveDatabaseOnto(disk, t.config.databaseUrl!)).drop;
      }
      alice = await registerCustomer(t);
    }, 60_000);
    afterAll(async () => {
      disk?.free();
      await t?.close();
      await dropTablespace();
    });

    it('answers an upload it cannot store 503, keeps no bytes, and stores it once there is space', async () => {
      const created = await t.request('POST', '/api/feedback/', {
        token: alice.access,
        body: { subject: 'Cold rice', message: 'The rice was cold' },
      });
      expect(created.status).toBe(201);
      const blobs = async () =>
        Number(
          (
            await t.ctx.db.kysely
              .selectFrom('attachment_blobs')
              .select((eb) => eb.fn.countAll().as('count'))
              .executeTakeFirstOrThrow()
          ).count,
        );
      const file = multipart(await samplePng(), 'meal.png', 'image/png');
      disk.fill();
      const refused = await t.request('POST', `/api/feedback/${created.body.id}/add_attachment/`, {
        token: alice.access,
        ...file,
      });
      expect(refused.status, JSON.stringify(refused.body)).toBe(503);
      expect(refused.body).toEqual(STORAGE_FULL);
      disk.free();
      expect(await blobs()).toBe(0);

      const stored = await t.request('POST', `/api/feedback/${created.body.id}/add_attachment/`, {
        token: alice.access,
        ...file,
      });
      expect(stored.status, JSON.stringify(stored.body)).toBe(200);
      expect(await blobs()).toBe(1);
      const [attachment] = stored.body.attachments;
      const served = await t.app.inject({
        method: 'GET',
        url: `/api/feedback/attachments/${attachment.id}/file/`,
        headers: { authorization: `Bearer ${alice.access}` },
      });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
    });
  });
});

describe('choosing the store (ATTACHMENT_STORE and S3_*)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-attachment-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });
  const s3Env = { ATTACHMENT_STORE: 's3', S3_BUCKET: 'mess-photos' };

  it('keeps photos on the local disk by default, also with DATABASE_URL (one instance on PostgreSQL)', () => {
    expect(load({}).attachments).toEqual({ store: 'local' });
    expect(load({ DATABASE_URL: 'postgres://db/dabba' }).attachments).toEqual({ store: 'local' });
    expect(load({ ATTACHMENT_STORE: 'database' }).attachments).toEqual({ store: 'database' });
  });

  it('reads the bucket settings, with path-style addressing for an S3-compatible server', () => {
    expect(load(s3Env).attachments).toEqual({
      store: 's3',
      s3: {
        endpoint: null,
        bucket: 'mess-photos',
        region: 'us-east-1',
        accessKeyId: null,
        secretAccessKey: null,
        forcePathStyle: false,
      },
    });
    expect(
      load({
        ...s3Env,
        S3_URL: 'https://minio.internal:9000',
        S3_REGION: 'ap-south-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).attachments,
    ).toEqual({
      store: 's3',
      s3: {
        endpoint: 'https://minio.internal:9000',
        bucket: 'mess-photos',
        region: 'ap-south-1',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
    });
  });

  it('refuses settings it cannot use with one sentence that names the fix', () => {
    const refusals: Array<[Record<string, string>, string]> = [
      [{ ATTACHMENT_STORE: 'ftp' }, 'ATTACHMENT_STORE must be local, database or s3'],
      [
        { ATTACHMENT_STORE: 's3' },
        'ATTACHMENT_STORE=s3 needs S3_BUCKET, the bucket to keep feedback photos in',
      ],
      [
        { ...s3Env, S3_BUCKET: 'Mess_Photos' },
        'S3_BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      ],
      [
        { ...s3Env, S3_URL: 'minio:9000' },
        'S3_URL must be the http:// or https:// address of the S3-compatible server, e.g. https://s3.example.com',
      ],
      [
        { ...s3Env, S3_URL: 'not a url' },
        'S3_URL must be the http:// or https:// address of the S3-compatible server, e.g. https://s3.example.com',
      ],
      [
        { ...s3Env, S3_ACCESS_KEY_ID: 'key' },
        "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the AWS SDK's own credentials",
      ],
      [
        { S3_BUCKET: 'mess-photos' },
        'S3_BUCKET is set but ATTACHMENT_STORE is local: set ATTACHMENT_STORE=s3 to keep feedback photos in the bucket, or unset S3_BUCKET.',
      ],
      [
        { ATTACHMENT_STORE: 'database', S3_URL: 'https://s3.example.com' },
        'S3_URL is set but ATTACHMENT_STORE is database: set ATTACHMENT_STORE=s3 to keep feedback photos in the bucket, or unset S3_URL.',
      ],
    ];
    for (const [env, sentence] of refusals) {
      let thrown: unknown;
      try {
        load(env);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, JSON.stringify(env)).toBeInstanceOf(ConfigError);
      expect((thrown as Error).message).toBe(sentence);
    }
  });
});

/** The loader's own record of the CommonJS files it loaded (NODE_DEBUG=module), by package. */
const loadedPackages = (stderr: string) => ({
  sharp: stderr.includes('/node_modules/sharp/'),
  awsSdk: stderr.includes('/node_modules/@aws-sdk/client-s3/'),
});

/** Whether libvips, sharp's native library, is mapped into the process. */
function holdsLibvips(pid: number): boolean {
  return readFileSync(`/proc/${pid}/maps`, 'utf8').includes('libvips');
}

/** Enough of TestApp for registerCustomer, against a server in another process. */
function overHttp(url: string, dataDir: string): TestApp {
  const app = {
    async request(
      method: string,
      route: string,
      options: { body?: unknown; token?: string | null } = {},
    ) {
      const response = await fetch(`${url}${route}`, {
        method,
        headers: {
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null, headers: {}, text };
    },
    smsOutbox() {
      return readFileSync(path.join(dataDir, 'outbox', 'sms.jsonl'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as { to: string; body: string });
    },
  };
  return app as unknown as TestApp;
}

async function postJson(url: string, token: string, body: unknown) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe('sharp and the AWS SDK', () => {
  it('are not loaded by an idle server, and are loaded by its first upload', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dabba-lazy-'));
    const port = await freePort();
    const server = startServer({
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        OWNER_PASSWORD: 'owner-password-1',
        SCHEDULER: 'off',
        LOG_LEVEL: 'warn',
        NODE_DEBUG: 'module',
        ...s3.env,
      },
      // From the sources: the bundle would be built by other suites at the same moment.
      command: () => [process.execPath, '--import', 'tsx', 'server/main.ts'],
    });
    try {
      expect((await waitUntilListening(server)).status).toBe(200);
      const pid = server.child.pid!;
      expect(loadedPackages(server.stderr())).toEqual({ sharp: false, awsSdk: false });
      expect(holdsLibvips(pid)).toBe(false);

      const alice = await registerCustomer(overHttp(server.url, dataDir));
      const created = await postJson(`${server.url}/api/feedback/`, alice.access, {
        subject: 'Cold rice',
        message: 'The rice was cold',
      });
      expect(created.status).toBe(201);
      const file = multipart(await samplePng(), 'meal.png', 'image/png');
      const uploaded = await fetch(
        `${server.url}/api/feedback/${created.body.id}/add_attachment/`,
        {
          method: 'POST',
          headers: { ...file.headers, authorization: `Bearer ${alice.access}` },
          body: file.raw,
        },
      );
      expect(uploaded.status).toBe(200);
      expect(loadedPackages(server.stderr())).toEqual({ sharp: true, awsSdk: true });
      expect(holdsLibvips(pid)).toBe(true);
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
