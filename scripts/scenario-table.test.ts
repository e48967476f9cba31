import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScenarioDef } from '../electron/mock/trainer/scenario-def';
import { repositoryRoot } from './import-boundaries';
import { readmeScenarioTable, scenarioTable, withScenarioTable } from './scenario-table';

const dni = (value: string) => ({ kind: 'dni' as const, value });
const def = (over: Partial<ScenarioDef>): ScenarioDef => ({
  name: 'plain-sale',
  api: 'v3',
  action: 'sale',
  title: { es: '', en: '' },
  description: { es: '', en: '' },
  expect: { es: '', en: '' },
  funding: { code: 'VENTA1', identity: dni('41000001'), creditLine: 100 },
  ...over,
});

describe("the README's scenario table", () => {
  it('is the one generated from the training cases (npm run scenario-table rewrites it)', () => {
    const readme = readFileSync(join(repositoryRoot(), 'README.md'), 'utf8');
    expect(
      readmeScenarioTable(readme),
      'README.md "Scenario catalogue" differs: run `npm run scenario-table`',
    ).toEqual(scenarioTable());
  });

  it('says what the cashier types, the store settings and the store a case sets', () => {
    expect(
      scenarioTable([
        def({}),
        def({ name: 'm', typed: dni('41000099'), funding: { ...def({}).funding, code: 'DNIX01' } }),
        def({ name: 's', merchant: { v3_allowed: false } }),
        def({ name: 'c', store: 'counter-cut-off' }),
      ]).slice(2),
    ).toEqual([
      '| plain-sale | `VENTA1` | dni 41000001 |',
      "| m | `DNIX01` | dni 41000099 typed (the funding's is 41000001) |",
      '| s | `VENTA1` | dni 41000001 (sets `v3_allowed: false`) |',
      "| c | `VENTA1` | dni 41000001 (F6's store close with a practice store: Caja 3 cut off) |",
    ]);
  });

  it('replaces only the table', () => {
    const readme =
      'intro\n\n| name | code | identity |\n| --- | --- | --- |\n| old | `X` | y |\n\nafter';
    expect(withScenarioTable(readme, ['| name | code | identity |', '| --- | --- | --- |'])).toBe(
      'intro\n\n| name | code | identity |\n| --- | --- | --- |\n\nafter',
    );
  });
});
