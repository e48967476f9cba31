// The lines last written, kept by file offset so the call that follows an operation (a
// paid-and-billed reading its Verify, the renderer polling an outcome) is answered without two
// positioned reads, each a trip through libuv's thread pool (docs/decisions.md "Journal speed").
// Bounded in count and line size; only lines already synced enter it, so a truncation after a
// failed write never leaves a cached line the file lacks.
import type { LineRef } from './journal-file';

const RECENT_LINES = 128;
const RECENT_LINE_MAX_BYTES = 16 * 1024;

export type RecentLines = {
  /** A line just synced at `ref`; too long a line is not kept. */
  keep(ref: LineRef, text: string): void;
  /** The text at this offset, if it is still kept. */
  get(offset: number): string | undefined;
  /** A kept line rewritten in place (masking): the cache follows the file. */
  rewritten(offset: number, text: string): void;
};

export function createRecentLines(): RecentLines {
  const recent = new Map<number, string>();
  return {
    keep(ref, text) {
      if (ref.length > RECENT_LINE_MAX_BYTES) return;
      recent.set(ref.offset, text);
      if (recent.size > RECENT_LINES) recent.delete(recent.keys().next().value as number);
    },
    get: (offset) => recent.get(offset),
    rewritten(offset, text) {
      if (recent.has(offset)) recent.set(offset, text);
    },
  };
}
