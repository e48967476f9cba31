// The bytes of the journal: one JSON line per entry, appended and synced to disk before the
// append resolves, read back by byte position so that only an index has to stay in memory.
import { writeSync } from 'node:fs';
import { type FileHandle, mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';

/** Where a line sits in the file (without its newline). */
export type LineRef = { offset: number; length: number };

export type ScannedLine = LineRef & { lineNumber: number; text: string };

export type ScanEnd = {
  /** Bytes after the last newline, if any: a line whose write did not finish. */
  unterminated: ScannedLine | null;
  size: number;
};

const NEWLINE = 0x0a;
const CHUNK = 1 << 20;

export async function openJournalFile(path: string, dir: string): Promise<FileHandle> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // 'a+': appends always land at the end (O_APPEND) while positioned reads stay possible.
  return open(path, 'a+', 0o600);
}

/** Calls `onLine` for every newline-terminated line, in order, reading in chunks. */
export async function scanLines(
  handle: FileHandle,
  onLine: (line: ScannedLine) => void,
): Promise<ScanEnd> {
  const chunk = Buffer.allocUnsafe(CHUNK);
  let pending: Buffer[] = [];
  let pendingStart = 0;
  let position = 0;
  let lineNumber = 0;
  for (;;) {
    const { bytesRead } = await handle.read(chunk, 0, CHUNK, position);
    if (bytesRead === 0) break;
    const view = chunk.subarray(0, bytesRead);
    let start = 0;
    for (let i = view.indexOf(NEWLINE); i !== -1; i = view.indexOf(NEWLINE, i + 1)) {
      const piece = view.subarray(start, i);
      const bytes = pending.length ? Buffer.concat([...pending, piece]) : piece;
      lineNumber += 1;
      onLine({
        offset: pendingStart,
        length: bytes.length,
        lineNumber,
        text: bytes.toString('utf8'),
      });
      pending = [];
      start = i + 1;
      pendingStart = position + start;
    }
    // Copied: the chunk buffer is reused by the next read.
    if (start < bytesRead) pending.push(Buffer.from(view.subarray(start)));
    position += bytesRead;
  }
  const rest = Buffer.concat(pending);
  const unterminated =
    rest.length > 0
      ? {
          offset: pendingStart,
          length: rest.length,
          lineNumber: lineNumber + 1,
          text: rest.toString('utf8'),
        }
      : null;
  return { unterminated, size: position };
}

/** The text of the line at `ref`. */
export async function readLine(handle: FileHandle, ref: LineRef): Promise<string> {
  const buffer = Buffer.alloc(ref.length);
  let done = 0;
  while (done < ref.length) {
    const { bytesRead } = await handle.read(buffer, done, ref.length - done, ref.offset + done);
    if (bytesRead === 0) throw new Error(`journal line at byte ${ref.offset} is cut short`);
    done += bytesRead;
  }
  return buffer.toString('utf8');
}

/**
 * Writes `bytes` at the end of the file and waits for fsync, so a resolved append survives a
 * power cut. The caller serializes appends; O_APPEND alone does not make two writes atomic.
 * The write itself is synchronous: it only copies a line into the page cache (microseconds),
 * while an awaited write is one more trip through libuv's thread pool per entry; the fsync,
 * which waits for the disk, stays off the event loop (docs/decisions.md "Journal speed").
 */
export async function appendAndSync(handle: FileHandle, bytes: Buffer): Promise<void> {
  let done = 0;
  while (done < bytes.length) {
    done += writeSync(handle.fd, bytes, done, bytes.length - done);
  }
  await handle.sync();
}

/** Writes and syncs a small file in `dir`, then removes it: throws while the disk takes nothing. */
export async function probeWritable(dir: string): Promise<void> {
  const path = join(dir, '.journal-probe');
  const probe = await open(path, 'w', 0o600);
  try {
    await appendAndSync(probe, Buffer.alloc(4096, 0x20));
  } finally {
    await probe.close();
    await rm(path, { force: true });
  }
}
