// The day close: what the supervisor balances the drawer with and signs. Store, terminal,
// cashiers, day, printed at; the service's totals; this terminal's own counts and totals; the
// operations still open (the day is not closed while any remain); the reconciliation with its
// exceptions; the service's detail grouped by payment origin with subtotals; signature lines;
// the training mark.

import type { DaySummary, DaySummaryRow, PaymentOrigin } from '../api/in-store';
import type { HeldMoney } from '../bridge/held-money';
import { centsFromWire, formatPEN } from '../domain/money';
import {
  countByStatus,
  fromJournal,
  type ReconcileStatus,
  reconcile,
  undoneCollections,
} from '../domain/reconcile';
import { formatStoreDate, formatStoreDay } from '../domain/store-time';
import type { JournalOperation } from '../journal-entry';
import { shownIdentity } from '../personal-data/mask';
import { atom, type Block, type ReceiptDocument } from './blocks';
import { type Formatters, formatters, type PrintContext } from './context';
import type { TextKey } from './texts';

export type DayCloseData = {
  day: string;
  summary: DaySummary;
  /** This terminal's journal for the day, in the current mode. */
  operations: readonly JournalOperation[];
  /** Operations without a definite answer (any day), in the current mode. */
  unresolved: readonly JournalOperation[];
  /**
   * Money this terminal holds for refused sales (any day, current mode): in the drawer but the
   * customer's, so the drawer is balanced with it (docs/decisions.md "Money held for a refused sale (issue 18, item 3)").
   */
  held?: readonly HeldMoney[];
  /**
   * A store database is set (or training's practice store): the service's summary is the whole
   * store's, and the store's day close balances it counter by counter. Like the screen, the paper
   * then leaves the reconciliation to that close instead of listing every other counter's sale
   * as extra (issue 35 item 5).
   */
  inStore?: boolean;
};

/** Extras listed one by one on the close; the rest are counted (the screen and CSV have all). */
const EXTRAS_LISTED = 20;
const BILLING = new Set(['v3.paidAndBilled', 'v2.paidAndBilled']);
const UNDO = new Set(['v3.undoBilling', 'v2.undoBilling']);
const ORIGINS: readonly PaymentOrigin[] = ['external', 'card', 'transfer'];
const ORIGIN_TEXT: Record<PaymentOrigin, TextKey> = {
  external: 'originExternal',
  card: 'originCard',
  transfer: 'originTransfer',
};
const STATUS_TEXT: Record<ReconcileStatus, TextKey> = {
  pending: 'reconPending',
  missing: 'reconMissing',
  extra: 'reconExtra',
  'amount-differs': 'reconDiffers',
  matched: 'reconMatched',
};

/** A wire total as money; a figure that is not a valid amount is shown as sent, never guessed. */
function wireMoney(value: number): string {
  const cents = centsFromWire(value);
  return atom(cents === null ? String(value) : formatPEN(cents));
}

/**
 * This terminal's figures of the day. `collected` is every down payment collected here (what the
 * drawer took); `undoneCollected` the part of it collected for billings undone by the end of the
 * day, which the service's summary no longer counts (shared/domain/reconcile.ts
 * undoneCollections).
 */
export function terminalCounts(operations: readonly JournalOperation[]) {
  let billed = 0;
  let undone = 0;
  let refused = 0;
  let collected = 0;
  let undoneCollected = 0;
  const setApart = undoneCollections(operations.map(fromJournal));
  for (const op of operations) {
    if (BILLING.has(op.operation) && op.status === 'succeeded') {
      billed += 1;
      collected += op.intent.to_collect_cents ?? 0;
      if (setApart.has(op.op_id)) undoneCollected += op.intent.to_collect_cents ?? 0;
    } else if (UNDO.has(op.operation) && op.status === 'succeeded') undone += 1;
    else if ((BILLING.has(op.operation) || UNDO.has(op.operation)) && op.status === 'refused')
      refused += 1;
  }
  return { billed, undone, refused, collected, undoneCollected };
}

function cashiersOf(operations: readonly JournalOperation[]): string[] {
  return [...new Set(operations.map((op) => op.intent.cashier_id.toUpperCase()))].sort();
}

