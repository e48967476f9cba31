// What a store's day view lists and how it writes it (docs/head-office.md "Drilling into a store's
// day"): amounts and moments in the store's own zone, the operations still waiting for an answer
// on a day not closed, the counters it has a row for and the name each goes by. Pure.
import { formatPEN } from '../../shared/domain/money';
import { formatStoreMoment } from '../../shared/domain/store-time';
import type { StoreDay } from '../../shared/head-office/chain';
import { counterName } from './office-words';

/** An amount in soles, or `—` when there is none. */
export const moneyText = (cents: number | null | undefined): string =>
  cents === null || cents === undefined ? '—' : formatPEN(cents);

/** An instant as the store's clock showed it, or `—`. */
export const storeMomentText = (iso: string | null, timeZone: string, language: string): string =>
  iso ? formatStoreMoment(iso, timeZone, language) : '—';

/** The sales and undos of a day not closed still without an answer (reads are not counted). */
export function openOperations(day: Pick<StoreDay, 'operations'>): StoreDay['operations'] {
  return day.operations.filter(
    (o) =>
      (o.status === 'pending' || o.status === 'unknown') &&
      !(
        o.operation === 'v3.verify' ||
        o.operation === 'v2.info' ||
        o.operation === 'v2.daySummary'
      ),
  );
}

/** The counters silent now, by the database's clock. */
export function silentCounters(day: Pick<StoreDay, 'counters'>): StoreDay['counters'] {
  return day.counters.filter((c) => c.standing === 'silent');
}

/** Every counter the day knows: those of its close, of its figures now, of the store now. */
export function dayCounterIds(day: Pick<StoreDay, 'close' | 'figures' | 'counters'>): string[] {
  return [
    ...new Set([
      ...(day.close?.content.counters.map((c) => c.terminal_id) ?? []),
      ...Object.keys(day.figures.counters),
      ...day.counters.map((c) => c.terminal_id),
    ]),
  ];
}

/** A counter as the close names it (its id if the close does not), else as the store does now. */
export function dayCounterName(day: Pick<StoreDay, 'close' | 'counters'>, id: string): string {
  const content = day.close?.content ?? null;
  return content
    ? counterName(id, content)
    : (day.counters.find((c) => c.terminal_id === id)?.terminal_name ?? id);
}
