// How current each counter's data is for the store close (store-close.ts): complete, current,
// silent, marked off or never reported, by what the database knows first; and which silent
// counters had work that day, so the close names them (docs/store-close.md).

import { storeDayOf } from './close-operations';
import type { CounterClose, FreshnessKind, MarkedOff } from './close-record';
import type { StoreCloseInput } from './store-close-input';
import type { CounterFreshness } from './store-operation';

/**
 * How long a counter may go without a signed call before it is silent, where the database's
 * standing was not read (the view `store_counters` uses the same 30 s, by its clock).
 */
export const STALE_AFTER_MS = 30_000;

function standingOf(
  fresh: CounterFreshness,
  input: StoreCloseInput,
): NonNullable<CounterFreshness['standing']> {
  // Marked off for another day: for this one it is silent still.
  if (fresh.standing === 'off' && fresh.off_day && fresh.off_day !== input.day) return 'silent';
  if (fresh.standing) return fresh.standing;
  const seen = fresh.last_seen_at === null ? Number.NaN : Date.parse(fresh.last_seen_at);
  return Date.parse(input.now) - seen <= (input.staleAfterMs ?? STALE_AFTER_MS)
    ? 'current'
    : 'silent';
}

/**
 * Who marked the counter off for this day, as the database holds it: only while the mark stands
 * (standing `off`, no call since) and is of this day. The database checks the record says the
 * same (migration 0109).
 */
function markedOffOf(
  fresh: CounterFreshness | undefined,
  input: StoreCloseInput,
): MarkedOff | undefined {
  if (fresh?.standing !== 'off' || fresh.off_day !== input.day) return undefined;
  if (!fresh.off_by || !fresh.off_at) return undefined;
  return {
    supervisor: fresh.off_by,
    at: fresh.off_at,
    by_terminal_id: fresh.off_marked_by ?? null,
    by_terminal_name: fresh.off_marked_by_name ?? null,
  };
}

export function freshnessOf(
  fresh: CounterFreshness | undefined,
  input: StoreCloseInput,
): {
  freshness: FreshnessKind;
  last_line_at: string | null;
  last_seen_at: string | null;
  marked_off?: MarkedOff;
} {
  if (!fresh || fresh.last_seq === 0 || fresh.last_line_at === null) {
    return { freshness: 'never', last_line_at: null, last_seen_at: fresh?.last_seen_at ?? null };
  }
  const { last_line_at, last_seen_at } = fresh;
  const marked_off = markedOffOf(fresh, input);
  const mark = marked_off ? { marked_off } : {};
  // Lines reach the database in journal order: one from a later day means the whole day is in.
  if (storeDayOf(last_line_at, input.timeZone) > input.day) {
    return { freshness: 'complete', last_line_at, last_seen_at, ...mark };
  }
  return { freshness: standingOf(fresh, input), last_line_at, last_seen_at, ...mark };
}

/**
 * A silent counter, or one marked off for the day, that had work on the day: lines of that day,
 * operations it reported open at its last call, or that last call during the day. Marking a
 * counter off ends the question at the other counters; what it did after its last data is still
 * missing from the close, so it stays an exception the note must name (docs/store-close.md). The
 * database's `store_db_close_day` asks the same (migrations 0103, 0109).
 */
export function silentWithWork(
  counter: Pick<CounterClose, 'freshness' | 'operations'>,
  fresh: CounterFreshness | undefined,
  input: StoreCloseInput,
): boolean {
  if (counter.freshness !== 'silent' && counter.freshness !== 'off') return false;
  if (counter.operations > 0) return true;
  if ((fresh?.reported_open ?? 0) > 0) return true;
  return fresh?.last_seen_at ? storeDayOf(fresh.last_seen_at, input.timeZone) === input.day : false;
}
