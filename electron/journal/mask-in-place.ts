// Masking operations' customers in the journal file itself (docs/personal-data.md "A counter
// keeps less", docs/decisions.md "Masking the journal in place"). Every line keeps its length
// (mask-line.ts), so the file is rewritten where it stands: no copy, no rename, no new handle for
// the journal or for the replication reading beside it, and appends at the end go on meanwhile
// (these writes touch only lines already written and synced). Each line is one positioned write
// of its own length: a process killed between two writes leaves whole lines, some masked and
// some not, each still the same entry; a power cut inside one write leaves some characters of an
// identity masked and some not, still the same entry. An operation's intent is written last, after
// the other lines are on disk, and the index takes an operation as masked by its intent: a run cut
// short is finished by the next one.
import { type FileHandle, open } from 'node:fs/promises';
import { maskLine } from './mask-line';
import type { OperationIndex, OperationSummary } from './operation-index';

const CHUNK = 1 << 20;
const NEWLINE = 0x0a;
const OP_IDS = /"op_id":"([0-9a-fA-F-]{36})"/g;

/** Where a run may be stopped in the tests (a kill at the worst moment: reliability/). */
export type MaskPoint =
  | 'line-written' // one more line written (each write, before the next)
  | 'lines-written' // the operations' other lines written, not yet synced
  | 'lines-synced' // …synced; their intents not yet written
  | 'intents-written'; // the intents written, not yet synced

export type MaskReport = {
  /** Operations whose lines were masked. */
  operations: number;
  /** Lines rewritten. */
  lines: number;
  /** Lines of those operations left as they were: not an entry that can be masked safely. */
  left: number;
};

export type MaskRun = {
  path: string;
  index: OperationIndex;
  /** The operations to mask (each maskable: the index says so). */
  targets: readonly OperationSummary[];
  /** The end of the last whole, synced line: nothing after it is touched. */
  end: number;
  /** Told of each line rewritten, so a copy kept in memory follows. */
  onRewritten(offset: number, text: string): void;
  at?: (point: MaskPoint) => Promise<void> | void;
};

type Pending = { offset: number; bytes: Buffer };

/** Rewrites the targets' lines with their identities masked; marks them masked in the index. */
export async function maskInPlace(run: MaskRun): Promise<MaskReport> {
  const wanted = new Map(run.targets.map((s) => [s.opId, s]));
  const report: MaskReport = { operations: 0, lines: 0, left: 0 };
  if (wanted.size === 0) return report;
  const start = Math.min(...run.targets.map((s) => s.intentRef.offset));
  const handle: FileHandle = await open(run.path, 'r+');
  try {
    const others: Pending[] = [];
    const intents: Pending[] = [];
    await scan(handle, start, run.end, (offset, line) => {
      // A cheap look first: only a line naming a wanted operation is parsed.
      const named = [...line.toString('latin1').matchAll(OP_IDS)].some((m) =>
        wanted.has((m[1] ?? '').toLowerCase()),
      );
      if (!named) return;
      const masked = maskLine(line);
      if (masked.kind === 'left') report.left += 1;
      if (masked.kind !== 'masked') return;
      const summary = masked.opId ? wanted.get(masked.opId) : undefined;
      if (!summary) return;
      (offset === summary.intentRef.offset ? intents : others).push({
        offset,
        bytes: masked.bytes,
      });
    });
    await writeAll(handle, others, run);
    await run.at?.('lines-written');
    await handle.sync();
    await run.at?.('lines-synced');
    await writeAll(handle, intents, run);
    await run.at?.('intents-written');
    await handle.sync();
    report.lines = others.length + intents.length;
    for (const summary of wanted.values()) summary.identity = 'masked';
    report.operations = wanted.size;
    return report;
  } finally {
    await handle.close();
  }
}

async function writeAll(handle: FileHandle, lines: readonly Pending[], run: MaskRun) {
  for (const line of lines) {
    let done = 0;
    while (done < line.bytes.length) {
      const { bytesWritten } = await handle.write(
        line.bytes,
        done,
        line.bytes.length - done,
        line.offset + done,
      );
      done += bytesWritten;
    }
    run.onRewritten(line.offset, line.bytes.toString('utf8'));
    await run.at?.('line-written');
  }
}

/** Calls `onLine` for every newline-ended line between `from` (a line start) and `end`. */
async function scan(
  handle: FileHandle,
  from: number,
  end: number,
  onLine: (offset: number, line: Buffer) => void,
): Promise<void> {
  const chunk = Buffer.allocUnsafe(CHUNK);
  let pending: Buffer[] = [];
  let lineStart = from;
  let position = from;
  while (position < end) {
    const { bytesRead } = await handle.read(chunk, 0, Math.min(CHUNK, end - position), position);
    if (bytesRead === 0) break;
    const view = chunk.subarray(0, bytesRead);
    let start = 0;
    for (let i = view.indexOf(NEWLINE); i !== -1; i = view.indexOf(NEWLINE, i + 1)) {
      const piece = view.subarray(start, i);
      const line = pending.length ? Buffer.concat([...pending, piece]) : Buffer.from(piece);
      onLine(lineStart, line);
      pending = [];
      start = i + 1;
      lineStart = position + start;
    }
    if (start < bytesRead) pending.push(Buffer.from(view.subarray(start)));
    position += bytesRead;
  }
}
