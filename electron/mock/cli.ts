// `npm run mock -- --port 4010 [--host 127.0.0.1] [--token …] [--client-id …] [--secret-token …]
// [--now ISO] [--log] [--state-file F [--state-file-max-bytes N]]`
// Serves the mock backend and prints one JSON line with how to reach it.
// First: it sets how V8 grows the heap before anything else allocates.
import '../runtime/memory-mode';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { parseCliOrExit } from '../cli/parse-cli';
import { createMockApp, MOCK_DEFAULTS } from './app';
import { formatLogLine } from './sandbox/request-log';
import {
  attachStateFile,
  DEFAULT_STATE_FILE_MAX_BYTES,
  StateFileError,
} from './sandbox/state-file';

const USAGE = `usage: npm run mock -- [--port 4010] [--host 127.0.0.1] [--token T] [--client-id ID]
         [--secret-token S] [--now ISO] [--log] [--state-file F [--state-file-max-bytes N]]
Serves the mock financing service and prints one JSON line saying how to reach it.
  --port N                  port to listen on (0: a free one; default 4010)
  --host H                  address to listen on (default 127.0.0.1)
  --token T                 the bearer token it accepts (default ${MOCK_DEFAULTS.token})
  --client-id ID            the store's client id (default ${MOCK_DEFAULTS.clientId})
  --secret-token S          the connector's secret token (default ${MOCK_DEFAULTS.secretToken})
  --now ISO                 the mock's clock starts at this instant
  --log                     one line per request on stderr
  --state-file F            keeps what changed state in F and replays it at the next start
  --state-file-max-bytes N  the state file's limit (default ${DEFAULT_STATE_FILE_MAX_BYTES})
  -h, --help                this text`;

const { values } = parseCliOrExit({
  name: 'mock',
  usage: USAGE,
  options: {
    port: { type: 'string', default: '4010' },
    host: { type: 'string', default: '127.0.0.1' },
    token: { type: 'string', default: MOCK_DEFAULTS.token },
    'client-id': { type: 'string', default: MOCK_DEFAULTS.clientId },
    'secret-token': { type: 'string', default: MOCK_DEFAULTS.secretToken },
    now: { type: 'string' },
    log: { type: 'boolean', default: false },
    'state-file': { type: 'string' },
    'state-file-max-bytes': { type: 'string', default: String(DEFAULT_STATE_FILE_MAX_BYTES) },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`);
  process.exit(2);
}
const stateFileMaxBytes = Number(values['state-file-max-bytes']);
if (!Number.isSafeInteger(stateFileMaxBytes) || stateFileMaxBytes < 1) {
  console.error(
    `--state-file-max-bytes must be a number of bytes, got ${values['state-file-max-bytes']}`,
  );
  process.exit(2);
}
const hostForUrl = values.host.includes(':') ? `[${values.host}]` : values.host;

const app = await createMockApp({
  token: values.token,
  clientId: values['client-id'],
  secretToken: values['secret-token'],
  now: values.now,
  // One line per request on stderr (stdout carries only the JSON line above, for scripts).
  ...(values.log
    ? { onRequestLogged: (entry) => process.stderr.write(`${formatLogLine(entry)}\n`) }
    : {}),
  baseUrl: `http://${hostForUrl}:${port}`,
});
const stateFile = values['state-file'];
// The replay runs once the port is known: links it rebuilds (redirect_to, magic links) carry the
// port served now, which with `--port 0` is not the recorded one (docs/sandbox.md).
const release = stateFile ? holdRequests(app.server) : () => {};
await app.listen({ port, host: values.host });
const address = app.server.address();
const actualPort = typeof address === 'object' && address ? address.port : port;
const baseUrl = `http://${hostForUrl}:${actualPort}`;
app.mockContext.baseUrl = baseUrl;
if (stateFile) {
  try {
    await attachStateFile(app, stateFile, { maxBytes: stateFileMaxBytes });
  } catch (error) {
    console.error(error instanceof StateFileError ? error.message : error);
    await app.close();
    process.exit(2);
  }
}
release();
console.log(
  JSON.stringify({
    base_url: baseUrl,
    token: values.token,
    client_id: values['client-id'],
    secret_token: values['secret-token'],
    webhook_secret: app.mockContext.webhookSecret,
  }),
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * Requests that reach the socket before `release()` wait, unread, and are then handed to the app
 * in arrival order: they see the replayed state and are recorded after the replayed calls.
 */
function holdRequests(server: Server): () => void {
  const handlers = server.listeners('request') as RequestListener[];
  const held: [IncomingMessage, ServerResponse][] = [];
  const hold: RequestListener = (request, response) => held.push([request, response]);
  server.removeAllListeners('request');
  server.on('request', hold);
  return () => {
    server.off('request', hold);
    for (const handler of handlers) server.on('request', handler);
    for (const [request, response] of held) {
      for (const handler of handlers) handler.call(server, request, response);
    }
  };
}
