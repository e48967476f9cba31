// Where this counter's replication stands: the seq of the last line the store database has
// committed and the byte in the journal after it. Moved only after COMMIT, so a crash between
// the two sends those lines again, which the database takes as a no-op (same key, same line).
// Written to a temp file and renamed, so a reader sees the old cursor or the new one; a cursor
// that lags after a power cut only costs a resend, so no fsync.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { z } from 'zod';

export const ReplicationCursor = z.object({
  seq: z.int().nonnegative(),
  offset: z.int().nonnegative(),
  /**
   * The stores the lines up to `seq` went under. When the counter's store changes, the lines
   * already sent stay under the old one and are never sent again under the new one (absent in
   * cursors written before it was kept: taken as today's stores).
   */
  stores: z.object({ live: z.string(), training: z.string() }).optional(),
});
export type ReplicationCursor = z.infer<typeof ReplicationCursor>;

export const START_CURSOR: ReplicationCursor = { seq: 0, offset: 0 };

/** The saved cursor, or the start when there is none or it cannot be read (a resend is harmless). */
export async function readCursor(path: string): Promise<ReplicationCursor> {
  try {
    const parsed = ReplicationCursor.safeParse(JSON.parse(await readFile(path, 'utf8')));
    return parsed.success ? parsed.data : START_CURSOR;
  } catch {
    return START_CURSOR;
  }
}

export async function writeCursor(path: string, cursor: ReplicationCursor): Promise<void> {
  const temp = `${path}.tmp`;
  await writeFile(temp, `${JSON.stringify(cursor)}\n`, { mode: 0o600 });
  await rename(temp, path);
}
