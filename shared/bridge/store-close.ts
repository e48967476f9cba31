// Bridge methods of the store's day close (docs/store-close.md, docs/decisions.md "The store's
// day close"): load it for a store day, and close that day (supervisor PIN).
import { z } from 'zod';
import { IsoDate } from '../api/common';
import { PracticeStoreCase } from '../api/trainer';
import { CloseContent, StoredClose } from '../store/close-record';
import { StoreOperationRow } from '../store/store-operation';
import { SupervisorPin } from './settings';

export const StoreCloseRefusal = z.discriminatedUnion('reason', [
  z.object({ reason: z.literal('open-operations'), count: z.int().positive() }),
  /** The store day has not ended in the store's time zone; `today` is the store's day now. */
  z.object({ reason: z.literal('day-not-ended'), today: IsoDate }),
]);

export const StoreCloseView = z.object({
  day: z.string(),
  /** The store and mode the close is of (training has a store of its own). */
  store: z.string(),
  mode: z.enum(['live', 'training']),
  /** The figures as they are now: what a close made now would hold. */
  draft: CloseContent,
  /** Why the day cannot be closed now; null when it can. */
  refusal: StoreCloseRefusal.nullable(),
  /** The day's close, when it was made (the first one: a day is closed once). */
  stored: StoredClose.nullable(),
  /** Operations of a closed day that reached the database after its close. */
  arrived_after: z.array(StoreOperationRow),
  /**
   * In training, the catalogue's store case whose practice store this close reads (so the screen
   * names the case after a reload); null when the close reads a store database.
   */
  practice: PracticeStoreCase.nullable(),
});
export type StoreCloseView = z.infer<typeof StoreCloseView>;

export const storeCloseMethods = {
  /**
   * The store close of a day: the service's day summary (one call, journaled like F6's) against
   * every counter's operations and freshness from the store database, and the day's close record
   * if there is one. `not-configured` where no store database is set.
   */
  'storeClose.load': {
    args: z.strictObject({ day: IsoDate }),
    result: StoreCloseView,
  },
  /**
   * "Cerrar el día de la tienda": refused (a value, not an error) while an operation of the day
   * has no definite answer anywhere in the store; a note is required when there are exceptions.
   * A day already closed answers its first close (`already: true`), never a second one.
   */
  'storeClose.close': {
    args: z.strictObject({
      day: IsoDate,
      pin: SupervisorPin,
      supervisor: z.string().trim().min(2).max(64),
      note: z.string().trim().max(1000).optional(),
    }),
    result: z.discriminatedUnion('outcome', [
      z.object({ outcome: z.literal('closed'), already: z.boolean(), view: StoreCloseView }),
      z.object({
        outcome: z.literal('refused'),
        refusal: z.union([
          StoreCloseRefusal,
          z.object({ reason: z.literal('note-required'), exceptions: z.int().positive() }),
          /** Silent counters with work that day that the note does not name (their labels). */
          z.object({
            reason: z.literal('silent-not-named'),
            counters: z.array(z.string()).min(1),
          }),
          /**
           * The database's own figures differ from the ones read a moment before (a line or a
           * counter's call arrived in between): read again and close again.
           */
          z.object({ reason: z.literal('changed'), message: z.string().max(500) }),
        ]),
        view: StoreCloseView,
      }),
    ]),
  },
  /**
   * "Marcar fuera del día": a supervisor marks a silent counter off for the store day (PIN, the
   * supervisor's name; recorded in the store database by `store_db_mark_off`, migration 0103).
   * The close of that day then reads it `off`, not silent. Answers the close as read again.
   */
  /**
   * Training only: in the practice store of the catalogue's store case, the cut-off counter comes
   * back on the database (what a store does at that counter: its network, its settings), so the
   * answer its sale waited for arrives and the class can close the day. Answers the close as read
   * again; `not-available` anywhere else.
   */
  'storeClose.practiceReconnect': {
    args: z.strictObject({ day: IsoDate }),
    result: StoreCloseView,
  },
  'storeClose.markOff': {
    args: z.strictObject({
      day: IsoDate,
      terminal_id: z.string().min(1).max(64),
      pin: SupervisorPin,
      supervisor: z.string().trim().min(2).max(64),
    }),
    result: StoreCloseView,
  },
} as const;
