// A local S3-compatible server (s3rver) for tests: a port the OS chooses, a temporary folder, and
// one bucket, so suites can run side by side.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver checks request signatures against these fixed credentials. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface LocalS3 {
  url: string;
  bucket: string;
  /** The variables that point a Dabba server at this bucket. */
  env: Record<string, string>;
  /** Our own client, to look at the bucket behind the store's back. */
  client: S3Client;
  keys(): Promise<string[]>;
  object(key: string): Promise<{ bytes: Buffer; contentType: string | undefined } | null>;
  putObject(key: string, bytes: Buffer): Promise<void>;
  /** Stops the server (at once, dropping open connections) and removes its folder. */
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'dabba-test-photos'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'dabba-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint: url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  let closed = false;
  return {
    url,
    bucket,
    env: {
      ATTACHMENT_STORE: 's3',
      S3_URL: url,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    client,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async object(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return {
          bytes: Buffer.from(await got.Body!.transformToByteArray()),
          contentType: head.ContentType,
        };
      } catch (error) {
        if ((error as { name?: string }).name === 'NotFound') return null;
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async putObject(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
    },
    async close() {
      // A test may stop the server early to see an outage; the suite's own close is then a no-op.
      if (closed) return;
      closed = true;
      client.destroy();
      // Keep-alive sockets of clients that were not destroyed would hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
