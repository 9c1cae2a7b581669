// ESLint for the web app: typescript-eslint's recommended rules, the rules of hooks, and the import
// boundaries of DESIGN.md "Layout (web/)":
//
//   shared (src/lib, src/components, src/sw)  ->  features (src/features/*)  ->  app (src/app, main.tsx)
//
// - Shared code imports no feature and not the app.
// - A feature imports shared code and its own files. Another feature it reaches only through that
//   feature's index.ts (its public API), never its other files; the app it does not import at all.
// - The app composes everything: it imports any feature file (screens load lazily by their own path).
// - Tests: src/test mounts the whole app (store, routes) for the screen tests, so it and the tests
//   may import the app and the test helpers; between features they keep to the public APIs like any
//   feature code, and tests of shared code import nothing above it but the helpers.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const src = (...parts) => path.join(import.meta.dirname, 'src', ...parts);
const features = fs
  .readdirSync(src('features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** A feature's files may import another feature's index.ts only. */
const featureZones = features.map((feature) => ({
  target: src('features', feature, '**', '*'),
  from: src('features', '**', '*'),
  except: [src('features', feature, '**', '*'), src('features', '*', 'index.ts')],
  message: `Import another feature through its index.ts (src/features/<name>/index.ts), not its files.`,
}));

/** Shared code knows nothing above it. */
const sharedZone = {
  target: [src('lib'), src('components'), src('sw')],
  from: [src('features'), src('app'), src('test')],
  message: 'Shared code (lib, components, sw) imports no feature, not the app and not the test helpers.',
};

/** Tests of shared code may use the test helpers, and nothing above shared code. */
const sharedTestZone = {
  target: [src('lib'), src('components'), src('sw')],
  from: [src('features'), src('app')],
  message: 'Shared code (lib, components, sw) imports no feature and not the app.',
};

/** The test helpers use features through their public APIs too. */
const testHelperZone = {
  target: src('test', '**', '*'),
  from: src('features', '**', '*'),
  except: [src('features', '*', 'index.ts')],
  message: 'Import a feature through its index.ts (src/features/<name>/index.ts), not its files.',
};

/** Features sit below the app; the test helpers are for tests only. */
const featureAppZone = {
  target: src('features'),
  from: [src('app'), src('test')],
  message: 'A feature imports neither the app nor the test helpers: what several features need belongs in src/lib or src/components.',
};

const tests = ['src/**/*.test.{ts,tsx}', 'src/test/**'];

export default defineConfig(
  { ignores: ['dist', 'dev-dist', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A boundary is only checked on imports the resolver finds: every import must resolve.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:pwa-register$'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // Input checks reject control characters by matching them (accountRules' safeRedirect).
      'no-control-regex': 'off',
      // react-router's Link brings its framework-mode prefetching to every first visit.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['Link', 'NavLink'],
              message: 'Import Link and NavLink from src/components/Link.tsx: react-router\'s bring code the app never runs to every first visit.',
            },
          ],
        },
      ],
    },
  },
  // The build and measuring scripts run in Node.
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: globals.node } },
  // Playwright reads a test's fixtures from its first parameter, which must be a destructuring
  // pattern: `({}, testInfo)` is how a test that uses none says so.
  { files: ['e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: tests,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [sharedZone, featureAppZone, ...featureZones] }],
    },
  },
  {
    files: tests,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [sharedTestZone, testHelperZone, ...featureZones] }],
    },
  },
);
