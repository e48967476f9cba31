// The head-office page's words for what it shows (docs/head-office.md "What each state means"):
// each store day's state in a cell's few letters, with its icon, and in a whole sentence (what a
// screen reader says, what the line under the grid says, what the CSV holds); a close's
// exceptions and each counter's freshness with codes and amounts, never a customer. Pure.
import { formatPEN } from '../../shared/domain/money';
import { dayInZone, formatStoreDate, formatStoreMoment } from '../../shared/domain/store-time';
import type { Cell, CellKind } from '../../shared/head-office/cell-state';
import type {
  GridStore,
  HeadOfficeCloseContent,
  HeadOfficeException,
  StoreDay,
} from '../../shared/head-office/chain';
import type { CounterFreshness } from '../../shared/store/store-operation';
import type { T } from '../i18n/use-t';

/** Each state's icon: colour is never the only sign (the words say it too). */
export const CELL_ICON: Record<CellKind, string> = {
  exceptions: '⚠',
  'after-close': '↺',
  silent: '◌',
  off: '⊘',
  balanced: '✓',
  'not-closed': '✕',
  today: '◷',
  'no-activity': '·',
  absent: '',
};

const money = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? '—' : formatPEN(cents);

/** The store as head office calls it: its name, else its code. */
export const storeLabel = (store: Pick<GridStore, 'name' | 'store'>) => store.name ?? store.store;

/** A cell's few letters. */
export function cellLabel(cell: Cell, t: T): string {
  if (cell.kind === 'exceptions')
    return t('headOffice.cell.exceptions', { count: cell.exceptions });
  return t(`headOffice.cell.${cell.kind}`);
}

/** A cell's state in words: "cerrada con 2 excepciones, S/ 350.00 en juego". */
export function cellState(cell: Cell, t: T): string {
  switch (cell.kind) {
    case 'exceptions':
      return cell.exceptions === 1
        ? t('headOffice.state.exceptionsOne', { amount: money(cell.atStakeCents) })
        : t('headOffice.state.exceptions', {
            count: cell.exceptions,
            amount: money(cell.atStakeCents),
          });
    case 'silent':
      return cell.closed ? t('headOffice.state.silentClosed') : t('headOffice.state.silent');
    default:
      return t(`headOffice.state.${cell.kind}`);
  }
}

/** The whole sentence of a store day: its state, what else holds, its figures. */
export function cellSentence(store: GridStore, cell: Cell, t: T, language: string): string {
  const parts = [cellState(cell, t)];
  if (cell.open > 0) {
    parts.push(
      cell.open === 1
        ? t('headOffice.state.openOne')
        : t('headOffice.state.open', { count: cell.open }),
    );
  }
  if (cell.silent > 0 && cell.kind !== 'silent') parts.push(t('headOffice.state.silentFlag'));
  if (cell.afterClose && cell.kind !== 'after-close') parts.push(t('headOffice.state.afterFlag'));
  if (cell.kind !== 'absent' && cell.kind !== 'no-activity') {
    parts.push(
      t('headOffice.state.figures', {
        amount: money(cell.collectedCents),
        billed: cell.billed,
        undone: cell.undone,
      }),
    );
  }
  return t('headOffice.state.full', {
    store: storeLabel(store),
    day: formatStoreDate(cell.day, language),
    state: parts.join('; '),
  });
}

/** A counter as the close names it: its name, else its id. */
export function counterName(id: string, content: Pick<HeadOfficeCloseContent, 'counters'>): string {
  return content.counters.find((c) => c.terminal_id === id)?.terminal_name ?? id;
}

function operationWord(name: string, t: T): string {
  if (name.endsWith('.paidAndBilled')) return t('headOffice.op.billing');
  if (name.endsWith('.undoBilling')) return t('headOffice.op.undo');
  if (name === 'v3.verify' || name === 'v2.info') return t('headOffice.op.verify');
  return t('headOffice.op.other');
}

export function operationText(name: string, t: T): string {
  return operationWord(name, t);
}

export function statusText(status: string, t: T): string {
  switch (status) {
    case 'succeeded':
    case 'refused':
    case 'unknown':
    case 'pending':
      return t(`headOffice.status.${status}`);
    default:
      return status;
  }
}

