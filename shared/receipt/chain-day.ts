// The chain's day on one A4 page (docs/head-office.md "Export"): how many stores closed, the
// money at stake, the totals, then the stores that need head office, exceptions first and the
// most money first, and the stores closed and balanced by name. One page by construction: the
// list is cut at ATTENTION_ROWS with how many more there are (the page and the CSV list them
// all), so a chain of any size prints on one sheet (electron/head-office/chain-pdf.test.ts).
import type { Language } from '../bridge/settings';
import { formatPEN } from '../domain/money';
import { formatStoreDay, formatStoreMoment } from '../domain/store-time';
import {
  type Cell,
  dayRollups,
  type GridFilter,
  gridDates,
  matchesFilter,
  storeRows,
} from '../head-office/cell-state';
import type { ChainGrid } from '../head-office/chain';
import { atom, type Block, type ReceiptDocument } from './blocks';
import { type ChainDayT, chainDayTexts } from './chain-day-texts';

/** Rows of stores needing attention that fit the page under its figures. */
export const ATTENTION_ROWS = 20;
/** Characters of the balanced stores' names before "… and N more". */
const NAMES_ROOM = 420;

export type ChainDayData = {
  grid: ChainGrid;
  day: string;
  filter: GridFilter;
  source: 'database' | 'practice';
};

export type ChainDayContext = { language: Language; printed_at: string };

/** A store day's state in the printed words. */
export function cellStateText(cell: Cell, t: ChainDayT): string {
  switch (cell.kind) {
    case 'exceptions':
      return cell.exceptions === 1
        ? t('state.exceptionsOne')
        : t('state.exceptions', { count: cell.exceptions });
    case 'silent':
      return cell.closed ? t('state.silentClosed') : t('state.silent');
    case 'not-closed':
      return cell.open > 0 ? t('state.notClosedOpen', { count: cell.open }) : t('state.not-closed');
    default:
      return t(`state.${cell.kind}`);
  }
}

const money = (cents: number) => atom(formatPEN(cents));
/** A name cut to `room` characters, with an ellipsis when it was longer. */
const cut = (text: string, room: number) =>
  text.length <= room ? text : `${text.slice(0, room - 1).trimEnd()}…`;

/** The zone the page's times are read in: the stores' own when they share one, else UTC. */
function zoneOf(grid: ChainGrid): string {
  const zones = new Set(grid.stores.map((s) => s.time_zone));
  return zones.size === 1 ? ([...zones][0] ?? 'UTC') : 'UTC';
}

