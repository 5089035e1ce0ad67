// Starts the server: configuration, logging, jobs and a graceful close on SIGINT/SIGTERM.
import { buildApp, startJobs } from './app.js';
import { loadConfig } from './config.js';
import { DataDirLockedError } from './db/index.js';
import { allJobs } from './routes/index.js';
import { seedDemo } from './demo.js';

async function main() {
  const config = loadConfig();
  let built;
  try {
    built = await buildApp({ config });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, ctx } = built;
  if (config.databaseUrl && !process.env.JWT_SECRET) {
    app.log.warn(
      'DATABASE_URL is set but JWT_SECRET is not: this instance signs tokens with a secret of its own DATA_DIR. ' +
        'Give every instance the same JWT_SECRET (and RAZORPAY_KEY_SECRET) to run several behind a load balancer.',
    );
  }
  if (process.argv.includes('--demo')) await seedDemo(ctx, { users: 40, onlyIfEmpty: true });
  const stopJobs = config.scheduler ? startJobs(ctx, allJobs) : () => {};
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    stopJobs();
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = `http://${config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host}:${port}`;
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
  console.error(error);
  process.exit(1);
});
