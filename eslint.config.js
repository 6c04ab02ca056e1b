import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Layers import one way (docs/architecture.md); zone paths are relative to this file.
const features = readdirSync(new URL('./src/client/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Inside the admin console, a resource folder imports only shared/ and itself; tabs/ and the page
// assemble resources (docs/architecture.md).
const ADMIN_ASSEMBLERS = new Set(['tabs', 'shared']);
const adminResources = readdirSync(new URL('./src/client/features/admin', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory() && !ADMIN_ASSEMBLERS.has(entry.name))
  .map((entry) => entry.name);

const serverInfrastructure = [
  './src/server/core',
  './src/server/db',
  './src/server/http',
  './src/server/security',
];
const serverDomain = [
  './src/server/admin',
  './src/server/audit',
  './src/server/auth',
  './src/server/credentials',
  './src/server/routes',
  './src/server/setup',
  './src/server/sso',
  './src/server/users',
];

const layerZones = [
  ...features.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: 'A feature folder does not import another feature; move shared code to lib/.',
  })),
  ...adminResources.map((resource) => ({
    target: `./src/client/features/admin/${resource}`,
    from: './src/client/features/admin',
    except: [`./${resource}`, './shared'],
    message: 'An admin resource imports only admin/shared and itself; tabs/ assembles resources.',
  })),
  {
    target: './src/client/features/admin/shared',
    from: './src/client/features/admin',
    except: ['./shared'],
    message: 'admin/shared imports no resource, tab or page of the console.',
  },
  {
    target: ['./src/client/lib', './src/client/components'],
    from: ['./src/client/features', './src/client/app'],
    message: 'lib and components do not import features or the app shell.',
  },
  {
    target: './src/client',
    from: './src/server',
    message: 'The client never imports server code.',
  },
  {
    target: './src/server',
    from: './src/client',
    message: 'The server never imports client code.',
  },
  {
    target: './src/shared',
    from: ['./src/client', './src/server'],
    message: 'shared/ stands alone.',
  },
];

// Tests beside infrastructure code may drive the whole app; the code itself may not.
const infrastructureZone = {
  target: serverInfrastructure,
  from: serverDomain,
  message: 'Server infrastructure (core, db, http, security) does not import domain modules.',
};

// Audit is a lower layer: domains call it to record what they did; it calls no domain.
const auditZone = {
  target: './src/server/audit',
  from: serverDomain.filter((folder) => folder !== './src/server/audit'),
  message: 'audit/ is a lower layer: domains call audit, audit calls no domain.',
};

// The users directory is a wing with one door (docs/decisions/019-the-users-directory.md): outside
// it, code imports only its index.ts. The wing's own files and the tests anywhere may reach inside.
const directoryZone = {
  target: './src',
  from: './src/server/users/directory',
  except: ['./index.ts'],
  message:
    'Outside the users directory, import only its door: src/server/users/directory/index.ts.',
};
const WING_AND_TESTS = ['src/server/users/directory/**', 'src/**/*.test.{ts,tsx}'];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'coverage',
      'test-results',
      'playwright-report',
      'data',
      '.data-*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: new URL('./tsconfig.json', import.meta.url).pathname,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [...layerZones, infrastructureZone, auditZone, directoryZone],
        },
      ],
      // Skips `import type`; tests/repo/lint-layers.test.ts also checks type-only cycles.
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: WING_AND_TESTS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: [...layerZones, infrastructureZone] },
      ],
    },
  },
  {
    files: ['src/server/{db,http,security}/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: layerZones },
      ],
    },
  },
  {
    files: ['src/server/routes/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'drizzle-orm', message: 'Routes call domain modules; queries live there.' },
          ],
          patterns: [
            {
              group: ['drizzle-orm/*'],
              message: 'Routes call domain modules; queries live there.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The other layer rules are the import-x zones above (docs/architecture.md).
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/app/*'], message: 'Only the app shell imports from app/.' }] },
      ],
    },
  },
  {
    files: ['src/client/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts', 'src/server/testing/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
