// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));

/** The feature folders under `dir` (read at lint time, so a new feature is covered without a config change). */
function featuresIn(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * One `no-restricted-paths` zone per feature: nothing in it imports another feature's folder. Paths are
 * resolved, so `../../navigation/…`, `../features/x` and any alias are caught alike.
 */
function featuresApart(dir) {
  return featuresIn(dir).map((feature) => ({
    target: `${dir}/${feature}`,
    from: dir,
    except: [`./${feature}`],
    message: 'Features do not import each other: move what both need to a shared layer.',
  }));
}

/**
 * The server's modules (docs/decisions/042-modules-with-a-public-face.md): each top-level folder that holds
 * one concept whole — engine, routes, schema, start-up plugin — behind an `index.ts`.
 */
const serverModules = ['activity', 'catalogue', 'data-sources', 'mail', 'reports'];

/**
 * A module's public face: code outside it — production code, the seed, the start-up, tests and the
 * benchmarks — imports its index, never the files behind it.
 */
const moduleFaces = serverModules.map((module) => ({
  target: [`apps/server/src/!(${module})/**`, 'apps/server/src/*.ts', 'apps/server/test/**', 'bench/**'],
  from: `apps/server/src/${module}`,
  except: ['./index.ts'],
  message: `Import ${module}/ through its index ('…/${module}'), not the files behind it.`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
      // Deliberate violations; checks/lint-layers.test.ts lints them and expects the rules to fire.
      'checks/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // Style: the environment is read and validated in one place (apps/server/src/config.ts).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: [
      'apps/server/src/config.ts',
      'apps/server/test/**',
      'apps/**/*.test.{ts,tsx}',
      'apps/web/vite.config.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration through apps/server/src/config.ts.',
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Style: one HTTP client; components never call fetch themselves (tests may stub it).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/testing/**', 'apps/web/src/lib/api-client.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use the api client in lib/api-client.ts.' },
      ],
    },
  },
  {
    // Layers (docs/decisions/023-layers-enforced-by-lint.md): no import cycles anywhere; imports are
    // resolved like TypeScript does, so the rules below see files, not spellings.
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: root })],
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
    },
    rules: {
      // Type-only imports are erased at build time and are not cycles at run time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // One import statement per module: a module's face is named once at the top of a file.
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
    },
  },
  {
    // Web layers (bulletproof-react): app → features → lib/components; features never import each other.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: ['apps/web/src/lib', 'apps/web/src/components'],
              from: ['apps/web/src/features', 'apps/web/src/app'],
              message: 'Shared code (lib/, components/) never imports a feature or the app.',
            },
            {
              target: 'apps/web/src/features',
              from: 'apps/web/src/app',
              message: 'Features never import the app layer: the app composes them.',
            },
            ...featuresApart('apps/web/src/features'),
          ],
        },
      ],
    },
  },
  {
    // Server layers, top to bottom (docs/decisions/023-layers-enforced-by-lint.md, amended by 042): main.ts,
    // seed/, cli/ → app.ts → features/ → modules (activity/, catalogue/, data-sources/, mail/, reports/) →
    // plugins/ → auth/ → lib/, db/ → config.ts. An import runs down only: what a lower layer needs of a
    // higher one is passed in by app.ts. The start-up (main.ts) runs the demo seed; nothing else in
    // production code imports seed/ — tests may. No file composes the tables: drizzle-kit reads each
    // `*-schema.ts` where it is (drizzle.config.ts), so db/ names nothing above it.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/main.ts', 'apps/server/src/seed/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: 'apps/server/src',
              from: 'apps/server/src/seed',
              message: 'Production code does not import the demo seed (only main.ts runs it at start-up).',
            },
            {
              target: serverModules.map((module) => `apps/server/src/${module}`),
              from: ['apps/server/src/features', 'apps/server/src/app.ts', 'apps/server/src/cli'],
              message:
                'Modules never import features/ or app.ts: app.ts composes them and passes in what a module needs.',
            },
            {
              target: 'apps/server/src/plugins',
              from: [
                'apps/server/src/features',
                'apps/server/src/app.ts',
                ...serverModules.map((module) => `apps/server/src/${module}`),
              ],
              message:
                "plugins/ is cross-cutting infrastructure: it never imports features/, modules or app.ts (a module's start-up plugin lives in the module).",
            },
            {
              target: ['apps/server/src/auth', 'apps/server/src/lib', 'apps/server/src/db'],
              from: [
                'apps/server/src/plugins',
                'apps/server/src/features',
                ...serverModules.map((module) => `apps/server/src/${module}`),
              ],
              message:
                'auth/, db/ and lib/ never import plugins/, modules or features/: move what both need into the lower layer, or have app.ts pass it in.',
            },
            {
              target: 'apps/server/src/lib',
              from: ['apps/server/src/db', 'apps/server/src/auth'],
              message: 'lib/ holds helpers that know no database and no user: it never imports db/ or auth/.',
            },
            ...featuresApart('apps/server/src/features'),
            ...moduleFaces,
          ],
        },
      ],
    },
  },
  {
    // The files the server layers above leave out keep the modules' public faces too.
    files: [
      'apps/server/src/main.ts',
      'apps/server/src/seed/**/*.ts',
      'apps/server/test/**/*.ts',
      'bench/**/*.ts',
    ],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: moduleFaces }],
    },
  },
  // Type-aware rules (docs/conventions.md); docs/decisions/036-type-aware-lint.md says why some are tuned.
  // Production and test code under src/ only: checks/lint-fixtures stays outside these globs.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({
    ...config,
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
  })),
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      // Fastify treats a non-async hook or plugin as callback style; forgotten awaits are caught by
      // no-floating-promises and no-misused-promises (decision 036).
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    // react-router's loaders throw redirect() (a Response) and data() on purpose (decision 036).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
    },
  },
  {
    // vitest's asymmetric matchers (expect.objectContaining, expect.any) are typed any (decision 036).
    files: ['**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
);
