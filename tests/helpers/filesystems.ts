// Real storage faults for tests: a small tmpfs that can be filled to the last byte, and running a
// command as an unprivileged user (root ignores file modes). Both need root; CI runs as root, so a
// machine that cannot do this fails the test with the reason instead of skipping it.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** uid/gid of `nobody`: a user that owns nothing here. */
export const NOBODY = 65534;

function needRoot(what: string): void {
  if (process.getuid?.() !== 0) {
    throw new Error(
      `This test needs root to ${what}; it runs as uid ${process.getuid?.()}. ` +
        'CI and the development machine run the suite as root: run it there.',
    );
  }
}

export interface SmallDisk {
  /** The mount point: an empty tmpfs of the given size. */
  dir: string;
  /** Writes a filler file until the filesystem answers ENOSPC. */
  fill(): void;
  /** Removes the filler again. */
  free(): void;
  unmount(): void;
}

export function mountSmallDisk(sizeMb: number): SmallDisk {
  needRoot('mount a small filesystem (tmpfs) and fill it');
  const dir = mkdtempSync(path.join(tmpdir(), 'dabba-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0755`, 'tmpfs', dir], {
      stdio: 'pipe',
    });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(
      `This test needs to mount a small tmpfs (mount -t tmpfs) to fill a disk for real, and mount failed: ${stderr}. ` +
        'Run it as root on a machine (or a container with CAP_SYS_ADMIN) that allows mounts.',
    );
  }
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill() {
      const fd = openSync(filler, 'a');
      try {
        // Big chunks first, then page-sized ones, so that not even one page is left.
        for (const size of [1024 * 1024, 4096, 512]) {
          const chunk = Buffer.alloc(size, 0x61);
          try {
            for (;;) writeSync(fd, chunk);
          } catch (error) {
            if ((error as { code?: string }).code !== 'ENOSPC') throw error;
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    unmount() {
      // Lazy: a server that has not quite let go of its files must not make the test fail.
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The command line that runs `command` as `nobody`, with no supplementary groups. */
export function asNobody(command: string[]): string[] {
  needRoot('run the server as an unprivileged user (root ignores file modes)');
  return ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups', '--', ...command];
}

/**
 * Moves every table and index of the database at `databaseUrl` into a new tablespace on `disk`, so
 * that filling the disk makes PostgreSQL itself run out of space (53100 disk_full) where a table
 * has to grow. The PostgreSQL server must run on this machine to see the mount.
 */
export async function moveDatabaseOnto(
  disk: SmallDisk,
  databaseUrl: string,
): Promise<{ drop: () => Promise<void> }> {
  needRoot('give PostgreSQL a tablespace on a small filesystem');
  const { default: pg } = await import('pg');
  const { mkdirSync, chownSync, statSync } = await import('node:fs');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const dataDirectory = (await client.query<{ data_directory: string }>('SHOW data_directory'))
      .rows[0]!.data_directory;
    let owner: { uid: number; gid: number };
    try {
      owner = statSync(dataDirectory);
    } catch {
      throw new Error(
        `This test fills PostgreSQL's disk through a tablespace on a tmpfs, so PostgreSQL must run on this machine; ` +
          `its data directory ${dataDirectory} is not here (TEST_DATABASE_URL points elsewhere).`,
      );
    }
    const location = path.join(disk.dir, 'postgres');
    mkdirSync(location);
    chownSync(location, owner.uid, owner.gid);
    const name = `dabba_full_${process.pid}_${Date.now().toString(36)}`;
    await client.query(`CREATE TABLESPACE ${name} LOCATION '${location}'`);
    await client.query(`ALTER TABLE ALL IN TABLESPACE pg_default SET TABLESPACE ${name}`);
    await client.query(`ALTER INDEX ALL IN TABLESPACE pg_default SET TABLESPACE ${name}`);
    return {
      // After the test database is dropped: a tablespace in use cannot be dropped.
      drop: async () => {
        const admin = new pg.Client({
          connectionString: databaseUrl.replace(/\/[^/]*$/, '/postgres'),
        });
        await admin.connect();
        try {
          await admin.query(`DROP TABLESPACE IF EXISTS ${name}`);
        } finally {
          await admin.end();
        }
      },
    };
  } finally {
    await client.end();
  }
}
