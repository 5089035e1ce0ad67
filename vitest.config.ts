import { defineConfig } from 'vitest/config';
import { tsconfigAliases } from './web/build/aliases.js';
import { messages } from './web/build/messages.js';

export default defineConfig({
  // Web modules import their compiled message catalogues (web/i18n).
  plugins: [messages()],
  resolve: { alias: tsconfigAliases() },
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    pool: 'forks',
    // Two test files at a time: most of a file's time is spent waiting on SQLite, PostgreSQL or a
    // child process, so two forks on two cores finish the suite about a quarter sooner. Each file
    // gets its own temporary data directory and PostgreSQL database, and every port is picked free.
    maxWorkers: 2,
    // A fork runs its files one after another on the modules it has loaded (server, contract,
    // ajv, fastify): importing them again for each of the 143 files took the suite from 412 s to
    // 631 s. Every file still builds its own app on its own data directory and database; the few
    // that fake timers, stub globals or spy restore them in their own afterEach/afterAll.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['tests/helpers/global-setup.ts'],
  },
});