/** What a supervisor calls an operation, not its journal name (`v3.paidAndBilled`). */
function operationLabel(name: string, t: Formatters['t']): string {
  const [, action = name] = name.split('.');
  if (action === 'paidAndBilled') return t('opBilling');
  if (action === 'verify') return t('opVerify');
  if (action === 'info') return t('opInfo');
  if (action === 'undoBilling') return t('opUndo');
  if (action === 'daySummary') return t('opDaySummary');
  if (action.startsWith('refund')) return t('opRefund');
  if (name.startsWith('orders.')) return t('opOrder');
  return name;
}

function openBlocks(data: DayCloseData, f: Formatters): Block[] {
  const { t, money, time } = f;
  const head: Block = { kind: 'heading', text: `${t('openTitle')} (${data.unresolved.length})` };
  if (data.unresolved.length === 0) return [head, { kind: 'text', text: t('openNone') }];
  return [
    head,
    ...data.unresolved.map(
      (op): Block => ({
        kind: 'entry',
        cells: [
          time(op.started_at),
          atom(operationLabel(op.operation, t)),
          atom(shownIdentity(op.intent.identity?.value)),
          atom(op.intent.funding_code ?? ''),
        ].filter((cell) => cell.length > 0),
        amount: money(op.intent.to_collect_cents ?? op.intent.refund_cents ?? null),
      }),
    ),
    { kind: 'text', text: t('openWarning'), bold: true },
  ];
}

function heldBlocks(held: readonly HeldMoney[], f: Formatters): Block[] {
  const { t, money, time } = f;
  const head: Block = { kind: 'heading', text: `${t('heldTitle')} (${held.length})` };
  if (held.length === 0) return [head, { kind: 'text', text: t('heldNone') }];
  const total = held.reduce((sum, hold) => sum + hold.amount_cents, 0);
  return [
    head,
    ...held.map(
      (hold): Block => ({
        kind: 'entry',
        cells: [
          time(hold.held_at),
          atom(shownIdentity(hold.identity?.value)),
          atom(hold.funding_code),
          atom(hold.cashier_id),
        ].filter((cell) => cell.length > 0),
        amount: money(hold.amount_cents),
      }),
    ),
    { kind: 'field', label: t('heldTotal'), value: money(total), bold: true },
    { kind: 'text', text: t('heldWarning'), bold: true },
  ];
}

function reconciliationBlocks(data: DayCloseData, f: Formatters): Block[] {
  const { t, money } = f;
  const rows = data.summary.order_detail ?? [];
  const lines = reconcile(rows, data.operations);
  const counts = countByStatus(lines);
  // The summary is the whole store's: every other terminal's sale is "extra" here. What this
  // terminal must act on (pending, missing, amounts that differ) is listed in full; the extras
  // up to a few, then counted.
  const own = lines.filter((line) => line.status !== 'matched' && line.status !== 'extra');
  const extras = lines.filter((line) => line.status === 'extra');
  const exceptions = [...own, ...extras.slice(0, EXTRAS_LISTED)];
  const more = extras.length - Math.min(extras.length, EXTRAS_LISTED);
  return [
    { kind: 'heading', text: t('reconTitle') },
    ...(['matched', 'missing', 'extra', 'amount-differs', 'pending'] as const).map(
      (status): Block => ({
        kind: 'field',
        label: t(STATUS_TEXT[status]),
        value: String(counts[status]),
        bold: status !== 'matched' && counts[status] > 0,
      }),
    ),
    { kind: 'text', text: `${t('reconExceptions')}:`, bold: true },
    ...(exceptions.length === 0
      ? [{ kind: 'text', text: t('reconNone') } as const]
      : exceptions.map(
          (line): Block => ({
            kind: 'entry',
            cells: [
              t(STATUS_TEXT[line.status]),
              atom(shownIdentity(line.identity)),
              ...(line.fundingCode ? [atom(line.fundingCode)] : []),
              ...line.orderIds.map(atom),
            ],
            amount: money(line.status === 'extra' ? line.summaryInStore : line.journalCollected),
          }),
        )),
    ...(more > 0 ? [{ kind: 'text', text: t('reconMore', { count: more }) } as const] : []),
  ];
}

