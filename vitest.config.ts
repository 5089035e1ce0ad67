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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['tests/helpers/global-setup.ts'],
  },
});
