// The owner's copy of the embedded database (GET /api/owner/backup/, `dabba backup`): written to
// DATA_DIR with SQLite's online backup API, then streamed and gone.
import { randomUUID } from 'node:crypto';
import { open, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '@server/context.js';
import { refusalDetail } from '@server/errors.js';
import { requireOwner, type Handlers } from '@server/http.js';
import { recordAudit } from '@server/lifecycles/audit.js';

export function backupHandlers(ctx: AppContext) {
  return {
    async ownerDatabaseBackup(request, reply) {
      const owner = requireOwner(request);
      if (!ctx.db.backup) {
        throw refusalDetail(409, 'backup.not_sqlite');
      }
      const file = path.join(ctx.config.dataDir, `backup-${randomUUID()}.sqlite.partial`);
      let handle: FileHandle;
      try {
        await ctx.db.backup(file);
        handle = await open(file, 'r');
      } finally {
        // Open, the copy is read through its handle: the name can go now, so nothing is left
        // behind in DATA_DIR whatever happens to the download.
        await rm(file, { force: true });
      }
      try {
        const { size } = await handle.stat();
        await recordAudit(ctx, ctx.db.kysely, {
          actor: owner,
          action: 'database.backup',
          objectType: 'database',
          objectId: null,
          summary: { key: 'audit.summary.database.backup', values: { size } },
        });
        return reply
          .type('application/vnd.sqlite3')
          .header('Content-Disposition', `attachment; filename="dabba-${ctx.today()}.sqlite"`)
          .header('Cache-Control', 'no-store')
          .header('Content-Length', String(size))
          .send(handle.createReadStream());
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
  } satisfies Partial<Handlers>;
}