export function chainDay(data: ChainDayData, context: ChainDayContext): ReceiptDocument {
  const t = chainDayTexts(context.language);
  const { grid, day, filter } = data;
  const dates = gridDates(grid);
  const index = Math.max(0, dates.indexOf(day));
  const shown = { ...grid, stores: grid.stores.filter((s) => matchesFilter(s, filter)) };
  const rows = storeRows(shown, dates);
  const up = dayRollups(rows, dates)[index];
  const cellOfRow = (row: (typeof rows)[number]) => row.cells[index];
  const zone = zoneOf(grid);
  const blocks: Block[] = [
    { kind: 'title', text: t('title') },
    { kind: 'text', text: formatStoreDay(day, context.language), align: 'center', bold: true },
    ...(data.source === 'practice' ? [{ kind: 'mark', text: t('mark') } as const] : []),
    {
      kind: 'field',
      label: t('readFrom'),
      value: data.source === 'practice' ? t('practice') : t('database'),
    },
    {
      kind: 'field',
      label: t('asOf'),
      value: atom(
        `${formatStoreMoment(grid.as_of, zone, context.language)}${zone === 'UTC' ? ' UTC' : ''}`,
      ),
    },
  ];
  const filterWords = [
    ...(filter.region ? [t('filterRegion', { region: filter.region })] : []),
    ...(filter.text.trim() ? [t('filterText', { text: filter.text.trim() })] : []),
  ];
  if (filterWords.length > 0)
    blocks.push({ kind: 'field', label: t('filter'), value: filterWords.join(' · ') });
  const stores = up?.stores ?? 0;
  const noActivity = rows.filter((r) => cellOfRow(r)?.kind === 'no-activity').length;
  blocks.push(
    { kind: 'rule' },
    { kind: 'field', label: t('stores'), value: String(stores) },
    {
      kind: 'field',
      label: t('closed'),
      value: t('closedOf', { closed: up?.closed ?? 0, stores }),
      bold: true,
    },
    { kind: 'field', label: t('withExceptions'), value: String(up?.exceptions ?? 0) },
    { kind: 'field', label: t('atStake'), value: money(up?.atStakeCents ?? 0), bold: true },
    { kind: 'field', label: t('notClosed'), value: String(up?.notClosed ?? 0) },
    { kind: 'field', label: t('silent'), value: String(up?.silent ?? 0) },
    { kind: 'field', label: t('afterClose'), value: String(up?.afterClose ?? 0) },
    { kind: 'field', label: t('noActivity'), value: String(noActivity) },
    { kind: 'rule' },
    { kind: 'field', label: t('collected'), value: money(up?.collectedCents ?? 0), bold: true },
    { kind: 'field', label: t('billed'), value: String(up?.billed ?? 0) },
    { kind: 'field', label: t('undone'), value: String(up?.undone ?? 0) },
  );

  const needs = rows.filter((r) => {
    const cell = cellOfRow(r);
    return (
      cell !== undefined &&
      (cell.kind === 'exceptions' ||
        cell.kind === 'not-closed' ||
        cell.kind === 'after-close' ||
        cell.silent > 0)
    );
  });
  // Exceptions first, the most money first (storeRows' order is over all the days shown).
  needs.sort(
    (a, b) =>
      Number(cellOfRow(b)?.kind === 'exceptions') - Number(cellOfRow(a)?.kind === 'exceptions') ||
      (cellOfRow(b)?.atStakeCents ?? 0) - (cellOfRow(a)?.atStakeCents ?? 0),
  );
  blocks.push({ kind: 'heading', text: t('attention', { count: needs.length }) });
  if (needs.length === 0) blocks.push({ kind: 'text', text: t('none') });
  else
    blocks.push({
      kind: 'columns',
      cells: [t('colStore'), t('colState')],
      amount: t('colAmount'),
    });
  for (const row of needs.slice(0, ATTENTION_ROWS)) {
    const cell = cellOfRow(row);
    if (!cell) continue;
    const region = row.store.region ? `${cut(row.store.region, 22)} · ` : '';
    blocks.push({
      kind: 'entry',
      // One line each: the name in the first column's room, the region beside the state.
      cells: [cut(row.store.name ?? row.store.store, 26), `${region}${cellStateText(cell, t)}`],
      amount: money(cell.kind === 'exceptions' ? cell.atStakeCents : cell.collectedCents),
    });
  }
  if (needs.length > ATTENTION_ROWS)
    blocks.push({ kind: 'text', text: t('more', { count: needs.length - ATTENTION_ROWS }) });

  const balanced = rows.filter((r) => cellOfRow(r)?.kind === 'balanced');
  blocks.push({ kind: 'heading', text: t('balanced', { count: balanced.length }) });
  let names = '';
  let listed = 0;
  for (const row of balanced) {
    const name = cut(row.store.name ?? row.store.store, 26);
    if (names.length + name.length > NAMES_ROOM) break;
    names += `${listed > 0 ? ', ' : ''}${name}`;
    listed += 1;
  }
  if (listed < balanced.length) names += `, ${t('moreNames', { count: balanced.length - listed })}`;
  blocks.push({ kind: 'text', text: balanced.length === 0 ? t('none') : names });
  blocks.push({ kind: 'blank' }, { kind: 'text', text: t('footnote') });
  return { name: 'chain-day', title: t('title'), blocks };
}
