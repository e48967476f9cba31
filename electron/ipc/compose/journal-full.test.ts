// A data folder whose disk is full (or gone): no money operation may start, the bridge says the
// journal cannot be written (its own error, not "internal"), and work resumes once space returns.
import type { FileHandle } from 'node:fs/promises';
import { open, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockApp } from '../../mock/app';
import type { Backend } from './open-backend';
import {
  errorOf,
  freshMock,
  makeTempDir,
  ok,
  openTestBackend,
  PLAIN_SALE,
  TODAY,
} from './test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let backend: Backend;

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
  backend = await openTestBackend({ dataDir: temp.dir, mock });
  await ok(backend.table, 'shift.start', { cashier_id: 'caja-01' });
});

afterEach(async () => {
  vi.restoreAllMocks();
  await backend.close();
  await mock.close();
  await temp.remove();
});

/** Makes every file write fail as on a full disk until the returned function is called. */
async function fillDisk(): Promise<() => void> {
  const probe = await open(join(temp.dir, 'probe'), 'w');
  const proto = Object.getPrototypeOf(probe) as FileHandle;
  await probe.close();
  const spy = vi
    .spyOn(proto, 'write')
    .mockRejectedValue(
      Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }),
    );
  return () => spy.mockRestore();
}

describe('a journal that cannot be written', () => {
  it('answers journal-unavailable, starts no sale, and recovers when space returns', async () => {
    const freeSpace = await fillDisk();
    const first = await errorOf(backend.table, 'v3.verify', PLAIN_SALE);
    expect(first.code).toBe('journal-unavailable');
    // Asked again, still full: the same clear answer, never "internal" or "unknown, retrying".
    const again = await errorOf(backend.table, 'v3.verify', PLAIN_SALE);
    expect(again.code).toBe('journal-unavailable');
    expect(await ok(backend.table, 'journal.health', {})).toMatchObject({ writable: false });

    freeSpace();
    expect(await ok(backend.table, 'journal.health', {})).toMatchObject({ writable: true });
    const verified = await ok(backend.table, 'v3.verify', PLAIN_SALE);
    expect(verified.status).toBe('succeeded');
    // Only the sale made after recovery is in the journal, whole.
    const operations = await backend.journal.operations({ day: TODAY });
    expect(operations.map((o) => o.status)).toEqual(['succeeded']);
  });
});

describe('a journal emptied behind the app’s back', () => {
  it('is said in the log and to the supervisor through journal.health', async () => {
    await ok(backend.table, 'v3.verify', PLAIN_SALE);
    await backend.close();
    await writeFile(join(temp.dir, 'journal.jsonl'), '');
    backend = await openTestBackend({ dataDir: temp.dir, mock });
    expect(await ok(backend.table, 'journal.health', {})).toEqual({
      writable: true,
      shortened: { expected_seq: 2, found_seq: 0 },
    });
    const log = await readFile(join(temp.dir, 'mostrador.log'), 'utf8');
    expect(log).toMatch(/journal is shorter than this terminal last wrote/);
  });
});
