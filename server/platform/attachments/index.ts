// Where feedback photos are kept: this instance's disk, the database, or an S3-compatible bucket
// (ATTACHMENT_STORE). buildApp makes one store and shares it as ctx.attachments.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@server/config.js';
import type { Db } from '@server/platform/db/index.js';
import type { Clock } from '@server/platform/time.js';
import { createDatabaseAttachmentStore } from './database.js';
import { createLocalAttachmentStore } from './local.js';
import { createS3AttachmentStore } from './s3.js';
import type { AttachmentStore } from './store.js';

export {
  ATTACHMENT_EXTENSIONS,
  AttachmentStoreUnavailable,
  isAttachmentName,
  type AttachmentStore,
  type AttachmentType,
} from './store.js';

const uploadsDir = (dataDir: string): string => path.join(dataDir, 'uploads');

export function createAttachmentStore(
  config: Config,
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
): AttachmentStore {
  const settings = config.attachments;
  switch (settings.store) {
    case 'local':
      return createLocalAttachmentStore(uploadsDir(config.dataDir), log);
    case 'database':
      return createDatabaseAttachmentStore(db, clock, log);
    case 's3':
      return createS3AttachmentStore(settings.s3, log);
  }
}
