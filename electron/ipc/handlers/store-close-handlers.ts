// storeClose.*: the store's day close (docs/decisions.md "The store's day close"). The service's
// day summary comes through the v2.daySummary handler (one call, journaled like F6's); every
// counter's operations, freshness and the close record come from the store database.
import type { BridgeResult } from '../../../shared/bridge';
import { codesToBalance, fromStoreRow } from '../../../shared/domain/reconcile';
import { arrivedAfter, buildStoreClose, silentNotNamed } from '../../../shared/store/store-close';
import { type StoreCloseDatabase, StoreCloseRefused } from '../../store-close/close-database';
import { StoreCloseUnavailable } from '../../store-close/pg-close-database';
import { BridgeFailure, notConfigured } from '../bridge-failure';
import type { HandlerDeps, HandlerMap } from '../deps';
import { requirePin } from './require-pin';
import { storeDbStoreFor } from './store-identity';

type StoreCloseMethods =
  | 'storeClose.load'
  | 'storeClose.close'
  | 'storeClose.markOff'
  | 'storeClose.practiceReconnect';
type View = BridgeResult<'storeClose.load'>;

export function storeCloseDatabase(deps: HandlerDeps): StoreCloseDatabase {
  // In training without a store database, the practice store of the catalogue's store case, if
  // the trainer picked it (docs/decisions.md "A practice store database for the training store
  // close"); a store database, when set, is the store's in training too.
  const practice =
    deps.settings.get().mode === 'training' ? (deps.practiceStore?.database() ?? null) : null;
  const db = deps.storeCloseDb?.() ?? practice;
  if (!db) throw notConfigured('No store database is set: the day summary covers this counter.');
  return db;
}

/**
 * The database's failures as the bridge's: the screen says the store database did not answer,
 * in its own words, from `issues.store_db` (the category); the message is the technical detail.
 */
async function fromDatabase<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof StoreCloseRefused) throw error;
    const category = error instanceof StoreCloseUnavailable ? error.category : 'server';
    throw new BridgeFailure(
      'not-available',
      `The store database did not answer (${category}): ${error instanceof Error ? error.message : String(error)}`.slice(
        0,
        500,
      ),
      { store_db: category },
    );
  }
}

export async function loadStoreClose(
  deps: HandlerDeps,
  methods: () => Pick<HandlerMap, 'v2.daySummary'>,
  day: string,
  db: StoreCloseDatabase = storeCloseDatabase(deps),
): Promise<View & { build: ReturnType<typeof buildStoreClose>; db: StoreCloseDatabase }> {
  const settings = deps.settings.get();
  const mode = settings.mode;
  const store = await storeDbStoreFor(deps, mode);
  const direct = { channel: 'direct', verified: true } as const;
  const answer = await methods()['v2.daySummary']({ day, detail: true }, direct);
  if (answer.status !== 'succeeded') {
    throw new BridgeFailure(
      'not-available',
      `The day summary could not be fetched (${answer.status}): ${answer.error.message}`,
      { day_summary: answer.status },
    );
  }
  // Read after the summary: a sale billed in between shows as the counters' (missing from the
  // summary), never as a stranger's extra.
  const query = { store, mode, day };
  const [rows, freshness, stored, held] = await fromDatabase(() =>
    Promise.all([
      db.readStoreDay(query),
      db.readFreshness({ store, mode }),
      db.readClose(query),
      db.readHeld(query),
    ]),
  );
  // The codes billed and undone that day, as the database held them before it: what decides,
  // without any counter's clock, whether a billing was undone (shared/domain/reconcile.ts).
  const codes = codesToBalance(rows.map(fromStoreRow));
  const codesBefore =
    codes.length > 0 && db.readCodesBefore
      ? await fromDatabase(() =>
          (db.readCodesBefore as NonNullable<StoreCloseDatabase['readCodesBefore']>)(query, codes),
        )
      : [];
  const build = buildStoreClose({
    store,
    mode,
    day,
    timeZone: settings.time_zone,
    now: deps.clock().toISOString(),
    summary: answer.data.summary,
    rows,
    freshness,
    held,
    codesBefore,
    practice: deps.practiceStore !== undefined && db === deps.practiceStore?.database(),
  });
  return {
    day,
    store,
    mode,
    draft: build.content,
    refusal: build.refusal,
    stored,
    arrived_after: stored ? arrivedAfter(stored.content, rows) : [],
    practice:
      deps.practiceStore && db === deps.practiceStore.database()
        ? deps.practiceStore.storeCase()
        : null,
    build,
    db,
  };
}

