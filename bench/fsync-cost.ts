// What durability costs on this disk: one journal-sized line appended with and without fsync,
// the fsync alone (what an operation's overhead goal allows twice, issue 14), and the journal's
// own intent + outcome pair (two fsynced appends), in the data dir's folder.
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { openJournal } from '../electron/journal/journal';
import { median, now, round } from './stats';

export async function measureFsync(dir: string, rounds: number) {
  const line = Buffer.from(`${JSON.stringify({ pad: 'x'.repeat(480) })}\n`);
  const file = join(dir, 'bench-fsync.bin');
  const handle = await open(file, 'a+', 0o600);
  const synced: number[] = [];
  const unsynced: number[] = [];
  const fsyncAlone: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      let started = now();
      await handle.write(line);
      unsynced.push(now() - started);
      started = now();
      await handle.write(line);
      const written = now();
      await handle.sync();
      synced.push(now() - started);
      fsyncAlone.push(now() - written);
    }
  } finally {
    await handle.close();
    await rm(file, { force: true });
  }

  const journalDir = join(dir, 'bench-journal');
  const journal = await openJournal({ dir: journalDir, clock: () => new Date() });
  const pairs: number[] = [];
  try {
    for (let i = 0; i < rounds; i++) {
      const started = now();
      const opId = await journal.recordIntent({
        operation: 'v3.verify',
        mode: 'live',
        cashier_id: 'CAJA-01',
        identity: { kind: 'dni', value: '41000001' },
        funding_code: 'ABC123',
        billed_cents: 120_000,
        request: {
          dni: '41000001',
          funding_code: 'ABC123',
          billed_amount: 1200,
          cashier_id: 'CAJA-01',
        },
      });
      await journal.recordOutcome(opId, { status: 'succeeded', http_status: 200 });
      pairs.push(now() - started);
    }
  } finally {
    await journal.close();
    await rm(journalDir, { recursive: true, force: true });
  }
  return {
    rounds,
    append_no_fsync_ms: round(median(unsynced)),
    append_with_fsync_ms: round(median(synced)),
    /** The fsync of a just-written line, alone: the durability an operation cannot avoid. */
    fsync_ms: round(median(fsyncAlone)),
    journal_intent_plus_outcome_ms: round(median(pairs)),
  };
}
