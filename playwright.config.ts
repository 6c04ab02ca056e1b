import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/dev/ensure-chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4310);
/** The second server, in production mode (DEMO_MODE=false), for `*.prod.spec.ts`. */
const prodPort = Number(process.env.E2E_PROD_PORT ?? port + 1);
export const E2E_SETUP_KEY = 'e2e-setup-confirmation-key-0123456789';

const server = (listen: number, env: Record<string, string>) => ({
  command: 'node scripts/dev/e2e-server.mjs',
  url: `http://127.0.0.1:${listen}/api/health`,
  timeout: 180_000,
  reuseExistingServer: false,
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
  env: { PORT: String(listen), SETUP_CONFIRMATION_KEY: E2E_SETUP_KEY, ...env },
});

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // No retries: a test that fails once in three runs is a bug to fix, not to hide.
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Sized for a 2-vCPU VM shared by two workers, two servers and Chromium: on a slow one the
  // longest keyboard flows took 35-37 s and a first page of the console over 7 s to show.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace for every test costs a tenth of the run: rerun a failing one
    // with `--trace on` to get it. The error, its page snapshot and a screenshot come anyway.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      // This machine has no network beyond the registries: keep Chromium from calling home.
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-sandbox',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /\.prod\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      // Real accounts and sessions: the setup panel's administrators sign in.
      name: 'production',
      testMatch: /\.prod\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        baseURL: `http://127.0.0.1:${prodPort}`,
      },
    },
  ],
  // Started one after the other: the first builds when the sources changed, the second reuses it.
  webServer: [
    server(port, { DEMO_MODE: 'true' }),
    server(prodPort, { DEMO_MODE: 'false', ALLOW_SIGNUP: 'true' }),
  ],
});
