// Reading the journal's lines as they are in the file, from a byte position on, for a reader
// beside the journal (the store database's replication, docs/store-database.md): its own
// read-only handle, whole lines only (a line still being appended has no newline yet), the exact
// text of each line, never parsed or changed here.
import { type FileHandle, open } from 'node:fs/promises';
import type { LineRef } from './journal-file';

export type RawLine = LineRef & {
  text: string;
  /**
   * The line's exact bytes, only where its text may not be them (a U+FFFD from invalid UTF-8, or
   * a raw NUL): the store database keeps them beside the text (electron/store-db/batch-signature.ts).
   */
  bytes?: Buffer;
};

export type RawLines = {
  lines: RawLine[];
  /** The byte after the last whole line read: where the next read starts. */
  next: number;
  /** The file's size when read. */
  size: number;
};

const CHUNK = 256 * 1024;
const NEWLINE = 0x0a;

export type LineReader = {
  /** Up to `maxLines` whole lines starting at byte `from` (a line start). */
  readFrom(from: number, maxLines: number): Promise<RawLines>;
  close(): Promise<void>;
};

export async function openLineReader(path: string): Promise<LineReader> {
  const handle: FileHandle = await open(path, 'r');
  return {
    async readFrom(from, maxLines) {
      const { size } = await handle.stat();
      const lines: RawLine[] = [];
      let position = from;
      let pending: Buffer[] = [];
      let pendingStart = from;
      let next = from;
      // No bigger than what is left: a counter reads after every operation, mostly a line or
      // none, and a 256 KiB buffer for each read is garbage for nothing.
      const chunk = Buffer.allocUnsafe(Math.max(0, Math.min(CHUNK, size - from)));
      while (lines.length < maxLines && position < size) {
        const { bytesRead } = await handle.read(
          chunk,
          0,
          Math.min(CHUNK, size - position),
          position,
        );
        if (bytesRead === 0) break;
        const view = chunk.subarray(0, bytesRead);
        let start = 0;
        let i = view.indexOf(NEWLINE);
        while (i !== -1 && lines.length < maxLines) {
          const piece = view.subarray(start, i);
          const bytes = pending.length ? Buffer.concat([...pending, piece]) : piece;
          const text = bytes.toString('utf8');
          const odd = text.includes('\uFFFD') || text.includes('\0');
          lines.push({
            offset: pendingStart,
            length: bytes.length,
            text,
            ...(odd ? { bytes: Buffer.from(bytes) } : {}),
          });
          pending = [];
          start = i + 1;
          pendingStart = position + start;
          next = pendingStart;
          i = view.indexOf(NEWLINE, start);
        }
        if (lines.length >= maxLines) break;
        if (start < bytesRead) pending.push(Buffer.from(view.subarray(start)));
        position += bytesRead;
      }
      return { lines, next, size };
    },
    close: () => handle.close(),
  };
}
