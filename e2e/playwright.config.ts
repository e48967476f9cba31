// e2e: the renderer in Debian's Chromium, through browser mode (electron/web/): the real
// handlers, service client, journal and mock behind the loopback bridge. Needs dist/renderer
// (`npm run build:renderer`).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: /.*\.spec\.ts$/,
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: '../test-results',
  use: {
    headless: true,
    locale: 'es-PE',
    timezoneId: 'America/Lima',
    viewport: { width: 1366, height: 900 },
    acceptDownloads: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
