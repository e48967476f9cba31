// The README's scenario table ("Scenario catalogue") is generated from the training cases
// (electron/mock/trainer/scenario-defs.ts): a case's name, code and identity are written there
// once. `scripts/scenario-table.test.ts` fails while the README's table differs from the generated
// one; `npm run scenario-table` rewrites it.
//
//   npm run scenario-table          # rewrite the table in README.md
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScenarioDef } from '../electron/mock/trainer/scenario-def';
import { SCENARIO_DEFS } from '../electron/mock/trainer/scenario-defs';

const HEADER = ['| name | code | identity |', '| --- | --- | --- |'];

/** What a store case sets up, as the table says it. */
const STORE_NOTE: Record<NonNullable<ScenarioDef['store']>, string> = {
  'counter-cut-off': "F6's store close with a practice store: Caja 3 cut off",
};

/** The identity column: the funding's, what the cashier types instead, what the case sets. */
function identityCell(def: ScenarioDef): string {
  const own = `${def.funding.identity.kind} ${def.funding.identity.value}`;
  const typed = def.typed ? `${def.typed.kind} ${def.typed.value}` : null;
  const shown =
    typed && typed !== own
      ? `${typed} typed (the funding's is ${def.funding.identity.value})`
      : own;
  const notes = [
    ...Object.entries(def.merchant ?? {}).map(([key, value]) => `sets \`${key}: ${value}\``),
    ...(def.store ? [STORE_NOTE[def.store]] : []),
  ];
  return notes.length > 0 ? `${shown} (${notes.join('; ')})` : shown;
}

/** The table's lines, header included, one row per training case, in their order. */
export function scenarioTable(defs: readonly ScenarioDef[] = SCENARIO_DEFS): string[] {
  return [
    ...HEADER,
    ...defs.map((def) => `| ${def.name} | \`${def.funding.code}\` | ${identityCell(def)} |`),
  ];
}

/** The README's lines from the table's header to its last row; null when there is no table. */
function tableSpan(lines: readonly string[]): { start: number; end: number } | null {
  const start = lines.indexOf(HEADER[0] as string);
  if (start < 0) return null;
  let end = start;
  while (end + 1 < lines.length && lines[end + 1]?.startsWith('|')) end++;
  return { start, end };
}

/** The README's scenario table as it stands. */
export function readmeScenarioTable(readme: string): string[] {
  const lines = readme.split('\n');
  const span = tableSpan(lines);
  return span ? lines.slice(span.start, span.end + 1) : [];
}

/** The README with its scenario table replaced by `table`. */
export function withScenarioTable(readme: string, table: readonly string[]): string {
  const lines = readme.split('\n');
  const span = tableSpan(lines);
  if (!span) throw new Error(`README.md has no scenario table (a line "${HEADER[0]}")`);
  lines.splice(span.start, span.end - span.start + 1, ...table);
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = join(fileURLToPath(new URL('..', import.meta.url)), 'README.md');
  const before = readFileSync(file, 'utf8');
  const after = withScenarioTable(before, scenarioTable());
  if (after !== before) writeFileSync(file, after);
  console.log(
    after === before ? 'README.md: scenario table already current' : 'README.md: rewritten',
  );
}
