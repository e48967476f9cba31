import { beforeAll, describe, expect, it } from 'vitest';
import { en } from './en';
import { supervisorEsPE } from './supervisor-texts';
import { spanishCatalogue as esPE } from './test-support';
import {
  catalogueLoaded,
  keepAmountsWhole,
  loadCatalogue,
  loadSupervisorTexts,
  parametersOf,
  translate,
} from './translate';

describe('amounts in running text', () => {
  it('never break after "S/": a plain space before the figure becomes a no-break space', () => {
    expect(keepAmountsWhole('3 cuotas de S/ 250.00 y S/ -1.00')).toBe(
      '3 cuotas de S/\u00a0250.00 y S/\u00a0-1.00',
    );
    expect(keepAmountsWhole('Monto (S/)')).toBe('Monto (S/)');
    expect(translate('es-PE', 'sale.amount').includes('S/ ')).toBe(false);
  });
});

describe('i18n catalogue', () => {
  beforeAll(() => loadCatalogue('en'));

  it('has the same keys in both languages', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(esPE).sort());
  });

  it('asks for the same parameters in both languages', () => {
    for (const key of Object.keys(esPE) as Array<keyof typeof esPE>) {
      expect({ key, parameters: parametersOf(en[key]) }).toEqual({
        key,
        parameters: parametersOf(esPE[key]),
      });
    }
  });

  it('says a count for one and for many, never "operación(es)" or "exception(s)"', () => {
    for (const [key, text] of [...Object.entries(esPE), ...Object.entries(en)]) {
      expect({ key, bracketedPlural: /\p{L}\((?:e?s)\)/u.test(text) }).toEqual({
        key,
        bracketedPlural: false,
      });
    }
  });

  it('has no empty message', () => {
    for (const [key, text] of [...Object.entries(esPE), ...Object.entries(en)]) {
      expect({ key, empty: text.trim() === '' }).toEqual({ key, empty: false });
    }
  });

  it('fills parameters and leaves unknown ones visible', () => {
    expect(translate('es-PE', 'sale.collect', { amount: 'S/\u00a0300.00' })).toBe(
      'Cobrar S/\u00a0300.00',
    );
    expect(translate('en', 'sale.installmentsValue', { count: 3, amount: 'S/\u00a0250.00' })).toBe(
      '3 installments of S/\u00a0250.00',
    );
    expect(translate('en', 'sale.collect')).toBe('Collect {amount}');
  });

  it('marks training printouts as not valid in Spanish in both languages', () => {
    expect(translate('es-PE', 'print.trainingMark')).toBe('ENTRENAMIENTO – NO VÁLIDO');
    expect(translate('en', 'print.trainingMark')).toContain('ENTRENAMIENTO – NO VÁLIDO');
  });

  it('loads English on demand; Spanish is always there', () => {
    expect(catalogueLoaded('es-PE')).toBe(true);
    expect(catalogueLoaded('en')).toBe(true);
  });
});

describe("the supervisor's screens' Spanish texts", () => {
  it('read in Spanish once loaded, as the lazy views load them before they render', async () => {
    await loadSupervisorTexts();
    expect(translate('es-PE', 'storeClose.title')).toBe(supervisorEsPE['storeClose.title']);
  });
});
