// The inventory of personal data as docs/personal-data.md shows it (a Markdown table written from
// the registry, inventory.ts), and how a registry entry's `covers` pattern matches a place.
import type { PersonalDataPlace } from './inventory';

export const TABLE_START =
  '<!-- inventory:start (written by npx tsx scripts/personal-data-doc.ts) -->';
export const TABLE_END = '<!-- inventory:end -->';

const WHOSE = {
  customer: 'customer',
  cashier: 'cashier (employee)',
  supervisor: 'supervisor (employee)',
};

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The table, between its markers. */
export function inventoryTable(places: readonly PersonalDataPlace[]): string {
  const rows = places.map((p) =>
    [
      `\`${p.id}\``,
      WHOSE[p.whose],
      p.where,
      p.readers,
      p.kept,
      p.removed,
      `[${p.source}](../${p.source})`,
    ]
      .map(cell)
      .join(' | '),
  );
  return [
    TABLE_START,
    '',
    '| id | whose | where | who reads it | kept whole | how it goes | code |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r} |`),
    '',
    TABLE_END,
  ].join('\n');
}

/** Whether a `covers` pattern (`*`: any text) names this place. */
export function matchesCover(pattern: string, place: string): boolean {
  const regex = new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return regex.test(place);
}
