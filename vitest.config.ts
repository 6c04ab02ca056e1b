import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = {
  '@': fileURLToPath(new URL('./src/client', import.meta.url)),
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
};

/** The test files under these folders whose names match. */
const testFiles = (folders: string[], name: RegExp) =>
  folders.flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => name.test(file))
      .map((file) => `${folder}/${file}`),
  );

/**
 * Test files share one module graph per worker (`isolate: false`): importing the server, React
 * and the components again for each file, and compiling the embedded database's WebAssembly
 * again for each, was most of what a short file cost (the component tests: 54 s alone, 22 s
 * shared). A file that replaces a module (`vi.mock`), starts the module graph again, or fakes
 * the clock that modules already loaded hold on to, would change what the files after it see:
 * those run isolated, found by what they contain, in a project of their own.
 */
const needsIsolation = (file: string) =>
  /\bvi\.(mock|doMock|resetModules|useFakeTimers)\(/.test(readFileSync(file, 'utf8'));

const serverTests = testFiles(['src/server', 'src/shared', 'scripts', 'tests/repo'], /\.test\.ts$/);
const clientTests = testFiles(['src/client'], /\.test\.tsx?$/);
const isolatedServerTests = serverTests.filter(needsIsolation);
const isolatedClientTests = clientTests.filter(needsIsolation);

const serverProject = {
  environment: 'node' as const,
  setupFiles: ['src/server/testing/setup.ts'],
  globalSetup: ['src/server/testing/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 180_000,
};

const clientProject = {
  environment: 'happy-dom' as const,
  setupFiles: ['src/client/test/setup.ts'],
};

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          ...serverProject,
          name: 'server',
          include: serverTests,
          exclude: isolatedServerTests,
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { ...serverProject, name: 'server-isolated', include: isolatedServerTests },
      },
      {
        resolve: { alias },
        test: {
          ...serverProject,
          // Whole-system suites: every operation swept, or real server processes started.
          name: 'system',
          include: ['tests/system/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          ...clientProject,
          name: 'client',
          include: clientTests,
          exclude: isolatedClientTests,
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { ...clientProject, name: 'client-isolated', include: isolatedClientTests },
      },
    ],
  },
});
