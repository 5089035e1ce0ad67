// What every attachment store promises, wherever it keeps the bytes, and the names they all use.
import { randomUUID } from 'node:crypto';

export type AttachmentType = 'image/jpeg' | 'image/png' | 'image/webp';

export const ATTACHMENT_EXTENSIONS: Record<AttachmentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

type AttachmentStoreKind = 'local' | 'database' | 's3';

export interface AttachmentStore {
  readonly kind: AttachmentStoreKind;
  /**
   * Keeps `bytes` under a new name the store chooses and returns that name. When it throws,
   * nothing readable is left under any name.
   */
  put(bytes: Buffer, type: AttachmentType): Promise<string>;
  /**
   * The bytes kept under `name`, or null when there are none: never stored, deleted, or not a name
   * put() could have returned (such a name never reaches the disk, the database or the bucket).
   * Throws when the store itself fails.
   */
  get(name: string): Promise<Buffer | null>;
  /** Best effort: a name already gone or invalid is fine, and a failure is logged, never thrown. */
  delete(name: string): Promise<void>;
  /** Lets go of connections (the S3 client's sockets); the app's close calls it. */
  close(): Promise<void>;
}

const ATTACHMENT_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

/** Whether put() could have returned `name`: a random UUID and one of our extensions, no path. */
export const isAttachmentName = (name: string): boolean => ATTACHMENT_NAME.test(name);

export const newAttachmentName = (type: AttachmentType): string =>
  `${randomUUID()}.${ATTACHMENT_EXTENSIONS[type]}`;

/**
 * The store could not be reached or refused the request (an object store that is down, bad
 * credentials, a missing bucket). The error handler answers 503 storage_unavailable and logs the
 * cause; the caller's request can succeed once the store works again.
 */
export class AttachmentStoreUnavailable extends Error {
  readonly code = 'ATTACHMENT_STORE_UNAVAILABLE';
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'AttachmentStoreUnavailable';
  }
}
