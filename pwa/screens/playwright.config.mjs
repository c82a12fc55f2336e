// The screens as a sighted player sees them: `make screens` takes screenshots of every
// game's screens at 320×568 and 390×844, light and dark, into screens/ (not committed),
// against the same server as the browser tests. Not a test: nothing here can fail a build.
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.mjs';

export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: 'screens.mjs',
  workers: 1,
  projects: [{ name: 'screens' }],
  webServer: { ...base.webServer, cwd: new URL('../..', import.meta.url).pathname },
});
