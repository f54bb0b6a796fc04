import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig, devices } from '@playwright/test'

const port = Number(process.env.E2E_PORT ?? 4310)
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'orchestrator-e2e-'))
export const baseURL = `http://localhost:${port}`

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'tests/.artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    // Recording a trace of every test costs about a fifth of the run's time on two cores: CI records
    // one only for a retry (a test that failed once), a local run keeps the trace of each failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // The same server `npm start` runs, on its own port and a fresh data directory.
    command: 'npx tsx server/main.ts',
    url: `${baseURL}/api/sandbox/configs`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Every test signs in from 127.0.0.1, and the 401 tests send dead tokens on purpose: the per-address
    // limit of failed sign-ins (server/throttle.ts, tested in server/test/throttle.test.ts) is raised so
    // one test's dead tokens cannot make another wait.
    env: { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseURL, SIGN_IN_LIMIT_PER_ADDRESS: '300' },
    stdout: 'pipe',
  },
})
