// `npm run web -- --port N [--data-dir DIR]`: browser mode. Serves the built renderer and the
// bridge on 127.0.0.1, backed by the same handlers as the Electron shell, the plain token file
// (0600) and the journal in the data dir. Prints one JSON line `{"url":…}` once listening, with
// `integration_url` when the till's integration API is on (MOSTRADOR_INTEGRATION_KEY or Settings).
// First: it sets how V8 grows the heap before anything else allocates.
import '../runtime/memory-mode';
import { parseCliOrExit } from '../cli/parse-cli';
import { startBrowserModeOrAttention } from './browser-mode';
import { resolveDataDir } from './data-dir';

const USAGE = `usage: npm run web -- [--port N] [--data-dir DIR] [--renderer-dir DIR] [--integration-port N]
Browser mode: serves the built renderer and the bridge on 127.0.0.1 and prints one JSON line
{"url":…} with the link to open (it works once; docs/decisions.md "The launch key works once").
  --port N              port to listen on (default 0: a free one)
  --data-dir DIR        where the journal, settings, token and log live
  --renderer-dir DIR    the built renderer (default dist/renderer)
  --integration-port N  the till's integration API port, when it is on
  -h, --help            this text
Environment: MOSTRADOR_INTEGRATION_KEY, MOSTRADOR_STORE_DB_URL.`;

const { values } = parseCliOrExit({
  name: 'web',
  usage: USAGE,
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
    'renderer-dir': { type: 'string' },
    'integration-port': { type: 'string' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`);
  process.exit(2);
}

const integrationPort =
  values['integration-port'] === undefined ? undefined : Number(values['integration-port']);
if (
  integrationPort !== undefined &&
  (!Number.isInteger(integrationPort) || integrationPort < 0 || integrationPort > 65535)
) {
  console.error(`--integration-port must be a port number, got ${values['integration-port']}`);
  process.exit(2);
}

// A data folder it cannot write still serves the page: the screen for the technician (issue 19).
const mode = await startBrowserModeOrAttention({
  dataDir: resolveDataDir(values['data-dir']),
  port,
  ...(values['renderer-dir'] ? { rendererDir: values['renderer-dir'] } : {}),
  backend: {
    integration: { envKey: process.env.MOSTRADOR_INTEGRATION_KEY, port: integrationPort },
    storeDb: { envUrl: process.env.MOSTRADOR_STORE_DB_URL },
  },
});
// The launch URL's one-time key is the one way a browser gets a session (the page at / has none;
// docs/decisions.md "The launch key works once").
const integrationUrl = mode.backend?.integration.status().url;
process.stdout.write(
  `${JSON.stringify({ url: mode.launchUrl, ...(integrationUrl ? { integration_url: integrationUrl } : {}) })}\n`,
);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  mode.backend?.logger.info('browser mode stopping', { signal });
  try {
    // Retry loops stop and the journal is closed: what was unresolved resumes at the next start.
    await mode.close();
    process.exit(0);
  } catch (error) {
    mode.backend?.logger.error('browser mode did not stop cleanly', { error });
    process.exit(1);
  }
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
