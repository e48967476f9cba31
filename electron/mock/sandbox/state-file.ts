// `--state-file F`: the sandbox keeps its state across restarts. Every call that can change state
// (any method but GET, faults aside) is appended to F as one JSON line — when it happened, the
// method, the path, its body and its X-Unique-Token, never a credential — and on start the calls
// in F are replayed in order, each at its recorded instant. The mock's ids are deterministic, so
// the replay rebuilds the same records with the same ids. docs/sandbox.md.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
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

const NOT_RECORDED = /^\/__mock\/(faults|requests)(\?|$)/;

export const shouldRecord = (method: string, url: string): boolean =>
  method !== 'GET' && method !== 'HEAD' && !NOT_RECORDED.test(url);

export function readRecordedCalls(file: string): RecordedCall[] {
  if (!existsSync(file)) return [];
  const calls: RecordedCall[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      calls.push(JSON.parse(line) as RecordedCall);
    } catch {
      // A torn last line (the process was killed while writing) is skipped.
    }
  }
  return calls;
}

export function appendRecordedCall(file: string, call: RecordedCall): void {
  appendFileSync(file, `${JSON.stringify(call)}\n`, { mode: 0o600 });
}

export type Replayable = FastifyInstance & {
  mockContext: { credentials: MockCredentials; clock: import('../clock').Clock };
};

/** Replays the recorded calls with the current credentials; returns how many were replayed. */
export async function replayRecordedCalls(app: Replayable, calls: RecordedCall[]): Promise<number> {
  const { credentials, clock } = app.mockContext;
  const startedFrozen = clock.frozen();
  for (const call of calls) {
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
  const last = calls.at(-1);
  if (last && !last.frozen && !startedFrozen) clock.release();
  return calls.length;
}
