// The store close's lines as the screen and the CSV say them (the printed close says the same in
// shared/receipt/store-close.ts): each exception with its counter and cashier, each counter's
// freshness. Pure, so they are tested without a browser.

import type { BridgeError } from '../../shared/bridge';
import { formatPEN } from '../../shared/domain/money';
import {
  formatStoreClock,
  formatStoreDate,
  formatStoreMoment,
} from '../../shared/domain/store-time';
import type {
  CloseContent,
  CloseException,
  CounterClose,
  MarkedOff,
} from '../../shared/store/close-record';
import { StoreDbErrorCategory } from '../../shared/store/replication-state';
import { arrivedFacts } from '../../shared/store/store-close';
import type { StoreOperationRow } from '../../shared/store/store-operation';
import type { T } from '../i18n/use-t';

const money = (cents: number | null) => (cents === null ? '—' : formatPEN(cents));

export function nameOf(id: string, content: CloseContent): string {
  return content.counters.find((c) => c.terminal_id === id)?.terminal_name ?? id;
}

export function clock(iso: string | null, content: CloseContent, language: string): string {
  return iso ? formatStoreClock(iso, content.time_zone, language).slice(0, 5) : '—';
}

export function operationText(name: string, t: T): string {
  if (name.endsWith('.paidAndBilled')) return t('storeClose.op.billing');
  if (name.endsWith('.undoBilling')) return t('storeClose.op.undo');
  if (name === 'v3.verify' || name === 'v2.info') return t('storeClose.op.verify');
  return t('storeClose.op.other');
}

/**
 * Why the close could not be read, every word in the screen's language; the main process's own
 * message (English, technical) only as the details under it (issue "A counter that has gone
 * silent", item 11).
 */
export function unavailableText(error: BridgeError, t: T): { text: string; details: string } {
  const details = [error.code, error.message].join(' — ');
  const category = StoreDbErrorCategory.safeParse(error.issues?.store_db);
  if (category.success) {
    // Only a network failure or a timeout is "did not answer": a refused login, a missing table
    // or a server error is an answer (issue 35 item 7).
    const silent = category.data === 'network' || category.data === 'timeout';
    return {
      text: `${t(silent ? 'storeClose.dbDown' : 'storeClose.dbRefused')} ${t(`storeDb.category.${category.data}`)}`,
      details,
    };
  }
  if (error.issues?.day_summary !== undefined)
    return { text: t('storeClose.summaryDown'), details };
  return { text: t('storeClose.cannotRead'), details };
}

/**
 * The counters silent (or marked off) that hold an operation of the day without an answer in the
 * database: only their return brings that answer, so the close waits for them, not here.
 */
export function silentHolding(content: CloseContent): string[] {
  const away = new Set(
    content.counters
      .filter((c) => c.freshness === 'silent' || c.freshness === 'off')
      .map((c) => c.terminal_id),
  );
  const ids = new Set(
    content.exceptions.flatMap((e) =>
      e.kind === 'open' && away.has(e.terminal_id) ? [e.terminal_id] : [],
    ),
  );
  return [...ids].map((id) => nameOf(id, content));
}

/**
 * Why the close is refused while operations have no answer: one, or how many; and when a silent
 * counter holds them, that waiting here cannot help: that counter has to come back (issue 35
 * item 3).
 */
export function refusedOpenText(count: number, t: T, silent: readonly string[] = []): string {
  if (silent.length > 0) {
    return t(count === 1 ? 'storeClose.refusedOpenSilentOne' : 'storeClose.refusedOpenSilent', {
      count,
      counters: silent.join(', '),
    });
  }
  return count === 1 ? t('storeClose.refusedOpenOne') : t('storeClose.refusedOpen', { count });
}

/** The note the exceptions need: on the one exception, or on all of them. */
export function refusedNoteText(count: number, t: T): string {
  return count === 1 ? t('storeClose.refusedNoteOne') : t('storeClose.refusedNote', { count });
}

export function freshnessText(
  counter: CounterClose,
  content: CloseContent,
  t: T,
  language: string,
): string {
  const name = counter.terminal_name ?? counter.terminal_id;
  const time = clock(counter.last_line_at, content, language);
  const seen = clock(counter.last_seen_at, content, language);
  const key = {
    complete: 'storeClose.fresh.complete',
    current: 'storeClose.fresh.current',
    'signed-off': 'storeClose.fresh.signedOff',
    off: 'storeClose.fresh.off',
    retired: 'storeClose.fresh.retired',
    silent: 'storeClose.fresh.silent',
    stopped: 'storeClose.fresh.stopped',
    never: 'storeClose.fresh.never',
  } as const;
  // Marked off for the day (`/3`): what the database lacks of it is the silent counter's, and
  // who marked it off, when and where is said beside it.
  if (counter.freshness === 'off' && counter.marked_off) {
    return `${t('storeClose.fresh.silent', { name, time, seen })} ${markedOffText(counter.marked_off, content, t, language)}`;
  }
  return t(key[counter.freshness], { name, time, seen });
}

