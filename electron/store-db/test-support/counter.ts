// A counter for the store database's tests: a real journal in a temp dir and, when asked, its
// replicator woken by the journal's appends exactly as the app wires them.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { type Journal, openJournal } from '../../journal';
import { makeTempDir, paidAndBilledIntent } from '../../journal/test-support';
import { newSigningKey } from '../batch-signature';
import { type Replicator, type ReplicatorOptions, startReplicator } from '../replicator';
import { enrollCounter } from './enroll';

export type TestCounter = {
  /** Its terminal id. */
  id: string;
  /** Its secret key (the app makes one at its first start). */
  signingKey: Buffer;
  journal: Journal;
  dir: string;
  cursorPath: string;
  replicator: Replicator | null;
  /**
   * Enrolls it in `store` (default the test store) with a code the database's owner makes,
   * through its own login `url`: a counter replicates and reads only once enrolled (0110).
   */
  enroll(url: string, store?: string): Promise<void>;
  startReplication(url: string, extra?: Partial<ReplicatorOptions>): Replicator;
  stopReplication(): Promise<void>;
  /** A paid-and-billed as the sale screen journals it, with its outcome. */
  sell(
    code: string,
    status?: 'succeeded' | 'refused' | 'unknown' | null,
    mode?: 'live' | 'training',
  ): Promise<string>;
  /** The journal's lines, exactly as in the file. */
  fileLines(): Promise<string[]>;
  close(): Promise<void>;
};

/** The test store and its training store, named as the app names it (training-store-id.ts). */
export const STORES = { live: 'store-1', training: 'training:store-1' } as const;

export async function openTestCounter(
  terminalId: string,
  clock: () => Date = () => new Date(),
): Promise<TestCounter> {
  const temp = await makeTempDir();
  const journal = await openJournal({ dir: temp.dir, clock });
  let unsubscribe: (() => void) | null = null;
  const enrolledIn = new Set<string>();
  const counter: TestCounter = {
    id: terminalId,
    signingKey: newSigningKey(),
    journal,
    dir: temp.dir,
    cursorPath: join(temp.dir, 'store-db-cursor.json'),
    replicator: null,
    async enroll(url, store = STORES.live) {
      // Once per database and store: enrolled, a counter stays so (as the app's does).
      const where = `${new URL(url).pathname}|${store}`;
      if (enrolledIn.has(where)) return;
      await enrollCounter(null, url, terminalId, counter.signingKey, store);
      enrolledIn.add(where);
    },
    startReplication(url, extra = {}) {
      const replicator = startReplicator({
        url,
        journalPath: journal.path,
        cursorPath: counter.cursorPath,
        terminalId,
        terminalName: `Caja ${terminalId.slice(-1)}`,
        appVersion: '0.1.0',
        stores: { ...STORES },
        timeZone: 'America/Lima',
        signingKey: counter.signingKey,
        openOperations: () => journal.unresolvedCount(),
        retry: { baseMs: 20, maxMs: 200 },
        timeouts: { connectTimeoutMs: 2_000, statementTimeoutMs: 5_000 },
        ...extra,
      });
      unsubscribe = journal.subscribe((entry) => replicator.wake(entry.seq));
      counter.replicator = replicator;
      return replicator;
    },
    async stopReplication() {
      unsubscribe?.();
      unsubscribe = null;
      await counter.replicator?.stop();
      counter.replicator = null;
    },
    async sell(code, status = 'succeeded', mode = 'live') {
      const opId = await journal.recordIntent(
        paidAndBilledIntent({
          mode,
          funding_code: code,
          request: {
            dni: '12345678',
            funding_code: code,
            billed_amount: 1500,
            cashier_id: 'caja-01',
          },
        }),
      );
      if (status === 'succeeded') await journal.recordOutcome(opId, { status, http_status: 200 });
      if (status === 'refused') {
        await journal.recordOutcome(opId, {
          status,
          http_status: 400,
          service_message: 'Funding is not active',
        });
      }
      if (status === 'unknown') {
        await journal.recordOutcome(opId, { status, error_category: 'timeout' });
      }
      return opId;
    },
    async fileLines() {
      return (await readFile(journal.path, 'utf8')).split('\n').filter(Boolean);
    },
    async close() {
      await counter.stopReplication();
      await journal.close();
      await temp.remove();
    },
  };
  return counter;
}

/** Every line the database holds for this terminal, in seq order. */
export async function databaseLines(
  url: string,
  terminalId: string,
): Promise<{ store: string; seq: number; line: string }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(
      'SELECT store, seq::int AS seq, line FROM journal_lines WHERE terminal_id = $1 ORDER BY seq',
      [terminalId],
    );
    return result.rows;
  } finally {
    await client.end();
  }
}
