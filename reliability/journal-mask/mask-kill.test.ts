// The journal's masking killed at its worst moments (docs/personal-data.md "A counter keeps
// less", docs/decisions.md "Masking the journal in place"): a real process (mask-entry.ts,
// bundled) masks a journal of 300 sales while it keeps selling, and is SIGKILLed in the middle of
// its writes, after them, between the operations' other lines and their intents, and before the
// last fsync. Each time the journal must reopen with nothing lost: every line whole, every seq,
// every sale answered and with its amounts, every line where the replication cursor expects it,
// every sale acknowledged before the kill; and a new run finishes the masking.
import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openJournal } from '../../electron/journal';
import type { MaskPoint } from '../../electron/journal/mask-in-place';
import { type Bundle, bundleEntry, ROOT } from '../support/bundle-entry';

const SALES = 300;
let entry: Bundle;
let root: string;
let filled: string;

type Child = { lines: string[]; at: Promise<string>; exited: Promise<number | null>; kill(): void };

function start(args: string[], env: Record<string, string> = {}): Child {
  const child = spawn(process.execPath, [entry.entry, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const at = new Promise<string>((resolve, reject) => {
    const reader = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    reader.on('line', (line) => {
      lines.push(line);
      if (line.startsWith('AT ') || line === 'DONE' || line.startsWith('MASKED ')) resolve(line);
    });
    void exited.then((code) => reject(new Error(`exited ${code} first: ${stderr}`)));
  });
  return { lines, at, exited, kill: () => child.kill('SIGKILL') };
}

/** Each line's offset and seq, as the replication's cursor finds them. */
async function offsets(path: string): Promise<Map<number, number>> {
  const text = await readFile(path);
  const map = new Map<number, number>();
  let from = 0;
  for (let nl = text.indexOf(10); nl !== -1; nl = text.indexOf(10, from)) {
    map.set(from, JSON.parse(text.subarray(from, nl).toString('utf8')).seq);
    from = nl + 1;
  }
  return map;
}

beforeAll(async () => {
  entry = await bundleEntry('reliability/journal-mask/mask-entry.ts');
  root = await mkdtemp(join(tmpdir(), 'mostrador-mask-kill-'));
  filled = join(root, 'filled');
  const fill = start(['fill', filled, String(SALES)]);
  expect(await fill.at).toBe('DONE');
  await fill.exited;
}, 120_000);

afterAll(async () => {
  await entry?.remove();
  if (root) await rm(root, { recursive: true, force: true });
});

const KILLS: { point: MaskPoint; after?: number; what: string }[] = [
  { point: 'line-written', after: 1, what: 'after its first line is rewritten' },
  { point: 'line-written', after: 300, what: 'half way through the other lines' },
  { point: 'lines-written', what: 'with the other lines written, not synced' },
  { point: 'lines-synced', what: 'between the other lines and the intents' },
  { point: 'line-written', after: 600, what: 'half way through the intents' },
  { point: 'intents-written', what: 'with every line written, before the last fsync' },
];

describe('masking the journal, killed at its worst moments', () => {
  it.each(KILLS)('SIGKILL $what: nothing lost, and the next run finishes', async (kill) => {
    const dir = join(root, `${kill.point}-${kill.after ?? 0}`);
    await cp(filled, dir, { recursive: true });
    const path = join(dir, 'journal.jsonl');
    const cursor = await offsets(path);

    const child = start(['mask', dir, String(SALES)], {
      MASK_KILL_AT: kill.point,
      MASK_KILL_AFTER: String(kill.after ?? 1),
    });
    expect(await child.at).toBe(`AT ${kill.point}`);
    child.kill();
    await child.exited;
    const acknowledged = child.lines
      .filter((l) => l.startsWith('APPENDED '))
      .map((l) => l.slice('APPENDED '.length));

    const journal = await openJournal({ dir, clock: () => new Date('2026-03-11T15:00:00Z') });
    try {
      // Every line whole and an entry: nothing skipped, nothing out of its operation.
      expect(journal.recovered.skippedLines).toBe(0);
      expect(journal.recovered.inconsistentEntries).toBe(0);
      expect(journal.recovered.shortened ?? null).toBeNull();
      // Every line where it was: the cursor's offsets still start the same seqs.
      const now = await offsets(path);
      for (const [offset, seq] of cursor) expect(now.get(offset), `offset ${offset}`).toBe(seq);
      const seqs = [...now.values()];
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      // Every sale: answered, with its amount, and the ones sold during the run too (a sale the
      // kill caught between its intent and its outcome is pending, as after any kill).
      const ops = await journal.operations({ day: '2026-03-10', timeZone: 'America/Lima' });
      const billings = ops.filter((o) => o.operation === 'v3.paidAndBilled');
      expect(billings.length).toBeGreaterThanOrEqual(SALES + acknowledged.length);
      const answered = new Set([...billings.slice(0, SALES).map((b) => b.op_id), ...acknowledged]);
      for (const b of billings) {
        expect(b.intent.to_collect_cents).toBe(37_500);
        // One the kill caught is pending, or answered if its outcome was written before it.
        if (answered.has(b.op_id)) expect(b.status, b.op_id).toBe('succeeded');
        else expect(['pending', 'succeeded'], b.op_id).toContain(b.status);
      }
      for (const id of acknowledged) expect(billings.some((b) => b.op_id === id)).toBe(true);

      // The next run finishes what the killed one began: no DNI of an answered sale left (one in
      // doubt keeps its customer's: the cashier needs it).
      await journal.maskIdentities(() => true);
      const kept = new Set(
        ops.filter((o) => o.status === 'pending').map((o) => o.intent.identity?.value),
      );
      const text = await readFile(path, 'utf8');
      const left = (text.match(/"41\d{6}"/g) ?? []).filter((v) => !kept.has(JSON.parse(v)));
      expect(left).toEqual([]);
      expect((await journal.maskIdentities(() => true)).lines).toBe(0);
    } finally {
      await journal.close();
    }
  });
});
