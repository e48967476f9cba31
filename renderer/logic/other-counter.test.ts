// How a counter's screen names the other counters it cannot hear from (issue 35 items 9 and 10):
// each with its own since when, and the counter holding a sale in doubt named as silent when it
// is, also when the service itself refuses the code because another till started it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoreCheck } from '../../shared/bridge';
import { loadCatalogue, translate } from '../i18n/translate';
import { elsewhereSilence, silentCountersText } from './other-counter';

beforeAll(() => loadCatalogue('en'));

const ZONE = 'America/La_Paz';
const NOW = new Date('2026-12-07T03:40:00.000Z');
// Caja 2 silent since 23:13:40, Caja 1 since 23:23:05, in La Paz (UTC-4).
const caja2 = {
  terminal_id: 'CAJA0002',
  terminal_name: 'Caja 2',
  since: '2026-12-07T03:13:40.000Z',
};
const caja1 = {
  terminal_id: 'CAJA0001',
  terminal_name: 'Caja 1',
  since: '2026-12-07T03:23:05.000Z',
};

describe('the silent counters, each with its own time', () => {
  it('says since when of each one, never one time for two', () => {
    expect(silentCountersText([caja2, caja1], ZONE, 'es-PE', NOW)).toEqual({
      many: true,
      text: 'Caja 2 (desde las 23:13:40) y Caja 1 (desde las 23:23:05)',
    });
    expect(silentCountersText([caja2], ZONE, 'en', NOW)).toEqual({
      many: false,
      text: 'Caja 2 (since 23:13:40)',
    });
  });
});

describe('a code held or started at a silent counter', () => {
  it('a paid-and-billed in doubt at a counter that is silent says so, and what brings the answer', () => {
    const check: StoreCheck = {
      state: 'in-doubt-elsewhere',
      counter: { terminal_id: 'CAJA0002', terminal_name: 'Caja 2', at: '2026-12-07T03:13:10.000Z' },
      silent: [caja2, caja1],
    };
    const said = elsewhereSilence(check, ZONE, 'es-PE', NOW);
    expect(said).toEqual({ steps: 'storeDb.elsewhere.inDoubt.stepsSilent', since: '23:13:40' });
    expect(
      translate('es-PE', said?.steps ?? 'storeDb.elsewhere.inDoubt.steps', {
        counter: 'Caja 2',
        time: '23:13:10',
        since: said?.since ?? '',
      }),
    ).toContain('Caja 2 no responde a la base de la tienda desde las 23:13:40');
    // Not silent: the answer will come; nothing more to say.
    expect(elsewhereSilence({ ...check, silent: [caja1] }, ZONE, 'es-PE', NOW)).toBeNull();
  });

  it('"another till started this sale" names the counters that cannot say whether it was them', () => {
    const check: StoreCheck = { state: 'clear', silent: [caja2, caja1] };
    const words = silentCountersText(check.silent ?? [], ZONE, 'es-PE', NOW);
    const text = translate('es-PE', 'storeDb.elsewhere.startedSilent.steps', {
      counters: words.text,
    });
    expect(text).toContain('Caja 2 (desde las 23:13:40) y Caja 1 (desde las 23:23:05)');
    expect(text).toMatch(/no cobre/i);
  });
});
