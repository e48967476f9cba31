// The backend's journal (electron/journal/): opened in the data folder, and what its opening
// found said in the log, a journal shorter than this terminal last wrote as an error.
import { type Journal, openJournal } from '../../journal/journal';
import type { Logger } from '../../log/logger';

export async function openBackendJournal(
  dataDir: string,
  clock: () => Date,
  logger: Logger,
): Promise<Journal> {
  const journal = await openJournal({ dir: dataDir, clock });
  const { recovered } = journal;
  if (recovered.skippedLines > 0 || recovered.lastLineTorn || recovered.inconsistentEntries > 0) {
    logger.warn('journal recovered at open', { recovered });
  }
  if (recovered.shortened) {
    logger.error('journal is shorter than this terminal last wrote: operations are missing', {
      ...recovered.shortened,
      path: journal.path,
    });
  }
  return journal;
}