/** A close's exception as head office reads it: counter, cashier, code and amounts. */
export function exceptionLine(
  e: HeadOfficeException,
  content: Pick<HeadOfficeCloseContent, 'counters' | 'time_zone'>,
  t: T,
  language: string,
): string {
  const moment = (iso: string | null) =>
    iso ? formatStoreMoment(iso, content.time_zone, language) : '—';
  const code = (value: string | null) => value ?? t('headOffice.exc.noCode');
  switch (e.kind) {
    case 'held':
      return t('headOffice.exc.held', {
        counter: counterName(e.terminal_id, content),
        cashier: e.cashier_id,
        amount: money(e.amount_cents),
        code: e.funding_code,
        when: moment(e.held_at),
        reason: e.reason,
      });
    case 'open':
      return t('headOffice.exc.open', {
        counter: counterName(e.terminal_id, content),
        cashier: e.cashier_id,
        time: moment(e.started_at),
        operation: operationWord(e.operation, t),
        code: code(e.funding_code),
        amount: money(e.amount_cents),
      });
    case 'reconcile': {
      const params = {
        counters: e.counters.map((id) => counterName(id, content)).join(', ') || '—',
        cashiers: e.cashiers.join(', ') || '—',
        code: code(e.funding_code),
        orders: e.order_ids.join(', ') || '—',
        amount: money(e.status === 'extra' ? e.service_cents : e.counters_cents),
        service: money(e.service_cents),
      };
      if (e.status === 'missing') return t('headOffice.exc.missing', params);
      if (e.status === 'extra') return t('headOffice.exc.extra', params);
      return t('headOffice.exc.differs', params);
    }
    case 'silent':
      return t('headOffice.exc.silent', {
        counter: counterName(e.terminal_id, content),
        line: moment(e.last_line_at),
        open: e.open_operations ?? 0,
        waiting: e.waiting_lines ?? 0,
      });
    case 'stopped':
      return t('headOffice.exc.stopped', {
        counter: counterName(e.terminal_id, content),
        line: moment(e.last_line_at),
      });
    case 'record-held':
      return t('headOffice.exc.recordHeld', {
        counter: counterName(e.terminal_id, content),
        seq: e.conflict_seq ?? '—',
        unreadable: e.unreadable_lines,
      });
  }
}

/** Each counter's standing now, as the database stands it, and how far its data go. */
export function freshnessNow(
  counter: CounterFreshness,
  timeZone: string,
  t: T,
  language: string,
): string {
  const moment = (iso: string | null) => (iso ? formatStoreMoment(iso, timeZone, language) : '—');
  const standing = counter.standing ?? 'current';
  const state =
    standing === 'silent'
      ? t('headOffice.fresh.silent', { since: moment(counter.last_seen_at) })
      : counter.last_seq === 0
        ? t('headOffice.fresh.never')
        : t(`headOffice.fresh.${standing}`);
  return counter.last_line_at
    ? `${state} · ${t('headOffice.fresh.lastLine', { time: moment(counter.last_line_at) })}`
    : state;
}

/** A counter's freshness as the close recorded it. */
export function freshnessAtClose(
  counter: HeadOfficeCloseContent['counters'][number],
  timeZone: string,
  t: T,
  language: string,
): string {
  const moment = (iso: string | null) => (iso ? formatStoreMoment(iso, timeZone, language) : '—');
  const state =
    counter.freshness === 'silent'
      ? t('headOffice.fresh.silent', { since: moment(counter.last_seen_at) })
      : t(`headOffice.fresh.${counter.freshness}`);
  return counter.last_line_at
    ? `${state} · ${t('headOffice.fresh.lastLine', { time: moment(counter.last_line_at) })}`
    : state;
}

/** The operations of a closed day the close does not cover: its sales and undos that came late. */
export function arrivedAfterClose(day: StoreDay): StoreDay['operations'] {
  if (!day.close) return [];
  const covered = new Set(day.close.content.op_ids);
  return day.operations.filter(
    (o) =>
      (o.operation.endsWith('.paidAndBilled') || o.operation.endsWith('.undoBilling')) &&
      !covered.has(o.op_id),
  );
}

/** Whether a store's day has ended there, as of when it was read (its own zone). */
export function dayEnded(day: Pick<StoreDay, 'day' | 'as_of' | 'time_zone'>): boolean {
  try {
    return day.day < dayInZone(new Date(day.as_of), day.time_zone);
  } catch {
    return day.day < day.as_of.slice(0, 10);
  }
}
