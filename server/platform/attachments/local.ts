// Attachments as files in one folder (DATA_DIR/uploads): the embedded default, for one instance,
// since another instance behind the same load balancer cannot read this disk.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { isAttachmentName, newAttachmentName, type AttachmentStore } from './store.js';

const codeOf = (error: unknown): string => String((error as { code?: unknown } | null)?.code ?? '');

export function createLocalAttachmentStore(dir: string, log: FastifyBaseLogger): AttachmentStore {
  // Only names that pass isAttachmentName (no slash, no dots but the extension's) get here, so
  // none points outside `dir`.
  const fileOf = (name: string) => path.join(dir, name);
  return {
    kind: 'local',
    async put(bytes, type) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = newAttachmentName(type);
      const file = fileOf(name);
      try {
        await writeFile(file, bytes, { mode: 0o600, flag: 'wx' });
      } catch (error) {
        // On a full disk the file is created and then cannot be written: leave no truncated image,
        // and let the write's own error (ENOSPC: 503 storage_unavailable) be the one reported.
        await rm(file, { force: true }).catch(() => {});
        throw error;
      }
      return name;
    },
    async get(name) {
      if (!isAttachmentName(name)) return null;
      try {
        return await readFile(fileOf(name));
      } catch (error) {
        if (codeOf(error) === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(name) {
      if (!isAttachmentName(name)) return;
      try {
        await rm(fileOf(name), { force: true });
      } catch (error) {
        log.warn({ err: error, attachment: name }, 'could not delete an attachment file');
      }
    },
    async close() {},
  };
}
