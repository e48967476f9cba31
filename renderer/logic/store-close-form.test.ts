// What the store close's form says under "Cerrar el día de la tienda", reached without a browser:
// one reason at a time, the day and the open operations first, a silent counter only once the
// supervisor has tried or begun the note, then the supervisor and the note.
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoreCloseView } from '../../shared/bridge/store-close';
import { buildStoreClose } from '../../shared/store/store-close';
import { sampleStoreDay } from '../../shared/store/store-close-samples';
import { loadSupervisorTexts, translate } from '../i18n/translate';
import type { T } from '../i18n/use-t';
import { type CloseFormFields, checkCloseForm } from './store-close-form';

const es: T = (key, params) => translate('es-PE', key, params);
beforeAll(() => loadSupervisorTexts());

function viewOf(options: Parameters<typeof sampleStoreDay>[2] = {}): StoreCloseView {
  const input = sampleStoreDay(3, 4, options);
  const close = buildStoreClose(input);
  return {
    day: input.day,
    store: input.store,
    mode: input.mode,
    draft: close.content,
    refusal: close.refusal,
    stored: null,
    arrived_after: [],
    practice: null,
  };
}
const blank: CloseFormFields = { supervisor: '', note: '', pin: '', tried: false };

describe("the store close's form", () => {
  it('says nothing before the supervisor tries, when nothing holds the day', () => {
    const check = checkCloseForm(viewOf(), blank, es, 'es-PE');
    expect(check).toMatchObject({ needsNote: false, noteOk: true, unnamed: [], reason: null });
  });

  it('asks for the supervisor once tried, then closes with no note where there is no exception', () => {
    const tried = { ...blank, tried: true, supervisor: 'R' };
    expect(checkCloseForm(viewOf(), tried, es, 'es-PE').reason).toBe(
      es('storeClose.needSupervisor'),
    );
    const named = { ...tried, supervisor: ' Rosa ' };
    expect(checkCloseForm(viewOf(), named, es, 'es-PE')).toMatchObject({
      supervisorOk: true,
      reason: null,
    });
  });

  it('a day that has not ended comes before anything else', () => {
    const view = viewOf({ now: '2026-03-10T20:00:00.000Z' });
    const check = checkCloseForm(view, { ...blank, tried: true }, es, 'es-PE');
    expect(check.reason).toMatch(/^No se puede cerrar/);
    expect(check.reason).not.toBe(es('storeClose.needSupervisor'));
  });

  it('a silent counter with work is named only once tried or a note is begun, and the note must name it', () => {
    const view = viewOf({ stopped: 2 });
    expect(checkCloseForm(view, blank, es, 'es-PE')).toMatchObject({
      needsNote: true,
      noteOk: false,
      unnamed: ['Caja 2'],
      reason: null,
    });
    const begun = checkCloseForm(view, { ...blank, note: 'Caja 3 contada' }, es, 'es-PE');
    expect(begun.reason).toContain('Caja 2');
    const named = { supervisor: 'Rosa', note: 'Caja 2 contada a mano', pin: '1234', tried: true };
    expect(checkCloseForm(view, named, es, 'es-PE')).toMatchObject({
      noteOk: true,
      unnamed: [],
      reason: null,
    });
  });

  it('a closed day asks for nothing', () => {
    const view = viewOf({ stopped: 2 });
    const stored = { content: view.draft, canonical: '', sha256: 'a'.repeat(64), recorded_at: '' };
    const check = checkCloseForm({ ...view, stored }, { ...blank, tried: true }, es, 'es-PE');
    expect(check).toMatchObject({ needsNote: false, unnamed: [], reason: null });
  });
});
