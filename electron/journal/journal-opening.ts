// Opening the journal: the file, its lines read back into the index (load-journal.ts says what
// is skipped and why), and the seq mark beside it that tells a journal cut shorter behind the
// app's back (seq-mark.ts). What it finds is the journal's `recovered`.
import type { FileHandle } from 'node:fs/promises';
import { openJournalFile } from './journal-file';
import { type JournalRecovery, type LoadedJournal, loadJournal } from './load-journal';
import type { OperationIndex } from './operation-index';
import { openSeqMark, type SeqMark } from './seq-mark';

/** Where the file ends and what the next append continues from. */
export type JournalEnd = {
  lastSeq: number;
  size: number;
  /** The file's last bytes are a line without its newline (a write that did not finish). */
  endsMidLine: boolean;
};

export type OpenedJournal = {
  handle: FileHandle;
  index: OperationIndex;
  mark: SeqMark;
  end: JournalEnd;
  recovered: JournalRecovery;
};

/** Opens and reads the file at `path` in `dir`; closes it again if reading it fails. */
export async function openJournalState(path: string, dir: string): Promise<OpenedJournal> {
  const handle: FileHandle = await openJournalFile(path, dir);
  let loaded: LoadedJournal;
  try {
    loaded = await loadJournal(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  const { index } = loaded;
  let { lastSeq } = loaded;
  const mark = await openSeqMark(`${path}.seq`).catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  const markSeq = await mark.read();
  const shortened = markSeq > lastSeq ? { expected_seq: markSeq, found_seq: lastSeq } : null;
  // New entries continue past what was lost, so the gap stays visible in the file itself.
  if (shortened) lastSeq = markSeq;
  return {
    handle,
    index,
    mark,
    end: { lastSeq, size: loaded.size, endsMidLine: loaded.endsMidLine },
    recovered: { ...loaded.recovered, shortened },
  };
}
