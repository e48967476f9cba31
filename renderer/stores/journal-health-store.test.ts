import { afterEach, describe, expect, it } from 'vitest';
import { call, setTransport } from '../bridge/call';
import { useJournalHealthStore } from './journal-health-store';

afterEach(() => {
  setTransport(null);
  useJournalHealthStore.setState({ down: false, checking: false });
});

describe('journal health in the renderer', () => {
  it('blocks on any journal-unavailable answer and lifts once the journal is writable', async () => {
    let writable = false;
    setTransport(async (method) =>
      method === 'journal.health'
        ? { ok: true, result: { writable, shortened: null } }
        : { ok: false, error: { code: 'journal-unavailable', message: 'disk full' } },
    );
    await call('journal.unresolved', {});
    expect(useJournalHealthStore.getState().down).toBe(true);
    const check = async () => {
      const answer = await call('journal.health', {});
      return answer.ok && answer.result.writable;
    };
    await useJournalHealthStore.getState().retry(check);
    expect(useJournalHealthStore.getState().down).toBe(true);
    writable = true;
    await useJournalHealthStore.getState().retry(check);
    expect(useJournalHealthStore.getState().down).toBe(false);
  });
});
