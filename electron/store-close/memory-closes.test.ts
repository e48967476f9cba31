// The practice store's closes are sealed as the database seals them (migration 0115): every
// customer masked before the hash, so a trainer's closed record shows what a live one shows.
import { describe, expect, it } from 'vitest';
import { buildStoreClose } from '../../shared/store/store-close';
import { sampleStoreDay } from '../../shared/store/store-close-samples';
import { hashClose } from './close-hash';
import { memoryCloses } from './memory-closes';

describe('a practice close', () => {
  it('is kept with its customers masked and hashed as kept; the draft still names them', async () => {
    const input = sampleStoreDay(2, 5);
    const built = buildStoreClose(input);
    if (built.refusal) throw new Error(built.refusal.reason);
    const draft = built.content;
    const named = JSON.stringify(draft);
    expect(named).toMatch(/"400000\d\d"/);
    const closes = memoryCloses(() => new Date('2026-03-11T14:00:00.000Z'));
    const { inserted, close } = await closes.closeDay({
      store: input.store,
      mode: input.mode,
      day: input.day,
      draft,
      supervisor: 'Rosa',
      cashier_id: 'caja-1',
      terminal_id: 'CAJA01',
      note: 'Todo en orden',
    });
    expect(inserted).toBe(true);
    expect(close.canonical).not.toMatch(/"[0-9]{8}"/);
    expect(close.canonical).toContain('"*****001"');
    expect(close.sha256).toBe(hashClose(close.content).sha256);
    // Figures and codes as the draft had them.
    expect(close.content.totals).toEqual(draft.totals);
    expect(close.content.op_ids).toEqual(draft.op_ids);
    expect(JSON.stringify(draft)).toBe(named);
  });
});
