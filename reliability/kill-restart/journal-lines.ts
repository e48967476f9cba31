// The journal file read the plain way, as a supervisor's tool would: complete lines parsed, the
// unterminated tail (a write cut by the kill) set apart. Used to compare the file across kills.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export type JournalLine = { type: string; op_id: string; operation?: string; status?: string };

export type JournalSnapshot = {
  bytes: Buffer;
  lines: JournalLine[];
  /** Bytes after the last newline: a line whose write did not finish. */
  tornTail: string;
};

export const journalPath = (dataDir: string) => join(dataDir, 'journal.jsonl');

/** The whole file's bytes; `lines` are those from byte `from` on (one run's share of a lane). */
export async function readJournal(dataDir: string, from = 0): Promise<JournalSnapshot> {
  let bytes: Buffer;
  try {
    bytes = await readFile(journalPath(dataDir));
  } catch {
    bytes = Buffer.alloc(0);
  }
  const text = bytes.subarray(from).toString('utf8');
  const end = text.lastIndexOf('\n') + 1;
  const lines: JournalLine[] = [];
  for (const line of text.slice(0, end).split('\n')) {
    if (line.trim() === '') continue;
    try {
      lines.push(JSON.parse(line) as JournalLine);
    } catch {
      // A damaged line in the middle: the journal skips and reports it; so does this reader.
    }
  }
  return { bytes, lines, tornTail: text.slice(end) };
}

/** The intents of the snapshot: every operation the app had begun before it died. */
export const intentsOf = (snapshot: JournalSnapshot) =>
  snapshot.lines.filter((line) => line.type === 'intent');

export const logPath = (dataDir: string) => join(dataDir, 'mostrador.log');

/** What the log says the journal recovered at each open from byte `from` of the log on. */
export async function recoveriesLogged(
  dataDir: string,
  from = 0,
): Promise<Array<{ skippedLines: number; lastLineTorn: boolean }>> {
  let text = '';
  try {
    text = (await readFile(logPath(dataDir))).subarray(from).toString('utf8');
  } catch {
    return [];
  }
  const found: Array<{ skippedLines: number; lastLineTorn: boolean }> = [];
  for (const line of text.split('\n')) {
    if (!line.includes('journal recovered at open')) continue;
    try {
      const entry = JSON.parse(line) as {
        recovered?: { skippedLines: number; lastLineTorn: boolean };
      };
      if (entry.recovered) found.push(entry.recovered);
    } catch {
      // The log's own last line may be cut by the kill too.
    }
  }
  return found;
}
