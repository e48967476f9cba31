// The store's words in both languages (issue 18, leftovers of item 7): counts said for one and
// for many as the tray says them, never "operación(es)"; a heading with one label and one title;
// the store close's CSV named in the terminal's language.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../shared/bridge';
import { loadCatalogue, loadSupervisorTexts, translate } from '../i18n/translate';
import type { T } from '../i18n/use-t';
import type { Guidance } from './error-guidance';
import { guidanceHeading } from './guidance-heading';
import { storeCloseCsvFileName } from './store-close-csv';
import {
  refusedDayText,
  refusedNoteText,
  refusedOpenText,
  refusedSilentText,
  unavailableText,
} from './store-close-text';

const words =
  (language: Language): T =>
  (key, params) =>
    translate(language, key, params);
const es = words('es-PE');
const en = words('en');

// The store close's Spanish texts come with its screen (lazy-views.ts).
beforeAll(() => Promise.all([loadCatalogue('en'), loadSupervisorTexts()]));

describe('the store close says one and many as the tray does', () => {
  it('one operation without an answer, or several', () => {
    expect(refusedOpenText(1, es)).toBe(
      'No se puede cerrar: 1 operación del día sin respuesta definitiva en la tienda. Espere su respuesta (vea las excepciones).',
    );
    expect(refusedOpenText(3, es)).toBe(
      'No se puede cerrar: 3 operaciones del día sin respuesta definitiva en la tienda. Espere su respuesta (vea las excepciones).',
    );
    expect(refusedOpenText(1, en)).toBe(
      'Cannot close: 1 operation of the day has no definite answer in the store. Wait for its answer (see the exceptions).',
    );
    expect(refusedOpenText(2, en)).toBe(
      'Cannot close: 2 operations of the day have no definite answer in the store. Wait for their answer (see the exceptions).',
    );
  });

  it('a note on one exception, or on several', () => {
    expect(refusedNoteText(1, es)).toBe('Escriba una nota sobre la excepción antes de cerrar.');
    expect(refusedNoteText(4, es)).toBe(
      'Escriba una nota sobre las 4 excepciones antes de cerrar.',
    );
    expect(refusedNoteText(1, en)).toBe('Write a note on the exception before closing.');
    expect(refusedNoteText(4, en)).toBe('Write a note on the 4 exceptions before closing.');
  });
});

describe('a paid-and-billed in doubt at another counter', () => {
  const inDoubt: Guidance = {
    tone: 'unknown',
    title: 'storeDb.elsewhere.inDoubt.title',
    steps: 'storeDb.elsewhere.inDoubt.steps',
    params: { counter: 'Caja 1', time: '10:42:05' },
    actions: ['retry'],
    fields: {},
    details: null,
    doNotCollect: true,
  };

  it('is headed by one label and one title, like the same code in doubt here', () => {
    expect(guidanceHeading(inDoubt, es)).toBe(
      'Resultado desconocido: Este código tiene un cobro sin respuesta en Caja 1',
    );
    expect(guidanceHeading(inDoubt, en)).toBe(
      'Outcome unknown: This code has a collection at Caja 1 the service has not answered yet',
    );
    const here: Guidance = { ...inDoubt, title: 'guide.bridge.billingInDoubt.title' };
    expect(guidanceHeading(here, es)).toBe(
      'Resultado desconocido: Este código tiene un cobro sin respuesta del servicio',
    );
    expect(guidanceHeading(here, en)).toBe(
      'Outcome unknown: This code has a collection the service has not answered yet',
    );
  });

  it('a refusal is labelled as one; nothing labels what went right', () => {
    expect(guidanceHeading({ ...inDoubt, tone: 'error' }, es)).toMatch(/^Rechazado: Este código/);
    expect(guidanceHeading({ ...inDoubt, tone: 'info' }, en)).toBe(
      'This code has a collection at Caja 1 the service has not answered yet',
    );
  });
});

describe('who closed the store day, and when', () => {
  it('is dated "on" a day and time in English, "el" in Spanish', () => {
    const params = { who: 'Rosa Quispe', at: '26/11/2026, 04:28:12', from: 'Caja 1' };
    expect(es('storeClose.stateClosed', params)).toBe(
      'Día cerrado por Rosa Quispe el 26/11/2026, 04:28:12 desde Caja 1.',
    );
    expect(en('storeClose.stateClosed', { ...params, at: '11/26/2026, 04:28:12' })).toBe(
      'Day closed by Rosa Quispe on 11/26/2026, 04:28:12 from Caja 1.',
    );
  });
});

describe("the store close's CSV file", () => {
  it('is named in the terminal’s language, marked when it is practice', () => {
    expect(storeCloseCsvFileName('2026-11-26', false, es)).toBe('cierre-tienda-2026-11-26.csv');
    expect(storeCloseCsvFileName('2026-11-26', true, es)).toBe(
      'ENTRENAMIENTO-cierre-tienda-2026-11-26.csv',
    );
    expect(storeCloseCsvFileName('2026-11-26', false, en)).toBe('store-close-2026-11-26.csv');
    expect(storeCloseCsvFileName('2026-11-26', true, en)).toBe(
      'TRAINING-store-close-2026-11-26.csv',
    );
  });
});

describe("a store close that cannot be read is said in the screen's language (item 11)", () => {
  const down = {
    code: 'not-available' as const,
    message: 'The store database did not answer (network): connect ECONNREFUSED 127.0.0.1:5432',
    issues: { store_db: 'network' },
  };
  it('the store database down: every word in Spanish, the technical detail apart', () => {
    const said = unavailableText(down, es);
    expect(said.text).toBe(
      `La base de datos de la tienda no respondió. ${es('storeDb.category.network')}`,
    );
    expect(said.text).not.toMatch(/did not answer|ECONNREFUSED/);
    expect(said.details).toContain('ECONNREFUSED');
  });
  it('in English too', () => {
    expect(unavailableText(down, en).text).toBe(
      `The store database did not answer. ${en('storeDb.category.network')}`,
    );
  });
  it("the service's day summary, not the database", () => {
    const said = unavailableText(
      {
        code: 'not-available',
        message: 'The day summary could not be fetched (unknown): timeout',
        issues: { day_summary: 'unknown' },
      },
      es,
    );
    expect(said.text).toBe(
      'No se pudo obtener el resumen del día del servicio: el cierre de la tienda lo necesita. Vuelva a intentar.',
    );
    expect(said.details).toContain('timeout');
  });
  it('anything else: a Spanish sentence, the message only in the details', () => {
    const said = unavailableText({ code: 'internal', message: 'boom' }, es);
    expect(said.text).not.toContain('boom');
    expect(said.details).toContain('boom');
  });
});

describe('the store close says why a day cannot be closed yet', () => {
  it("a day that has not ended, in the counter's way of writing days", () => {
    expect(refusedDayText('2026-11-28', '2026-11-27', es, 'es-PE')).toBe(
      'No se puede cerrar: el día 28/11/2026 no ha terminado en la tienda (hoy es 27/11/2026). Se cierra desde el día siguiente.',
    );
    expect(refusedDayText('2026-11-27', '2026-11-27', en, 'en')).toBe(
      'Cannot close: the day 11/27/2026 has not ended at the store (today is 11/27/2026). It is closed from the next day on.',
    );
  });

  it('a silent counter the note does not name', () => {
    expect(refusedSilentText(['Caja 2'], es)).toBe(
      'La nota debe nombrar la caja en silencio: Caja 2. Diga qué se sabe de ella antes de cerrar.',
    );
  });
});
