// A journal emptied or cut shorter behind the app's back (`: > journal.jsonl`, a restored old
// copy) is told apart from a new terminal: the app keeps the highest seq it has written beside
// the journal and compares at open.
import { readFile, truncate, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal } from './journal';
import { makeTempDir, paidAndBilledIntent, testClock } from './test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
const time = testClock();

beforeEach(async () => {
  temp = await makeTempDir();
});
afterEach(() => temp.remove());

async function threeOperations() {
  const journal = await openJournal({ dir: temp.dir, clock: time.clock });
  for (let i = 0; i < 3; i += 1) {
    const id = await journal.recordIntent(paidAndBilledIntent());
    await journal.recordOutcome(id, { status: 'succeeded', http_status: 200 });
  }
  await journal.close();
  return journal.path;
}

describe('a shortened journal', () => {
  it('is not reported for a new terminal nor after a clean restart', async () => {
    const fresh = await openJournal({ dir: temp.dir, clock: time.clock });
    expect(fresh.recovered.shortened).toBeNull();
    await fresh.close();
    await threeOperations();
    const again = await openJournal({ dir: temp.dir, clock: time.clock });
    expect(again.recovered.shortened).toBeNull();
    await again.close();
  });

  it('is reported when the file was emptied, and new entries continue past the old ones', async () => {
    const path = await threeOperations();
    await truncate(path, 0);
    const journal = await openJournal({ dir: temp.dir, clock: time.clock });
    expect(journal.recovered.shortened).toEqual({ expected_seq: 6, found_seq: 0 });
    await journal.recordIntent(paidAndBilledIntent());
    await journal.close();
    const seqs = (await readFile(path, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).seq);
    expect(seqs).toEqual([7]);
  });

  it('is reported when lines were taken off the end', async () => {
    const path = await threeOperations();
    const lines = (await readFile(path, 'utf8')).split('\n');
    await writeFile(path, `${lines.slice(0, 2).join('\n')}\n`);
    const journal = await openJournal({ dir: temp.dir, clock: time.clock });
    expect(journal.recovered.shortened).toEqual({ expected_seq: 6, found_seq: 2 });
    await journal.close();
  });
});
