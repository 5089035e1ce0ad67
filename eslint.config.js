// One linter for the whole tree. The machines/ rule keeps the lifecycles pure; the server/ rule keeps
// each lifecycle's writes in its own folder; the web/ rules keep each lifecycle's web code in its
// feature folder (used through its index) and each screen in its page folder.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const LINGUI_MESSAGE = 'Use web/i18n (useT, useLanguage, Trans) instead of @lingui/react.';
const PAGE_IMPORT_MESSAGE =
  "A page may not import another page's files: move what both need to web/components, web/styles, web/api or web/lib.";
const FEATURE_INDEX_MESSAGE =
  'Import a feature through its index (@web/features/<name>), not its files: add what you need to its index.ts.';
const FEATURE_PAGE_MESSAGE =
  'A feature may not import a page: pages compose features, not the other way round. Move what both need into the feature or web/components, web/styles, web/api or web/lib.';
const STORE_IMPORT_MESSAGE =
  "Only a lifecycle's own folder uses its store: read through its *.read.ts, and take the store itself as a parameter (import type) from server/context.ts.";
const HANDLERS_IMPORT_MESSAGE =
  "Handlers answer for their own folder: move what both need to a *.read.ts, a serializer or platform/; server/registry.ts gathers every folder's handlers.";
const LAYER_MESSAGE =
  'platform/ and services/ serve every folder and import none of lifecycles/, resources/ or owner/: hand them what they need (a function, a value) from server/app.ts or the caller.';
const OWNER_VIEW_MESSAGE =
  "Lifecycles never import the owner's views (server/owner/): move what both need into the lifecycle, or to platform/.";
// Another folder's store (but for a type: a store handed in), in three spellings:
// ../x/x.store.js, @server/…/x.store.js, ./folder/x.store.js.
const STORE_PATTERN = {
  regex: '^(\\.\\./|@server/|\\./[^/]+/)(.*/)?[^/]+\\.store(\\.js)?$',
  allowTypeImports: true,
  message: STORE_IMPORT_MESSAGE,
};
// Another folder's handlers, in the same three spellings.
const HANDLERS_PATTERN = {
  regex: '^(\\.\\./|@server/|\\./[^/]+/)(.*/)?[^/]+\\.handlers(\\.js)?$',
  message: HANDLERS_IMPORT_MESSAGE,
};
/** The server's layers, lowest first: what a folder may not import, as @server/… or ../… . */
const layerPattern = (folders, message) => ({
  regex: `^(@server/|(\\.\\./)+)(${folders.join('|')})/`,
  message,
});
const serverImports = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    { patterns: [STORE_PATTERN, HANDLERS_PATTERN, ...patterns] },
  ],
});
// The app speaks through web/i18n (useT, Trans): @lingui/react would put Lingui's React package,
// unused by the first paint, back into the landing page's JavaScript.
const LINGUI_REACT = { group: ['@lingui/react'], message: LINGUI_MESSAGE };
const PARENT_PATH = {
  regex: '^\\.\\./',
  message:
    'Import another folder through its path alias (@web/…, @machines/…, @generated/…), not ../.',
};
// A feature's files are its own: from outside, only its index (web/features/<name>/index.ts).
const FEATURE_DEEP = { regex: '^@web/features/[^/]+/.', message: FEATURE_INDEX_MESSAGE };

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'generated', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'cli/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The service worker runs in a worker's global scope; web/build/pwa.ts fills in its shell.
    files: ['web/pwa/service-worker.js'],
    languageOptions: {
      globals: {
        ...globals.serviceworker,
        __SHELL_FILES__: 'readonly',
        __SHELL_VERSION__: 'readonly',
      },
    },
  },
  {
    // Tests read JSON answers loosely; the contract types are checked in the hosts.
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // One folder per screen: a page composes features (web/features/<name>, each through its index)
  // and shared parts (web/components, web/styles, web/api, web/lib) and never reaches into another
  // page's folder, so a screen can move or go alone. Shared parts are imported through their path
  // alias (@web/…, @machines/…, @generated/…), so an import reads as a place; `@web/pages/…` from a
  // page is another page too.
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/build/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [PARENT_PATH, FEATURE_DEEP, LINGUI_REACT] }],
    },
  },
  {
    // web/i18n is where the app meets Lingui.
    files: ['web/i18n/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [PARENT_PATH, FEATURE_DEEP] }] },
  },
  {
    // One folder per lifecycle (web/features/<name>/, named as machines/<name>/): its data hooks,
    // dialogs and cards, customer and owner parts, and messages. A feature uses another only
    // through that one's index, and never a page: pages compose features.
    files: ['web/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)pages/', message: FEATURE_PAGE_MESSAGE },
            // Outside web/features/<name>/ (pages/… inside the path is reported above).
            { ...PARENT_PATH, regex: '^(?!(\\.\\./)+pages/)\\.\\./' },
            FEATURE_DEEP,
            LINGUI_REACT,
          ],
        },
      ],
    },
  },
  {
    // From web/pages/<page>/: a sibling folder is another page.
    files: ['web/pages/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)pages/|^\\.\\./(?!\\.\\./)', message: PAGE_IMPORT_MESSAGE },
            // Outside web/pages/ (pages/… inside the path is reported above).
            { ...PARENT_PATH, regex: '^\\.\\./\\.\\./(?!(\\.\\./)*pages/)' },
            FEATURE_DEEP,
            LINGUI_REACT,
          ],
        },
      ],
    },
  },
  {
    // The owner's pages sit one level deeper (web/pages/admin/<page>/): both their siblings and
    // the customer pages are other pages.
    files: ['web/pages/admin/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)pages/|^\\.\\./(?!\\.\\./)|^\\.\\./\\.\\./(?!\\.\\./)',
              message: PAGE_IMPORT_MESSAGE,
            },
            { ...PARENT_PATH, regex: '^\\.\\./\\.\\./\\.\\./(?!(\\.\\./)*pages/)' },
            FEATURE_DEEP,
            LINGUI_REACT,
          ],
        },
      ],
    },
  },
  // One folder per lifecycle, resource and owner view (docs/architecture.md). A store is the only
  // code that writes its lifecycle: other folders read through its read side (`*.read.ts`) and are
  // handed the store itself (a type import) by server/context.ts, the one file that builds stores.
  // Handlers answer the API for their own folder; server/registry.ts alone gathers them all.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/context.ts', 'server/registry.ts'],
    rules: serverImports(),
  },
  // The layers: platform/ and services/ (the foundation) import no folder above them, types
  // included; lifecycles/ and resources/ never import the owner's views (server/owner/), which
  // read them. server/app.ts, context.ts and registry.ts, at the top, wire the layers together.
  {
    files: ['server/platform/**/*.ts', 'server/services/**/*.ts'],
    rules: serverImports(layerPattern(['lifecycles', 'resources', 'owner'], LAYER_MESSAGE)),
  },
  {
    files: ['server/lifecycles/**/*.ts', 'server/resources/**/*.ts'],
    rules: serverImports(layerPattern(['owner'], OWNER_VIEW_MESSAGE)),
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/server/**',
                '**/web/**',
                '**/cli/**',
                '@server/*',
                '@web/*',
                '@cli/*',
                'react',
                'react-dom',
                'ink',
                'fastify',
                'openapi-fetch',
                'kysely',
              ],
              message: 'machines/ is pure lifecycle logic: hosts provide effects with .provide().',
            },
          ],
        },
      ],
    },
  },
);
