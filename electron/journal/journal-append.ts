// The journal's one append: a line written and synced at the file's end before anything learns
// of it (docs/decisions.md "Journal durability"), then the index, the seq mark and the listeners.
// After a failed write, `recover` cuts the file back to its last whole line once the disk takes
// writes again. The caller runs one append or recovery at a time (journal-writes.ts).
import type { FileHandle } from 'node:fs/promises';
import type { JournalEntry } from '../../shared/journal-entry';
import { JournalError } from './journal-error';
import { appendAndSync, type LineRef, probeWritable } from './journal-file';
import type { JournalEnd } from './journal-opening';
import type { OperationIndex } from './operation-index';
import type { RecentLines } from './recent-lines';
import type { SeqMark } from './seq-mark';

export type Appender = {
  /** Gives the entry its seq and at, writes and syncs it, then tells the index and listeners. */
  append(entry: JournalEntry): Promise<void>;
  /** True when no write has failed, or the file was cut back to its last whole line. */
  recover(): Promise<boolean>;
  /** The write that failed and was not recovered from yet. */
  failure(): JournalError | null;
  /** Bytes of the file that are synced whole lines (or were there at open). */
  size(): number;
  subscribe(listener: (entry: JournalEntry) => void): () => void;
};

export type AppenderParts = {
  handle: FileHandle;
  dir: string;
  clock: () => Date;
  index: OperationIndex;
  mark: SeqMark;
  recent: RecentLines;
  end: JournalEnd;
};

export function createAppender(parts: AppenderParts): Appender {
  const { handle, index, mark, recent } = parts;
  let { lastSeq, size, endsMidLine } = parts.end;
  let failure: JournalError | null = null;
  const listeners = new Set<(entry: JournalEntry) => void>();

  /**
   * After a failed write (disk full, device gone), whether the last line reached the disk is
   * unknown. Once a probe file can be written and synced beside the journal, the file is cut
   * back to its last known whole line: that entry counts as never written, which the recovery
   * rules allow (an intent never written was never called; an outcome never written leaves the
   * operation unknown, to be asked again).
   */
  const recover = async (): Promise<boolean> => {
    if (!failure) return true;
    try {
      await probeWritable(parts.dir);
      await handle.truncate(size);
      await handle.sync();
      failure = null;
      return true;
    } catch {
      return false;
    }
  };

  /**
   * Writes an entry checked by `toEntry` with a provisional seq and at: the journal's own values
   * replace them in place (same key order, so the same bytes as checking again), and the check,
   * a JSON round trip and a schema parse, runs once per entry (docs/decisions.md "Journal speed").
   */
  const append = async (entry: JournalEntry): Promise<void> => {
    entry.seq = lastSeq + 1;
    entry.at = parts.clock().toISOString();
    const text = JSON.stringify(entry);
    const line = `${endsMidLine ? '\n' : ''}${text}\n`;
    const bytes = Buffer.from(line, 'utf8');
    try {
      await appendAndSync(handle, bytes);
    } catch (cause) {
      failure = new JournalError(
        'write-failed',
        'the journal could not be written; no operation may start until it can',
        { cause },
      );
      throw failure;
    }
    const ref: LineRef = {
      offset: size + (endsMidLine ? 1 : 0),
      length: bytes.length - (endsMidLine ? 2 : 1),
    };
    recent.keep(ref, text);
    size += bytes.length;
    endsMidLine = false;
    lastSeq = entry.seq;
    index.apply(entry, ref);
    // The entry is safely on disk; a mark that cannot be written only weakens detection.
    try {
      mark.write(lastSeq);
    } catch {
      // Detection is weaker for a moment; the next append writes the mark again.
    }
    for (const listener of listeners) {
      try {
        listener(entry);
      } catch {
        // A listener's bug must not turn a written entry into a failed write.
      }
    }
  };

  return {
    append,
    recover,
    failure: () => failure,
    size: () => size,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
