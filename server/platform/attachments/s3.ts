// Attachments as objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...): every instance
// sees them, at any volume. The AWS SDK is loaded on first use, so no other store pays for it.
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { FastifyBaseLogger } from 'fastify';
import type { S3Settings } from '@server/config.js';
import {
  AttachmentStoreUnavailable,
  isAttachmentName,
  newAttachmentName,
  type AttachmentStore,
} from './store.js';

/** Our objects sit under one prefix, so the bucket can hold other things beside them. */
export const S3_KEY_PREFIX = 'attachments/';

interface Connection {
  sdk: typeof S3Sdk;
  client: S3Sdk.S3Client;
}

const errorText = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

export function createS3AttachmentStore(
  settings: S3Settings,
  log: FastifyBaseLogger,
): AttachmentStore {
  let connection: Promise<Connection> | null = null;
  const connect = (): Promise<Connection> =>
    (connection ??= (async () => {
      const sdk = await import('@aws-sdk/client-s3');
      const client = new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        // Most S3-compatible servers address buckets by path (host/bucket/key), not by host name.
        forcePathStyle: settings.forcePathStyle,
        // The SDK's default checksums on every upload are refused by several S3-compatible
        // services (Backblaze B2, Tencent COS, Alibaba OSS…): send them only where S3 requires them.
        ...(settings.endpoint
          ? {
              requestChecksumCalculation: 'WHEN_REQUIRED' as const,
              responseChecksumValidation: 'WHEN_REQUIRED' as const,
            }
          : {}),
        // Without keys, the SDK's own chain: AWS_* variables, a profile, an instance or task role.
        ...(settings.accessKeyId && settings.secretAccessKey
          ? {
              credentials: {
                accessKeyId: settings.accessKeyId,
                secretAccessKey: settings.secretAccessKey,
              },
            }
          : {}),
        // A store that does not answer must turn into a 503 soon, not hold the request for minutes.
        maxAttempts: 2,
        requestHandler: {
          connectionTimeout: 3_000,
          requestTimeout: 15_000,
          throwOnRequestTimeout: true,
        },
      });
      return { sdk, client };
    })().catch((error: unknown) => {
      connection = null;
      throw error;
    }));
  const keyOf = (name: string) => `${S3_KEY_PREFIX}${name}`;
  const unavailable = (action: string, error: unknown) =>
    new AttachmentStoreUnavailable(
      `The S3 bucket ${settings.bucket} could not ${action} an attachment (${errorText(error)})`,
      { cause: error },
    );

  return {
    kind: 's3',
    async put(bytes, type) {
      const { sdk, client } = await connect();
      const name = newAttachmentName(type);
      try {
        await client.send(
          new sdk.PutObjectCommand({
            Bucket: settings.bucket,
            Key: keyOf(name),
            Body: bytes,
            ContentType: type,
            ContentLength: bytes.length,
          }),
        );
      } catch (error) {
        throw unavailable('store', error);
      }
      return name;
    },
    async get(name) {
      if (!isAttachmentName(name)) return null;
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(
          new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(name) }),
        );
        if (!answer.Body) throw new Error('the answer has no body');
        const bytes = await answer.Body.transformToByteArray();
        return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      } catch (error) {
        // Only a missing key is a missing attachment; a missing bucket is a setup to fix (503).
        if ((error as { name?: unknown } | null)?.name === 'NoSuchKey') return null;
        throw unavailable('read', error);
      }
    },
    async delete(name) {
      if (!isAttachmentName(name)) return;
      try {
        const { sdk, client } = await connect();
        await client.send(
          new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(name) }),
        );
      } catch (error) {
        log.warn({ err: error, attachment: name }, 'could not delete an attachment from S3');
      }
    },
    async close() {
      const open = connection;
      connection = null;
      if (open) (await open.catch(() => null))?.client.destroy();
    },
  };
}
