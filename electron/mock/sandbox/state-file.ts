// `--state-file F`: the sandbox keeps its state across restarts. Every call made with the
// credentials that changed state (a 2xx answer to any method but GET on a known route, faults
// aside) is appended to F as one JSON line — when it happened, the method, the path, its body and
// its X-Unique-Token, never a credential — and on start the calls in F are replayed in order,
// each at its recorded instant, read a line at a time. The mock's ids are deterministic, so the
// replay rebuilds the same records with the same ids. F is never a symbolic link and stops
// growing at its limit (docs/sandbox.md, "One file to run").
import {
  closeSync,
  constants,
  createReadStream,
  fstatSync,
  lstatSync,
  openSync,
  writeSync,
} from 'node:fs';
import { createInterface } from 'node:readline';
import type { FastifyInstance } from 'fastify';
import { UNIQUE_TOKEN_HEADER } from '../../../shared/api/orders';
import type { MockCredentials } from '../credentials';

export type RecordedCall = {
  at: string;
  /** Whether the sandbox's clock was frozen then (a replay ends in the same mode). */
  frozen: boolean;
  method: string;
  url: string;
  body?: unknown;
  uniqueToken?: string;
};

export type StateFileOptions = { maxBytes?: number; warn?: (message: string) => void };

const NOT_RECORDED = /^\/__mock\/(faults|requests)(\?|$)/;

export const shouldRecord = (method: string, url: string): boolean =>
  method !== 'GET' && method !== 'HEAD' && !NOT_RECORDED.test(url);

/** The recorded calls, read a line at a time (a file of any size never becomes one string). */
export async function* readRecordedCalls(file: string): AsyncGenerator<RecordedCall> {
  let stream: ReturnType<typeof createReadStream>;
  try {
    refuseLink(file);
    const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    stream = createReadStream('', { fd });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for await (const line of createInterface({
    input: stream,
    crlfDelay: Number.POSITIVE_INFINITY,
  })) {
    if (line.trim() === '') continue;
    try {
      yield JSON.parse(line) as RecordedCall;
    } catch {
      // A torn last line (the process was killed while writing) is skipped.
    }
  }
}

export class StateFileError extends Error {}

function refuseLink(file: string): void {
  try {
    if (lstatSync(file).isSymbolicLink()) {
      throw new StateFileError(`--state-file ${file} is a symbolic link: refused`);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Where recorded calls go: a file opened once (never through a link), with its size kept. */
export type StateFileSink = {
  readonly path: string;
  readonly maxBytes: number;
  /** Whether a line of `bytes` more still fits. */
  room(bytes: number): boolean;
  /** Appends the call when it fits; false (and a warning, once) when it does not. */
  record(call: RecordedCall): boolean;
  /** What the caller is told when a call that would be recorded is refused (logged once). */
  fullMessage(): string;
  close(): void;
};

/** 64 MiB: tens of thousands of sales; the replay of a full file takes about a minute. */
export const DEFAULT_STATE_FILE_MAX_BYTES = 64 * 1024 * 1024;

export function openStateFileSink(file: string, options: StateFileOptions = {}): StateFileSink {
  const maxBytes = options.maxBytes ?? DEFAULT_STATE_FILE_MAX_BYTES;
  const warn = options.warn ?? ((text: string) => process.stderr.write(`${text}\n`));
  refuseLink(file);
  const fd = openSync(
    file,
    constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW,
    0o600,
  );
  let size = fstatSync(fd).size;
  let warned = false;
  const fullMessage = () => {
    const text =
      `The sandbox's state file ${file} reached its limit of ${maxBytes} bytes: calls that ` +
      'change state are refused (507) until it is moved or deleted (docs/sandbox.md)';
    if (!warned) warn(text);
    warned = true;
    return text;
  };
  return {
    path: file,
    maxBytes,
    room: (bytes) => size + bytes <= maxBytes,
    record(call) {
      const line = Buffer.from(`${JSON.stringify(call)}\n`, 'utf8');
      if (size + line.length > maxBytes) {
        fullMessage();
        return false;
      }
      writeSync(fd, line);
      size += line.length;
      return true;
    },
    fullMessage,
    close: () => closeSync(fd),
  };
}

/** The size a call's line will have, give or take the clock's digits: checked before it runs. */
export function recordedSize(call: Omit<RecordedCall, 'at' | 'frozen'>): number {
  return (
    Buffer.byteLength(
      JSON.stringify({ at: '2026-01-01T00:00:00.000Z', frozen: false, ...call }),
      'utf8',
    ) + 1
  );
}

export type Replayable = FastifyInstance & {
  mockContext: {
    credentials: MockCredentials;
    clock: import('../clock').Clock;
    stateFile?: StateFileSink;
  };
};

/** Replays the recorded calls with the current credentials; returns how many were replayed. */
export async function replayRecordedCalls(
  app: Replayable,
  calls: AsyncIterable<RecordedCall> | Iterable<RecordedCall>,
): Promise<number> {
  const { credentials, clock } = app.mockContext;
  const startedFrozen = clock.frozen();
  let count = 0;
  let last: RecordedCall | undefined;
  for await (const call of calls) {
    count += 1;
    last = call;
    clock.set(new Date(call.at));
    await app.inject({
      method: call.method as 'POST',
      url: call.url,
      headers: {
        authorization: `Bearer ${credentials.token}`,
        client_id: credentials.clientId,
        secret_token: credentials.secretToken,
        ...(call.uniqueToken ? { [UNIQUE_TOKEN_HEADER]: call.uniqueToken } : {}),
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
    });
  }
  if (last && !last.frozen && !startedFrozen) clock.release();
  return count;
}

/**
 * `--state-file F` on a listening sandbox: replays F, then records into it. Refuses a symbolic
 * link (StateFileError) before reading or writing anything.
 */
export async function attachStateFile(
  app: Replayable,
  file: string,
  options: StateFileOptions = {},
): Promise<number> {
  const sink = openStateFileSink(file, options);
  // Recorded only after the replay, so the file never holds a call twice.
  const replayed = await replayRecordedCalls(app, readRecordedCalls(file));
  app.mockContext.stateFile = sink;
  if (!sink.room(1)) sink.fullMessage();
  return replayed;
}
