// The lines last written answer reads without the file only while they are few and short, and
// follow the file when masking rewrites one (recent-lines.ts).
import { describe, expect, it } from 'vitest';
import { createRecentLines } from './recent-lines';

const at = (offset: number, length = 10) => ({ offset, length });

describe('the lines last written', () => {
  it('keeps the last 128 lines and forgets the oldest first', () => {
    const recent = createRecentLines();
    for (let i = 0; i <= 128; i += 1) recent.keep(at(i * 100), `line ${i}`);
    expect(recent.get(0)).toBeUndefined();
    expect(recent.get(100)).toBe('line 1');
    expect(recent.get(12_800)).toBe('line 128');
  });

  it('never keeps a line over 16 KiB: it is read from the file', () => {
    const recent = createRecentLines();
    recent.keep(at(0, 16 * 1024), 'just fits');
    recent.keep(at(20_000, 16 * 1024 + 1), 'too long');
    expect(recent.get(0)).toBe('just fits');
    expect(recent.get(20_000)).toBeUndefined();
  });

  it('takes a masked line in place of a kept one, and keeps no line it did not have', () => {
    const recent = createRecentLines();
    recent.keep(at(0), '{"dni":"12345678"}');
    recent.rewritten(0, '{"dni":"*****678"}');
    recent.rewritten(500, '{"dni":"*****999"}');
    expect(recent.get(0)).toBe('{"dni":"*****678"}');
    expect(recent.get(500)).toBeUndefined();
  });
});
