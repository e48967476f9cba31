// "Probar conexión" of the store database as lines, reached without a browser: what a failed
// check says to do, and that nothing after an unreachable server reads as checked.
import { beforeAll, describe, expect, it } from 'vitest';
import type { StoreDbCheck } from '../../shared/store/store-db-check';
import { loadSupervisorTexts, translate } from '../i18n/translate';
import type { T } from '../i18n/use-t';
import { checkLines, skewText } from './store-db-checks';

const es: T = (key, params) => translate('es-PE', key, params);
// The store database's Spanish texts come with the settings screen (lazy-views.ts).
beforeAll(() => loadSupervisorTexts());

const passed: StoreDbCheck = {
  ok: true,
  reachable: { ok: true, category: null, server_version: '15.4' },
  migrated: { ok: true, version: 112, required: 112 },
  privileges: { ok: true, missing: [], excess: [] },
  clock: { ok: true, skew_ms: 2_000 },
};

describe('the store database checks', () => {
  it('an unreachable server leaves every other check not checked, with nothing to say', () => {
    const lines = checkLines(
      { ...passed, ok: false, reachable: { ok: false, category: 'network', server_version: null } },
      es,
    );
    expect(lines.map((l) => [l.name, l.ok])).toEqual([
      ['reachable', false],
      ['migrated', null],
      ['privileges', null],
      ['clock', null],
    ]);
    expect(lines[0]?.text).toBe(es('storeDb.category.network'));
    expect(lines[0]?.text).not.toMatch(/^storeDb\./);
    expect(lines.slice(1).map((l) => l.text)).toEqual(['', '', '']);
  });

  it('names the privileges missing and too many, and an older schema', () => {
    const lines = checkLines(
      {
        ...passed,
        ok: false,
        migrated: { ok: false, version: 100, required: 112 },
        privileges: { ok: false, missing: ['INSERT journal_lines'], excess: ['superuser'] },
      },
      es,
    );
    expect(lines[1]).toMatchObject({
      ok: false,
      text: es('storeDb.check.older', { version: 100, required: 112 }),
    });
    expect(lines[2]?.text).toContain('INSERT journal_lines');
    expect(lines[2]?.text).toContain('superuser');
  });

  it('says a clock difference in seconds, minutes or hours, either way', () => {
    expect(skewText(2_400)).toBe('2 s');
    expect(skewText(-720_000)).toBe('12 min');
    expect(skewText(7_500_000)).toBe('2 h 5 min');
    expect(skewText(7_200_000)).toBe('2 h');
    const off = checkLines({ ...passed, ok: false, clock: { ok: false, skew_ms: -7_500_000 } }, es);
    expect(off[3]).toMatchObject({
      ok: false,
      text: es('storeDb.check.clockOff', { skew: '2 h 5 min' }),
    });
  });
});
