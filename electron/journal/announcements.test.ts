// A final answer that came after an unknown one is announced until acknowledged, and a
// supervisor's close takes an unknown operation out of the open ones; both survive a reopen,
// because the journal (not the renderer's memory) is what the screens read.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Journal, openJournal } from './journal';
import { NOTE_ACKNOWLEDGED, NOTE_CLOSED } from './operation-index';
import { makeTempDir, paidAndBilledIntent, testClock } from './test-support';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let journal: Journal;
const time = testClock();

beforeEach(async () => {
  temp = await makeTempDir();
  journal = await openJournal({ dir: temp.dir, clock: time.clock });
});

afterEach(async () => {
  await journal.close();
  await temp.remove();
});

const reopen = async () => {
  await journal.close();
  journal = await openJournal({ dir: temp.dir, clock: time.clock });
};

describe('announcements', () => {
  it('announces a billing that succeeded after going unknown, until acknowledged, across a reopen', async () => {
    const opId = await journal.recordIntent(paidAndBilledIntent());
    await journal.recordOutcome(opId, { status: 'unknown', error_category: 'network' });
    expect(await journal.announcements()).toEqual([]);
    await journal.recordAttempt(opId, { attempt: 2, delay_ms: 10 });
    await journal.recordOutcome(opId, { status: 'succeeded', http_status: 200 });
    await reopen();
    const [announced] = await journal.announcements();
    expect(announced).toMatchObject({ op_id: opId, status: 'succeeded', was_unknown: true });
    await journal.recordNote(opId, 'seen', { kind: NOTE_ACKNOWLEDGED });
    expect(await journal.announcements()).toEqual([]);
    await reopen();
    expect(await journal.announcements()).toEqual([]);
    expect((await journal.operation(opId))?.acknowledged).toBe(true);
  });

  it('does not announce an answer that was definite the first time', async () => {
    const opId = await journal.recordIntent(paidAndBilledIntent());
    await journal.recordOutcome(opId, { status: 'refused', http_status: 400 });
    expect(await journal.announcements()).toEqual([]);
  });

  it('a supervisor close takes an unknown operation out of the open ones for good', async () => {
    const opId = await journal.recordIntent(paidAndBilledIntent({ operation: 'v3.verify' }));
    await journal.recordOutcome(opId, { status: 'unknown', error_category: 'network' });
    expect((await journal.unresolved()).map((op) => op.op_id)).toEqual([opId]);
    await journal.recordNote(opId, 'customer left; nothing collected', { kind: NOTE_CLOSED });
    expect(await journal.unresolved()).toEqual([]);
    await reopen();
    expect(await journal.unresolved()).toEqual([]);
    expect((await journal.operation(opId))?.closed).toBe(true);
  });
});
