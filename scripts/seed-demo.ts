// npm run seed:demo [-- --users N]: fills the configured database (DATA_DIR or DATABASE_URL) with demo data.
// Stop the server first when it uses the embedded database: SQLite is locked to one process.
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { seedDemo } from '../server/demo/demo.js';

const index = process.argv.indexOf('--users');
const users = index > 0 ? Number(process.argv[index + 1]) : 200;
if (!Number.isInteger(users) || users < 1) {
  console.error('usage: npm run seed:demo -- [--users N]   (N a whole number, default 200)');
  process.exit(2);
}
const { app, ctx } = await buildApp({ config: loadConfig(), logger: true });
try {
  await seedDemo(ctx, { users, onlyIfEmpty: false });
} finally {
  await app.close();
}