function detailBlocks(rows: readonly DaySummaryRow[], f: Formatters): Block[] {
  const { t } = f;
  const blocks: Block[] = [
    { kind: 'heading', text: t('detailTitle') },
    { kind: 'columns', cells: [t('colOrder'), t('colIdentity')], amount: t('colAmount') },
  ];
  if (rows.length === 0) return [...blocks, { kind: 'text', text: t('noRows') }];
  let total = 0;
  for (const origin of ORIGINS) {
    const group = rows.filter((row) => row.payment_origin === origin);
    if (group.length === 0) continue;
    let subtotal = 0;
    blocks.push({ kind: 'text', text: t(ORIGIN_TEXT[origin]), bold: true, keepWithNext: true });
    for (const row of group) {
      subtotal += centsFromWire(row.amount) ?? 0;
      blocks.push({
        kind: 'entry',
        cells: [atom(row.order_id), atom(shownIdentity(row.dni))],
        amount: wireMoney(row.amount),
      });
    }
    total += subtotal;
    blocks.push({
      kind: 'entry',
      cells: [t('subtotal', { origin: t(ORIGIN_TEXT[origin]), count: group.length })],
      amount: atom(formatPEN(subtotal)),
      subtotal: true,
    });
  }
  blocks.push({
    kind: 'entry',
    cells: [t('total', { count: rows.length })],
    amount: atom(formatPEN(total)),
    subtotal: true,
  });
  return blocks;
}

export function dayClose(data: DayCloseData, context: PrintContext): ReceiptDocument {
  const f = formatters(context);
  const { t, money, time } = f;
  const counts = terminalCounts(data.operations);
  const cashiers = cashiersOf(data.operations);
  const mark: Block[] = context.training ? [{ kind: 'mark', text: t('trainingMark') }] : [];
  const blocks: Block[] = [
    ...mark,
    { kind: 'title', text: t('closeTitle') },
    { kind: 'text', text: context.store_name, align: 'center' },
    { kind: 'text', text: formatStoreDay(data.day, context.language), align: 'center' },
    { kind: 'rule' },
    { kind: 'field', label: t('day'), value: atom(formatStoreDate(data.day, context.language)) },
    { kind: 'field', label: t('terminal'), value: atom(context.terminal_id ?? t('unknown')) },
    {
      kind: 'field',
      label: t(cashiers.length === 1 ? 'cashier' : 'cashiers'),
      value: cashiers.length > 0 ? cashiers.join(', ') : t('unknown'),
    },
    { kind: 'field', label: t('printedAt'), value: time(context.printed_at) },
    { kind: 'heading', text: t('serviceTotals') },
    { kind: 'field', label: t('totalPurchases'), value: wireMoney(data.summary.total_purchases) },
    { kind: 'field', label: t('totalInStore'), value: wireMoney(data.summary.total_paid_in_store) },
    { kind: 'field', label: t('totalFinanced'), value: wireMoney(data.summary.total_financed) },
    { kind: 'heading', text: t('terminalTotals') },
    { kind: 'field', label: t('salesBilled'), value: String(counts.billed) },
    { kind: 'field', label: t('salesUndone'), value: String(counts.undone) },
    { kind: 'field', label: t('salesRefused'), value: String(counts.refused) },
    { kind: 'field', label: t('collectedInStore'), value: money(counts.collected), bold: true },
    { kind: 'field', label: t('collectedForUndone'), value: money(counts.undoneCollected) },
    ...openBlocks(data, f),
    ...heldBlocks(data.held ?? [], f),
    ...(data.inStore
      ? ([
          { kind: 'heading', text: t('reconTitle') },
          { kind: 'text', text: t('reconInStoreClose') },
        ] as Block[])
      : reconciliationBlocks(data, f)),
    ...detailBlocks(data.summary.order_detail ?? [], f),
    { kind: 'rule' },
    { kind: 'signature', label: t('signCashier') },
    { kind: 'signature', label: t('signSupervisor') },
    ...mark,
  ];
  return { name: 'day-close', title: t('closeTitle'), blocks };
}