/** Who marked a counter off for the day, when (the database's clock) and at which counter. */
export function markedOffText(
  mark: MarkedOff,
  content: CloseContent,
  t: T,
  language: string,
): string {
  const params = {
    who: mark.supervisor,
    at: formatStoreMoment(mark.at, content.time_zone, language),
  };
  return mark.by_terminal_id === null
    ? t('storeClose.markedOff', params)
    : t('storeClose.markedOffFrom', {
        ...params,
        from: mark.by_terminal_name ?? mark.by_terminal_id,
      });
}

/** Why the day cannot be closed yet: it has not ended at the store. */
export function refusedDayText(day: string, today: string, t: T, language: string): string {
  return t('storeClose.refusedDay', {
    day: formatStoreDate(day, language),
    today: formatStoreDate(today, language),
  });
}

/** The silent counters the note must still name. */
export function refusedSilentText(counters: readonly string[], t: T): string {
  return t('storeClose.refusedSilent', { counters: counters.join(', ') });
}

/**
 * The service's totals the close holds: read with the figures on a draft; on a closed day as
 * they were when it closed, while the card above shows them as they are now (issue 35 item 13).
 */
export function serviceLine(content: CloseContent, t: T, language: string): string {
  const figures = {
    purchases: money(content.service.purchases_cents),
    inStore: money(content.service.in_store_cents),
    financed: money(content.service.financed_cents),
  };
  return content.closed
    ? t('storeClose.serviceClosed', {
        ...figures,
        at: formatStoreMoment(content.as_of, content.time_zone, language),
      })
    : t('storeClose.service', figures);
}

/**
 * Each cashier of each counter: billed (one, several or none said as such) and collected, and the
 * money they hold for refused sales (the `held` exceptions of that counter and cashier): what a
 * drawer is balanced with (issue 35 item 11).
 */
export function cashierLines(content: CloseContent, t: T): string[] {
  return content.counters.flatMap((c) =>
    (c.by_cashier ?? []).map((split) => {
      const params = {
        counter: c.terminal_name ?? c.terminal_id,
        cashier: split.cashier_id,
        billed: String(split.billed),
        collected: money(split.collected_cents),
      };
      const line = t(
        split.billed === 0
          ? 'storeClose.cashierLineNone'
          : split.billed === 1
            ? 'storeClose.cashierLineOne'
            : 'storeClose.cashierLine',
        params,
      );
      const held = content.exceptions.reduce(
        (n, e) =>
          e.kind === 'held' && e.terminal_id === c.terminal_id && e.cashier_id === split.cashier_id
            ? n + e.amount_cents
            : n,
        0,
      );
      return held > 0 ? t('storeClose.cashierHeld', { line, held: money(held) }) : line;
    }),
  );
}

/**
 * Sales undone said at the counter that sold them, with where they were undone, and the undos
 * each counter made, with whose sales (`/3`: `sales_undone`, `undone_at`; issue 35 item 11).
 */
export function undoneWhereLines(content: CloseContent, t: T): string[] {
  const name = (id: string) => nameOf(id, content);
  const and = (ids: readonly string[]) => {
    const names = ids.map(name);
    return names.length <= 1
      ? (names[0] ?? '')
      : `${names.slice(0, -1).join(', ')}${t('storeClose.and')}${names.at(-1)}`;
  };
  const sold = content.counters.flatMap((c) =>
    c.sales_undone
      ? [
          t(c.sales_undone === 1 ? 'storeClose.salesUndoneOne' : 'storeClose.salesUndone', {
            counter: name(c.terminal_id),
            count: String(c.sales_undone),
            where: and(c.undone_at ?? []),
          }),
        ]
      : [],
  );
  if (content.counters.every((c) => c.sales_undone === undefined)) return [];
  const made = content.counters.flatMap((c) => {
    if (!c.undone) return [];
    const of = content.counters
      .filter((o) => o.undone_at?.includes(c.terminal_id))
      .map((o) => o.terminal_id);
    const params = { counter: name(c.terminal_id), count: String(c.undone), of: and(of) };
    const key =
      of.length === 0
        ? c.undone === 1
          ? 'storeClose.undidOneAlone'
          : 'storeClose.undidAlone'
        : c.undone === 1
          ? 'storeClose.undidOne'
          : 'storeClose.undid';
    return [t(key, params)];
  });
  return [...sold, ...made];
}