export function storeCloseHandlers(
  deps: HandlerDeps,
  methods: () => HandlerMap,
): Pick<HandlerMap, StoreCloseMethods> {
  const viewOf = ({
    build: _build,
    db: _db,
    ...view
  }: Awaited<ReturnType<typeof loadStoreClose>>) => view;
  return {
    'storeClose.load': async ({ day }) => viewOf(await loadStoreClose(deps, methods, day)),

    'storeClose.practiceReconnect': async ({ day }) => {
      const practice = deps.settings.get().mode === 'training' ? deps.practiceStore : undefined;
      const db = practice?.database() ?? null;
      // Only the practice store has a counter the class can bring back; a store database's
      // counters come back at the counter itself.
      if (!practice || !db || deps.storeCloseDb?.()) {
        throw new BridgeFailure(
          'not-available',
          'Only the practice store of a training store case has a counter to reconnect here.',
        );
      }
      practice.reconnect();
      deps.logger.info('practice counter reconnected', { day });
      return viewOf(await loadStoreClose(deps, methods, day, db));
    },

    'storeClose.markOff': async ({ day, terminal_id, pin, supervisor }) => {
      await requirePin(deps.settings, pin);
      const db = storeCloseDatabase(deps);
      if (!db.markOff) {
        throw new BridgeFailure(
          'not-available',
          'Marking a counter off for the day needs the store database.',
        );
      }
      const mode = deps.settings.get().mode;
      const store = await storeDbStoreFor(deps, mode);
      const byTerminalId = await deps.settings.terminalId();
      try {
        await fromDatabase(() =>
          (db.markOff as NonNullable<StoreCloseDatabase['markOff']>)({
            store,
            mode,
            day,
            terminal_id,
            supervisor: supervisor.trim(),
            by_terminal_id: byTerminalId,
          }),
        );
      } catch (error) {
        if (!(error instanceof StoreCloseRefused)) throw error;
        throw new BridgeFailure(
          'not-available',
          'That counter is not silent: it was not marked off.',
        );
      }
      deps.logger.info('counter marked off for the day', { day, terminal_id });
      return viewOf(await loadStoreClose(deps, methods, day, db));
    },

    'storeClose.close': async ({ day, pin, supervisor, note }) => {
      await requirePin(deps.settings, pin);
      // Read and kept on one database, held open from the first read to the insert.
      const db = storeCloseDatabase(deps);
      const within = db.within ?? (<R>(run: () => Promise<R>) => run());
      return within(async () => {
        const loaded = await loadStoreClose(deps, methods, day, db);
        const view = viewOf(loaded);
        if (loaded.stored) return { outcome: 'closed', already: true, view };
        if (loaded.refusal) return { outcome: 'refused', refusal: loaded.refusal, view };
        const exceptions = loaded.draft.exceptions.length;
        if (exceptions > 0 && !note?.trim()) {
          return { outcome: 'refused', refusal: { reason: 'note-required', exceptions }, view };
        }
        // A counter silent with work that day: the note names it, or the day is not closed.
        const unnamed = silentNotNamed(loaded.draft, note ?? null);
        if (unnamed.length > 0) {
          return {
            outcome: 'refused',
            refusal: { reason: 'silent-not-named', counters: unnamed },
            view,
          };
        }
        const terminalId = await deps.settings.terminalId();
        // The database makes the close from the draft read a moment ago: it refuses figures that
        // are not its own (a line arrived in between: read again), never keeps them.
        let made: Awaited<ReturnType<StoreCloseDatabase['closeDay']>>;
        try {
          made = await fromDatabase(() =>
            db.closeDay({
              store: loaded.store,
              mode: loaded.mode,
              day,
              draft: loaded.draft,
              supervisor: supervisor.trim(),
              cashier_id: deps.settings.get().cashier_id,
              terminal_id: terminalId,
              note: note?.trim() || null,
            }),
          );
        } catch (error) {
          if (!(error instanceof StoreCloseRefused)) throw error;
          deps.logger.info('store close refused by the database', {
            day,
            reason: error.refusal.reason,
          });
          const refusal = error.refusal;
          return refusal.reason === 'changed'
            ? {
                outcome: 'refused',
                refusal,
                view: viewOf(await loadStoreClose(deps, methods, day, db)),
              }
            : { outcome: 'refused', refusal, view };
        }
        const { inserted, close } = made;
        const sha256 = close.sha256;
        if (inserted) {
          deps.logger.info('store day closed', { day, mode: loaded.mode, sha256 });
        }
        return { outcome: 'closed', already: !inserted, view: { ...view, stored: close } };
      });
    },
  };
}
