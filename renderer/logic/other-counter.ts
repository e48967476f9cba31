// How a screen names another counter of the store and its moment (docs/store-database.md): its
// name as its supervisor gave it, else "another counter (its id)"; the time alone when it is
// today's, else the day and time.
import type { Language, OtherCounter } from '../../shared/bridge';
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
