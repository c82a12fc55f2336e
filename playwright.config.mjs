// Browser tests of Tavolo: Playwright driving Debian's Chromium (no browser download here),
// against bin/tavolo started on a fresh data folder. `make test-browser` builds it first.
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.TAVOLO_TEST_PORT || 8765);
const BASE = `http://127.0.0.1:${PORT}`;
const BIN = process.env.TAVOLO_BIN || 'bin/tavolo'; // another build, to try one without make

export default defineConfig({
  testDir: 'pwa/browser',
  testMatch: '**/*.spec.mjs',
  workers: 2, // the CI machine has two cores
  retries: 0,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: 'list',
  use: {
    baseURL: BASE,
    browserName: 'chromium',
    headless: true,
    // No lang hint from the browser: every test picks its language explicitly.
    locale: 'en-GB',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      // Without the background-networking flags Chromium's own connections are refused on
      // this closed network and slow every start.
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
  // Wall-clock measurements (tagged @alone) run after every other test, by themselves: beside
  // another worker's browser, a frame on this two-core machine measures the machine.
  projects: [
    { name: 'all', grepInvert: /@alone/ },
    { name: 'alone', grep: /@alone/, dependencies: ['all'] },
  ],
  webServer: {
    // A fresh data folder for every run: no state leaks between runs.
    command: `sh -c 'd=$(mktemp -d) && exec ${BIN} --addr 127.0.0.1:${PORT} --data "$d"'`,
    url: `${BASE}/healthz`,
    // A phone whose page has been closed this long is away (30 s in production): short,
    // so that a test can see it. Every test's tables come from 127.0.0.1: no limit on them,
    // nor on their join codes' look-ups (two workers' phones join faster than a club), nor on
    // actions, which some tests send at a machine's speed to reach a screen (the budgets'
    // own tests start servers of their own).
    env: {
      TAVOLO_AWAY_AFTER: '2s',
      TAVOLO_NEW_TABLES_PER_HOUR: '1000000',
      TAVOLO_NEW_TABLES_PER_HOUR_PER_ADDRESS: '1000000',
      TAVOLO_ACTIONS_PER_MINUTE_PER_DEVICE: '0',
      TAVOLO_ACTIONS_PER_MINUTE_PER_ADDRESS: '0',
      TAVOLO_HARD_MOVES_PER_MINUTE_PER_DEVICE: '0',
      TAVOLO_HARD_MOVES_PER_MINUTE_PER_ADDRESS: '0',
      TAVOLO_JOIN_LOOKUPS_PER_MINUTE_PER_ADDRESS: '0',
    },
    reuseExistingServer: false, // never test a stale binary left running
    timeout: 20_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
