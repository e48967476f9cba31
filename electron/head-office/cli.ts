// `npm run head-office -- --url <head-office login url> [--port N]` (docs/head-office.md): the
// head-office page on 127.0.0.1, read with the read-only head-office login. Prints one JSON line
// `{"url":…}` with the one-time launch link once listening; SIGINT/SIGTERM close it. The URL may
// come from MOSTRADOR_HEAD_OFFICE_URL instead of --url, so its password is not in the process
// list. A login that is not head office's, or that can write, is refused before it listens.
import '../runtime/memory-mode';
import { parseCliOrExit } from '../cli/parse-cli';
import { createLineLogger } from '../log/logger';
import { parseStoreDbUrl } from '../store-db/connection';
import { HeadOfficeRefused, REFUSAL_TEXT, startHeadOfficeServer } from './head-office-server';

const USAGE = `usage: npm run head-office -- --url postgres://oficina:password@host:5432/db [--port N]
Head office's page (every store's close, exceptions first) on 127.0.0.1, read with the login
npm run store-db -- add-login --head-office makes. Prints one JSON line {"url":…}: open that link
once (docs/head-office.md).
  --url URL             the head-office login's URL (or MOSTRADOR_HEAD_OFFICE_URL)
  --port N              port to listen on (default 0: a free one)
  --renderer-dir DIR    the built renderer (default dist/renderer)
  -h, --help            this text`;

const { values } = parseCliOrExit({
  name: 'head-office',
  usage: USAGE,
  options: {
    url: { type: 'string' },
    port: { type: 'string', default: '0' },
    'renderer-dir': { type: 'string' },
  },
});

const fail = (code: number, text: string): never => {
  process.stderr.write(`head-office: ${text}\n`);
  process.exit(code);
};

const url = values.url ?? process.env.MOSTRADOR_HEAD_OFFICE_URL;
if (!url) fail(2, '--url (or MOSTRADOR_HEAD_OFFICE_URL) is the head-office login’s URL');
const checked = parseStoreDbUrl(url ?? '');
// The category only: the URL holds a password, which is never echoed.
if (!checked.ok) fail(2, `the URL cannot be used (${checked.category}; docs/store-database.md)`);
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  fail(2, `--port must be a port number, got ${values.port}`);
}

const logger = createLineLogger((line) => process.stderr.write(`${line}\n`));
logger.protect(new URL(url ?? '').password);
logger.protect(decodeURIComponent(new URL(url ?? '').password));

let server: Awaited<ReturnType<typeof startHeadOfficeServer>>;
try {
  server = await startHeadOfficeServer({
    url: url ?? '',
    port,
    logger,
    ...(values['renderer-dir'] ? { rendererDir: values['renderer-dir'] } : {}),
  });
} catch (error) {
  if (error instanceof HeadOfficeRefused) fail(2, REFUSAL_TEXT[error.reason]);
  logger.error('head office could not start', { error });
  fail(1, 'could not start (the line above says why)');
  throw error;
}
if (server.unavailable) {
  logger.warn('the store database did not answer at start: the page will say so', {
    category: server.unavailable.category,
  });
}
logger.info('head office listening', { url: server.url });
process.stdout.write(`${JSON.stringify({ url: server.launchUrl })}\n`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info('head office stopping', { signal });
  try {
    await server.close();
    process.exit(0);
  } catch (error) {
    logger.error('head office did not stop cleanly', { error });
    process.exit(1);
  }
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
