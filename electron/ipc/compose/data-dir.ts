// The data folder a backend opens everything in (open-backend.ts), and the names of the files
// the start-failure screen points at (start-failure.ts).
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';

export const LOG_FILE = 'mostrador.log';
export const JOURNAL_FILE = 'journal.jsonl';

/** The data folder cannot be written (read-only mount, a file in its place, disk gone). */
export class DataDirUnwritable extends Error {
  override readonly name = 'DataDirUnwritable';
  constructor(
    readonly dataDir: string,
    readonly code: string,
  ) {
    super(`the data folder cannot be written (${code})`);
  }
}

/**
 * Makes the data folder and proves it takes a file, before anything is opened in it: a read-only
 * mount would otherwise surface as an exception from whichever file came first.
 */
export async function ensureWritable(dataDir: string): Promise<void> {
  const probe = join(dataDir, `.write-probe-${process.pid}`);
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    const handle = await open(probe, 'w', 0o600);
    await handle.close();
    await rm(probe, { force: true });
  } catch (error) {
    throw new DataDirUnwritable(dataDir, (error as NodeJS.ErrnoException).code ?? 'unknown');
  }
}