export function exceptionText(
  e: CloseException,
  content: CloseContent,
  t: T,
  language: string,
): string {
  if (e.kind === 'open') {
    const base = t('storeClose.exc.open', {
      counter: nameOf(e.terminal_id, content),
      cashier: e.cashier_id,
      time: clock(e.started_at, content, language),
      operation: operationText(e.operation, t),
      identity: e.identity ?? '',
      code: e.funding_code ?? '',
      amount: money(e.amount_cents),
    }).replace(/ {2,}/g, ' ');
    // The down payment the cashier already took: in the drawer whatever the answer turns out.
    const withDrawer = e.to_collect_cents
      ? t('storeClose.exc.openDrawer', { base, drawer: money(e.to_collect_cents) })
      : base;
    // At a silent counter the answer cannot come until it is back on the database.
    return silentHolding(content).includes(nameOf(e.terminal_id, content))
      ? t('storeClose.exc.openSilent', {
          base: withDrawer,
          counter: nameOf(e.terminal_id, content),
        })
      : withDrawer;
  }
  if (e.kind === 'silent') {
    const counter = content.counters.find((c) => c.terminal_id === e.terminal_id);
    // Holding a sale in doubt the database knows: naming it is not enough, it has to come back.
    const holding = content.exceptions.some(
      (o) => o.kind === 'open' && o.terminal_id === e.terminal_id,
    );
    // A closed record says what was (named in the note), not what to do to close.
    const closed = content.closed !== null;
    const key = holding
      ? 'storeClose.exc.silentHolding'
      : e.marked_off
        ? closed
          ? 'storeClose.exc.markedOffClosed'
          : 'storeClose.exc.markedOff'
        : closed
          ? 'storeClose.exc.silentClosed'
          : 'storeClose.exc.silent';
    return t(key, {
      line: counter ? freshnessText(counter, content, t, language) : e.terminal_id,
      open: String(e.open_operations ?? 0),
      waiting: String(e.waiting_lines ?? 0),
    });
  }
  if (e.kind === 'record-held') return recordHeldText(e, content, t);
  if (e.kind === 'held') {
    return t('storeClose.exc.held', {
      counter: nameOf(e.terminal_id, content),
      cashier: e.cashier_id,
      when: formatStoreMoment(e.held_at, content.time_zone, language),
      identity: e.identity ?? '',
      code: e.funding_code,
      amount: money(e.amount_cents),
      reason: e.reason,
    }).replace(/ {2,}/g, ' ');
  }
  if (e.kind === 'stopped') {
    const counter = content.counters.find((c) => c.terminal_id === e.terminal_id);
    return t('storeClose.exc.stopped', {
      line: counter ? freshnessText(counter, content, t, language) : e.terminal_id,
    });
  }
  const counters = e.counters.map((id) => nameOf(id, content)).join(', ');
  const params = {
    counters,
    cashiers: e.cashiers.join(', '),
    identity: e.identity,
    code: e.funding_code ?? '',
    orders: e.order_ids.join(', '),
    amount: money(e.status === 'extra' ? e.service_cents : e.counters_cents),
    service: money(e.service_cents),
  };
  const key = {
    missing: 'storeClose.exc.missing',
    extra: 'storeClose.exc.extra',
    'amount-differs': 'storeClose.exc.differs',
  } as const;
  return t(key[e.status], params).replace(/ {2,}/g, ' ');
}

export function arrivedText(
  row: StoreOperationRow,
  content: CloseContent,
  t: T,
  language: string,
): string {
  const facts = arrivedFacts(row);
  const amount = facts.amount
    ? t(
        facts.amount.label === 'collected'
          ? 'storeClose.arrived.collected'
          : 'storeClose.arrived.inDrawer',
        { amount: money(facts.amount.cents) },
      )
    : '';
  return t('storeClose.arrivedLine', {
    counter: nameOf(row.terminal_id, content),
    cashier: row.cashier_id,
    time: clock(row.started_at, content, language),
    operation: operationText(row.operation, t),
    identity: row.identity_value ?? '',
    code: row.funding_code ?? '',
    state: t(`storeClose.arrived.${facts.state}`),
    amount: amount ? `; ${amount}` : '',
  }).replace(/ {2,}/g, ' ');
}

/** A counter's record the database holds back, and the technician's way forward. */
export function recordHeldText(
  e: Extract<CloseException, { kind: 'record-held' }>,
  content: CloseContent,
  t: T,
): string {
  const counter = nameOf(e.terminal_id, content);
  const parts: string[] = [];
  if (e.conflict_seq !== null)
    parts.push(t('storeClose.exc.recordConflict', { counter, seq: String(e.conflict_seq) }));
  if (e.unreadable_lines > 0)
    parts.push(
      t('storeClose.exc.recordUnreadable', { counter, count: String(e.unreadable_lines) }),
    );
  const way =
    content.closed === null
      ? t('storeClose.exc.recordWayForward')
      : t('storeClose.exc.recordWayForwardClosed');
  return `${parts.join(' ')} ${way}`;
}
