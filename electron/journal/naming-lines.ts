// The operations whose lines hold a given JSON string (a customer's DNI as JSON.stringify writes
// it), found by one read of the file with its own handle: what an erasure at this counter looks
// for (docs/personal-data.md "Erasure on request"). A byte search, so a year of journal costs a
// read of the file, not a parse of every line.
import { open } from 'node:fs/promises';

const CHUNK = 1 << 20;
const NEWLINE = 0x0a;
const OP_ID = /"op_id":"([0-9a-fA-F-]{36})"/g;

/** The op ids of the whole lines before `end` that contain `needle`. */
export async function opIdsNaming(path: string, needle: string, end: number): Promise<Set<string>> {
  const wanted = Buffer.from(needle, 'utf8');
  const ids = new Set<string>();
  const handle = await open(path, 'r');
  try {
    const chunk = Buffer.allocUnsafe(CHUNK);
    let carry = Buffer.alloc(0);
    let position = 0;
    while (position < end) {
      const { bytesRead } = await handle.read(chunk, 0, Math.min(CHUNK, end - position), position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const data = carry.length
        ? Buffer.concat([carry, chunk.subarray(0, bytesRead)])
        : chunk.subarray(0, bytesRead);
      const last = data.lastIndexOf(NEWLINE);
      const whole = last === -1 ? Buffer.alloc(0) : data.subarray(0, last);
      carry = Buffer.from(last === -1 ? data : data.subarray(last + 1));
      for (let at = whole.indexOf(wanted); at !== -1; at = whole.indexOf(wanted, at + 1)) {
        const from = whole.lastIndexOf(NEWLINE, at) + 1;
        const to = whole.indexOf(NEWLINE, at);
        const line = whole.subarray(from, to === -1 ? whole.length : to).toString('utf8');
        // Every op id the line names: its own is among them (the caller checks which it knows).
        for (const m of line.matchAll(OP_ID)) ids.add((m[1] ?? '').toLowerCase());
        at = to === -1 ? whole.length : to;
      }
    }
  } finally {
    await handle.close();
  }
  return ids;
}
