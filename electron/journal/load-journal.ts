// Rebuilding the operation index from the file at open. A crash can leave the last line half
// written and an edited or damaged file can hold garbage anywhere: such lines are skipped and
// reported, never allowed to stop the app or to hide the entries around them.
import type { FileHandle } from 'node:fs/promises';
import { z } from 'zod';
import { AttemptEntry, IntentEntry, NoteEntry, OutcomeEntry } from '../../shared/journal-entry';
import { type ScannedLine, scanLines } from './journal-file';
import { type IndexProblem, OperationIndex } from './operation-index';

export type JournalProblemKind = 'torn-last-line' | 'not-json' | 'not-an-entry' | IndexProblem;

export type JournalProblem = { line: number; kind: JournalProblemKind };

export type JournalRecovery = {
  /** Lines that are not valid entries (torn, garbage, wrong shape) and were left out. */
  skippedLines: number;
  /** The last line was cut short by a crash mid-write and was left out. */
  lastLineTorn: boolean;
  /** Valid entries that could not be folded into their operation (see IndexProblem). */
  inconsistentEntries: number;
  /** The first problems found, by line number, for the supervisor's report. */
  problems: JournalProblem[];
  /**
   * The file ends before the highest seq this terminal wrote (emptied or cut short behind the
   * app's back): operations are missing. Null when it is whole as far as the app knows.
   */
  shortened?: { expected_seq: number; found_seq: number } | null;
};

const MAX_PROBLEMS_LISTED = 100;

export type LoadedJournal = {
  index: OperationIndex;
  recovered: JournalRecovery;
  lastSeq: number;
  size: number;
  /** The file does not end with a newline, so the next append must start a fresh line. */
  endsMidLine: boolean;
};

// The journal's schema with its free JSON payloads taken as they come: JSON.parse can only
// produce JSON, so re-proving it with z.json() for every line of a year (most of the open time)
// would check nothing; every other field is checked. Payloads are checked in full when an
// operation is read (read-operation.ts).
const present = z.custom<unknown>((value) => value !== undefined, { message: 'required' });
const ParsedLine = z.discriminatedUnion('type', [
  IntentEntry.extend({ request: present }),
  OutcomeEntry.extend({ result: z.unknown().optional() }),
  AttemptEntry,
  NoteEntry.extend({ data: z.unknown().optional() }),
]);
type ParsedLine = z.infer<typeof ParsedLine>;

function parseEntry(text: string): ParsedLine | 'not-json' | 'not-an-entry' {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'not-json';
  }
  const parsed = ParsedLine.safeParse(json);
  return parsed.success ? parsed.data : 'not-an-entry';
}

export async function loadJournal(handle: FileHandle): Promise<LoadedJournal> {
  const index = new OperationIndex();
  const recovered: JournalRecovery = {
    skippedLines: 0,
    lastLineTorn: false,
    inconsistentEntries: 0,
    problems: [],
  };
  let lastSeq = 0;
  const report = (line: number, kind: JournalProblemKind) => {
    if (recovered.problems.length < MAX_PROBLEMS_LISTED) recovered.problems.push({ line, kind });
  };
  const take = (line: ScannedLine, isLast: boolean) => {
    if (line.text.trim() === '') return;
    const entry = parseEntry(line.text);
    if (typeof entry === 'string') {
      recovered.skippedLines += 1;
      if (isLast) recovered.lastLineTorn = true;
      report(line.lineNumber, isLast ? 'torn-last-line' : entry);
      return;
    }
    lastSeq = Math.max(lastSeq, entry.seq);
    const problem = index.apply(entry, { offset: line.offset, length: line.length });
    if (problem) {
      recovered.inconsistentEntries += 1;
      report(line.lineNumber, problem);
    }
  };
  const end = await scanLines(handle, (line) => take(line, false));
  // An unterminated last line that is nevertheless a whole valid entry lost only its newline;
  // keeping it loses nothing, and an intent kept this way reads as pending, which is the truth.
  if (end.unterminated) take(end.unterminated, true);
  return { index, recovered, lastSeq, size: end.size, endsMidLine: end.unterminated !== null };
}
