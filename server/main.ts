// Starts the server: configuration, logging, jobs and a graceful close on SIGINT/SIGTERM.
import { inspect } from 'node:util';
import { buildApp, startJobs } from './app.js';
import { dataDirFrom, loadConfig, type Config } from './config.js';
import { StartupError } from './errors.js';
import { createLogDestination } from './logging.js';
import { allJobs } from './registry.js';
import { mapStack } from './platform/stack.js';
import { startupStorageMessage } from './platform/storage.js';

/**
 * The demo seeder, only for `--demo`. esbuild leaves this import out of dist/server.mjs
 * (package.json build:server marks it external) and bundles the demo on its own as
 * dist/demo/demo.js, so a production server never parses or holds its code.
 */
const loadDemo = () => import('./demo/demo.js');

/** SIGTERM to exit, at most: a request that never finishes cannot hold the process past this. */
const SHUTDOWN_GRACE_MS = 8_000;

const logDestination = createLogDestination();

/** Lets the log go out (for half a second at most: the output may be stuck), then exits. */
async function exit(code: number): Promise<never> {
  await logDestination.drain(500);
  process.exit(code);
}

/** A start-up failure the person running Dabba can fix: one sentence, exit code 1, no stack trace. */
function fixableStartupMessage(error: unknown): string | null {
  return error instanceof StartupError
    ? error.message
    : startupStorageMessage(error, dataDirFrom());
}

/** Where people reach a server listening on `host`:`port`. */
const addressFor = (host: string, port: number) =>
  `http://${host === '0.0.0.0' || host === '127.0.0.1' ? 'localhost' : host}:${port}`;

async function main() {
  // Whatever the server creates (database, uploads, outbox, secrets) is for this user only.
  process.umask(0o077);
  const demo = process.argv.includes('--demo') ? await loadDemo() : null;
  let config: Config;
  let built;
  try {
    config = loadConfig(demo ? { ...demo.DEMO_ENV, ...process.env } : process.env);
    // The demo logins as plain text on stderr, before the JSON log begins: inside it nobody found them.
    if (demo) process.stderr.write(demo.demoLogins(config, addressFor(config.host, config.port)));
    built = await buildApp({ config, logDestination });
  } catch (error) {
    const message = fixableStartupMessage(error);
    if (message === null) throw error;
    console.error(message);
    return exit(1);
  }
  const { app, ctx } = built;
  if (config.databaseUrl && !process.env.JWT_SECRET) {
    app.log.warn(
      'DATABASE_URL is set but JWT_SECRET is not: this instance signs tokens with a secret of its own DATA_DIR. ' +
        'Give every instance the same JWT_SECRET (and RAZORPAY_KEY_SECRET) to run several behind a load balancer.',
    );
  }
  if (config.databaseUrl && config.attachments.store === 'local') {
    app.log.info(
      "ATTACHMENT_STORE is local: feedback photos are kept in this instance's DATA_DIR/uploads, which other instances cannot read. " +
        'Set ATTACHMENT_STORE=database or s3 to run several behind a load balancer.',
    );
  }
  if (demo) await demo.seedDemo(ctx, { users: 40, onlyIfEmpty: true });
  const stopJobs = config.scheduler ? startJobs(ctx, allJobs) : () => {};
  let closing = false;
  const close = async (signal: string) => {
    // A second signal means "now".
    if (closing) return void exit(1);
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopJobs();
    const force = setTimeout(() => {
      app.log.warn(`requests still running after ${SHUTDOWN_GRACE_MS} ms; exiting without them`);
      void exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    await app.close();
    await exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = addressFor(config.host, port);
  app.log.info(
    {
      url: where,
      database:
        ctx.db.dialect === 'sqlite' ? `${config.dataDir}/dabba.sqlite` : 'postgres (DATABASE_URL)',
      outbox: ctx.notifier.describe(),
    },
    `Dabba is listening on ${where}. ${ctx.notifier.describe().join('; ')}. API reference: ${where}/api/docs`,
  );
}

main().catch((error: unknown) => {
  // As console.error prints it (causes included), with the bundle's frames mapped to the sources.
  console.error(error instanceof Error ? mapStack(inspect(error)) : error);
  void exit(1);
});
