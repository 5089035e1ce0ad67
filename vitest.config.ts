import { defineConfig } from 'vitest/config';
import { messages } from './web/build/messages.js';

export default defineConfig({
  // Web modules import their compiled message catalogues (web/i18n).
  plugins: [messages()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['tests/helpers/global-setup.ts'],
  },
});
