// What the store close's form (components/store-close-form.tsx) needs before "Cerrar el día de la
// tienda" is sent, and the one reason it says under its button: the day has not ended, an
// operation is open, a silent counter the note does not name, the supervisor, the note. Pure, so
// it is tested without a browser (docs/store-close.md).
import type { StoreCloseView } from '../../shared/bridge/store-close';
import { silentNotNamed } from '../../shared/store/store-close';
import type { T } from '../i18n/use-t';
import {
  refusedDayText,
  refusedNoteText,
  refusedOpenText,
  refusedSilentText,
  silentHolding,
} from './store-close-text';

export type CloseFormFields = {
  supervisor: string;
  note: string;
  pin: string;
  /** "Cerrar el día de la tienda" was pressed once: what is missing is said from then on. */
  tried: boolean;
};

export type CloseFormCheck = {
  /** A draft with exceptions: the supervisor's note must acknowledge them. */
  needsNote: boolean;
  supervisorOk: boolean;
  noteOk: boolean;
  /** The silent counters with work that day the note does not name yet. */
  unnamed: string[];
  /** What the form says under its button, or null. */
  reason: string | null;
};

export function checkCloseForm(
  view: StoreCloseView,
  { supervisor, note, tried }: CloseFormFields,
  t: T,
  language: string,
): CloseFormCheck {
  const stored = view.stored;
  const exceptions = (stored?.content ?? view.draft).exceptions;
  const needsNote = !stored && exceptions.length > 0;
  const supervisorOk = supervisor.trim().length >= 2;
  const noteOk = !needsNote || note.trim().length > 0;
  const refusal = view.refusal;
  // A silent counter with work that day: the note must name it before the day can be closed.
  const unnamed = stored ? [] : silentNotNamed(view.draft, note);
  const reason = stored
    ? null
    : refusal?.reason === 'day-not-ended'
      ? refusedDayText(view.day, refusal.today, t, language)
      : refusal
        ? refusedOpenText(refusal.count, t, silentHolding(view.draft))
        : unnamed.length > 0 && (tried || note.trim().length > 0)
          ? refusedSilentText(unnamed, t)
          : tried && !supervisorOk
            ? t('storeClose.needSupervisor')
            : tried && !noteOk
              ? refusedNoteText(exceptions.length, t)
              : null;
  return { needsNote, supervisorOk, noteOk, unnamed, reason };
}
