// The browser-mode host the kill-and-restart runs start and SIGKILL: the product's own
// startBrowserMode on a data dir, with a fast retry policy so a resumed paid-and-billed settles
// in milliseconds rather than the app's seconds. Prebundled by support/bundle-entry.ts and started with
// plain `node`. Prints `{"url":…}` once listening, like electron/web/cli.ts.
import { parseArgs } from 'node:util';
import { startBrowserMode } from '../../electron/web/browser-mode';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'renderer-dir': { type: 'string' },
    'retry-base-ms': { type: 'string', default: '20' },
  },
  strict: true,
});
const dataDir = values['data-dir'];
const rendererDir = values['renderer-dir'];
if (!dataDir || !rendererDir) {
  console.error('--data-dir and --renderer-dir are required');
  process.exit(2);
}
const baseMs = Number(values['retry-base-ms']);

const mode = await startBrowserMode({
  dataDir,
  port: 0,
  rendererDir,
  backend: {
    retry: { policy: { baseMs, maxMs: baseMs * 10 } },
    liveTimeoutMs: 5_000,
    // The till's integration API when the run sets MOSTRADOR_INTEGRATION_KEY (till-kill runs).
    integration: { envKey: process.env.MOSTRADOR_INTEGRATION_KEY, port: 0 },
  },
});
// The launch URL's one-time key is the one way a browser gets a session (the page at / has none;
// docs/decisions.md "The launch key works once").
const integrationUrl = mode.backend.integration.status().url;
process.stdout.write(
  `${JSON.stringify({ url: mode.launchUrl, ...(integrationUrl ? { integration_url: integrationUrl } : {}) })}\n`,
);
process.on('SIGTERM', () => {
  void mode.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
