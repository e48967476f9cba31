// How a screen names another counter of the store and its moment (docs/store-database.md): its
// name as its supervisor gave it, else "another counter (its id)"; the time alone when it is
// today's, else the day and time.
import type { Language, OtherCounter, SilentCounter, StoreCheck } from '../../shared/bridge';
import { translate } from '../i18n/translate';
import { dayInTimeZone, formatStoreClock, formatStoreMoment } from './store-day';

export function counterWords(
  counter: OtherCounter,
  timeZone: string,
  language: Language,
  now: Date = new Date(),
): { counter: string; time: string; today: boolean } {
  const name =
    counter.terminal_name ??
    translate(language, 'storeDb.elsewhere.unnamed', { id: counter.terminal_id });
  const today = dayInTimeZone(new Date(counter.at), timeZone) === dayInTimeZone(now, timeZone);
  return {
    counter: name,
    time: today
      ? formatStoreClock(counter.at, timeZone, language)
      : formatStoreMoment(counter.at, timeZone, language),
    today,
  };
}

/**
 * The other counters the store database has not heard from, each with its own since when
 * ("Caja 2 (desde las 23:13:40) y Caja 1 (desde las 23:23:05)"): two counters cut off at
 * different moments never share one time (issue 35 item 10). In the database's order, the
 * longest silent first.
 */
export function silentCountersText(
  silent: readonly SilentCounter[],
  timeZone: string,
  language: Language,
  now: Date = new Date(),
): { text: string; many: boolean } {
  const parts = silent.map((c) => {
    const words = counterWords(
      { terminal_id: c.terminal_id, terminal_name: c.terminal_name, at: c.since },
      timeZone,
      language,
      now,
    );
    return translate(
      language,
      words.today ? 'storeDb.elsewhere.since' : 'storeDb.elsewhere.sinceDay',
      { counter: words.counter, time: words.time },
    );
  });
  const text =
    parts.length <= 1
      ? (parts[0] ?? '')
      : `${parts.slice(0, -1).join(', ')}${translate(language, 'storeDb.elsewhere.and')}${parts.at(-1)}`;
  return { text, many: parts.length > 1 };
}

/**
 * A paid-and-billed of this code in doubt at a counter that is itself silent: its answer cannot
 * arrive until that counter is back on the database, so "verify again when it has the answer"
 * alone would have the cashier wait for nothing (issue 35 item 9). The steps to say then, and
 * since when it is silent; null when the counter is heard from.
 */
export function elsewhereSilence(
  check: StoreCheck,
  timeZone: string,
  language: Language,
  now: Date = new Date(),
): { steps: 'storeDb.elsewhere.inDoubt.stepsSilent'; since: string } | null {
  if (check.state !== 'in-doubt-elsewhere') return null;
  const silent = check.silent?.find((c) => c.terminal_id === check.counter.terminal_id);
  if (!silent) return null;
  const { time } = counterWords({ ...check.counter, at: silent.since }, timeZone, language, now);
  return { steps: 'storeDb.elsewhere.inDoubt.stepsSilent', since: time };
}
