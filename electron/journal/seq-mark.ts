// The highest seq this terminal has written, kept in a tiny file beside the journal, so that a
// journal emptied or cut shorter behind the app's back is noticed at the next open instead of
// the day's sales silently disappearing. It is written after each append's fsync, in place and
// without an fsync of its own: after a power cut it can only lag the journal (never run ahead of
// it), so it may miss a shortening by a few entries but never reports one that did not happen.
import { constants, writeSync } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';

const WIDTH = 32;

export type SeqMark = {
  /** The seq last recorded, 0 when none (a new terminal, or an unreadable mark). */
  read(): Promise<number>;
  /**
   * Synchronous: 32 bytes into the page cache, a few microseconds, where an awaited write is a
   * round trip through libuv's thread pool on every append (docs/decisions.md "Journal speed").
   */
  write(seq: number): void;
  close(): Promise<void>;
};

export async function openSeqMark(path: string): Promise<SeqMark> {
  const handle: FileHandle = await open(path, constants.O_RDWR | constants.O_CREAT, 0o600);
  return {
    async read() {
      const buffer = Buffer.alloc(WIDTH);
      const { bytesRead } = await handle.read(buffer, 0, WIDTH, 0);
      try {
        const seq = (
          JSON.parse(buffer.subarray(0, bytesRead).toString('utf8')) as { seq?: unknown }
        ).seq;
        return typeof seq === 'number' && Number.isSafeInteger(seq) && seq > 0 ? seq : 0;
      } catch {
        return 0;
      }
    },
    write(seq) {
      // Fixed width, one positioned write: a reader sees the old or the new value, padded.
      const text = JSON.stringify({ seq }).padEnd(WIDTH, ' ');
      writeSync(handle.fd, Buffer.from(text, 'utf8'), 0, WIDTH, 0);
    },
    close: () => handle.close(),
  };
}
