// The store's day close on paper (A4 PDF and the receipt printer, the same blocks as the day
// close): the state (closed, by whom, or a draft), the exceptions first, the service's and the
// store's totals, the reconciliation counts, a section per counter with its freshness, what
// arrived after the close, the signature lines and the record's SHA-256.
import {
  formatStoreClock,
  formatStoreDate,
  formatStoreDay,
  formatStoreMoment,
} from '../domain/store-time';
import { shownIdentity } from '../personal-data/mask';
import type { CloseContent, CloseException, CounterClose, MarkedOff } from '../store/close-record';
import { type ArrivedFacts, arrivedFacts } from '../store/store-close';
import type { StoreOperationRow } from '../store/store-operation';
import { atom, type Block, type ReceiptDocument } from './blocks';
import { type Formatters, formatters, type PrintContext } from './context';
import type { TextKey } from './texts';

export type StoreCloseData = {
  /** The stored close's content when the day is closed, else the draft's. */
  content: CloseContent;
  /** The record's hash and when the database kept it; null on a draft. */
  record: { sha256: string; recorded_at: string } | null;
  arrivedAfter: readonly StoreOperationRow[];
};

const RECON: ReadonlyArray<[keyof CloseContent['counts'], TextKey]> = [
  ['matched', 'reconMatched'],
  ['missing', 'reconMissing'],
  ['extra', 'reconExtra'],
  ['amount_differs', 'reconDiffers'],
  ['pending', 'reconPending'],
];

const RECON_STATUS: Record<'missing' | 'extra' | 'amount-differs', TextKey> = {
  missing: 'reconMissing',
  extra: 'reconExtra',
  'amount-differs': 'reconDiffers',
};

const ARRIVED_STATE: Record<ArrivedFacts['state'], TextKey> = {
  succeeded: 'arrivedSucceeded',
  refused: 'arrivedRefused',
  open: 'arrivedOpen',
};

/** A counter as people call it: its name, else its id. */
export function counterName(id: string, counters: readonly CounterClose[]): string {
  return counters.find((c) => c.terminal_id === id)?.terminal_name ?? id;
}

/** hh:mm of a moment in the store's zone. */
export function clockOf(iso: string, content: CloseContent, language: string): string {
  return formatStoreClock(iso, content.time_zone, language).slice(0, 5);
}

export function freshnessLine(
  counter: CounterClose,
  content: CloseContent,
  t: Formatters['t'],
  language: string,
): string {
  const name = counter.terminal_name ?? counter.terminal_id;
  const time = counter.last_line_at ? clockOf(counter.last_line_at, content, language) : '—';
  switch (counter.freshness) {
    case 'complete':
      return t('storeFreshComplete', { name });
    case 'current':
      return t('storeFreshCurrent', { name, time });
    case 'stopped':
      return t('storeFreshStopped', { name, time });
    case 'never':
      return t('storeFreshNever', { name });
    case 'signed-off':
      return t('storeFreshSignedOff', { name, time });
    case 'off': {
      if (!counter.marked_off) return t('storeFreshOff', { name });
      // Marked off for the day (`/3`): what the database lacks of it, then who marked it off.
      const seen = counter.last_seen_at ? clockOf(counter.last_seen_at, content, language) : '—';
      return `${t('storeFreshSilent', { name, time, seen })} ${markedOffLine(counter.marked_off, content, t, language)}`;
    }
    case 'retired':
      return t('storeFreshRetired', { name });
    case 'silent': {
      const seen = counter.last_seen_at ? clockOf(counter.last_seen_at, content, language) : '—';
      return t('storeFreshSilent', { name, time, seen });
    }
  }
}

/** The money each cashier of a counter holds for refused sales (its `held` exceptions). */
function heldByCashier(counter: CounterClose, content: CloseContent): [string, number][] {
  const by = new Map<string, number>();
  for (const e of content.exceptions) {
    if (e.kind !== 'held' || e.terminal_id !== counter.terminal_id) continue;
    by.set(e.cashier_id, (by.get(e.cashier_id) ?? 0) + e.amount_cents);
  }
  return [...by];
}

/** A counter silent or marked off: what it holds in doubt waits for its return. */
function isAway(id: string, content: CloseContent): boolean {
  const counter = content.counters.find((c) => c.terminal_id === id);
  return counter?.freshness === 'silent' || counter?.freshness === 'off';
}

/** Who marked a counter off for the day, when (the database's clock) and at which counter. */
export function markedOffLine(
  mark: MarkedOff,
  content: CloseContent,
  t: Formatters['t'],
  language: string,
): string {
  const params = {
    who: mark.supervisor,
    at: formatStoreMoment(mark.at, content.time_zone, language),
  };
  return mark.by_terminal_id === null
    ? t('storeFreshMarkedOff', params)
    : t('storeFreshMarkedOffFrom', {
        ...params,
        from: mark.by_terminal_name ?? mark.by_terminal_id,
      });
}

function operationLabel(name: string, t: Formatters['t']): string {
  const [, action = name] = name.split('.');
  if (action === 'paidAndBilled') return t('opBilling');
  if (action === 'verify') return t('opVerify');
  if (action === 'info') return t('opInfo');
  if (action === 'undoBilling') return t('opUndo');
  return name;
}

function exceptionBlock(
  e: CloseException,
  content: CloseContent,
  f: Formatters,
  language: string,
): Block {
  const { t, money, time } = f;
  const name = (id: string) => atom(counterName(id, content.counters));
  if (e.kind === 'open') {
    return {
      kind: 'entry',
      cells: [
        t('storeExcOpen'),
        name(e.terminal_id),
        atom(e.cashier_id),
        atom(clockOf(e.started_at, content, language)),
        operationLabel(e.operation, t),
        ...(e.identity ? [atom(shownIdentity(e.identity))] : []),
        ...(e.funding_code ? [atom(e.funding_code)] : []),
        // What was billed and the down payment already in the drawer, each with its label: an
        // amount alone in the column read as money taken (issue 35 item 6).
        ...(e.amount_cents !== null
          ? [t('storeExcBilled', { amount: money(e.amount_cents) })]
          : []),
        ...(e.to_collect_cents
          ? [t('storeExcInDrawer', { amount: money(e.to_collect_cents) })]
          : []),
        // At a silent counter its answer comes only when that counter is back.
        ...(isAway(e.terminal_id, content) ? [t('storeExcOpenSilent')] : []),
      ],
      amount: '',
    };
  }
  if (e.kind === 'held') {
    return {
      kind: 'entry',
      cells: [
        t('storeExcHeld'),
        name(e.terminal_id),
        atom(e.cashier_id),
        time(e.held_at),
        ...(e.identity ? [atom(shownIdentity(e.identity))] : []),
        atom(e.funding_code),
        e.reason,
      ],
      amount: money(e.amount_cents),
    };
  }
  if (e.kind === 'record-held') {
    return {
      kind: 'entry',
      cells: [
        t('storeExcRecordHeld'),
        name(e.terminal_id),
        ...(e.conflict_seq !== null
          ? [t('storeExcRecordConflict', { seq: String(e.conflict_seq) })]
          : []),
        ...(e.unreadable_lines > 0
          ? [t('storeExcRecordUnreadable', { count: String(e.unreadable_lines) })]
          : []),
        t('storeExcRecordWayForward'),
      ],
      amount: '',
    };
  }
  if (e.kind === 'silent') {
    const counter = content.counters.find((c) => c.terminal_id === e.terminal_id);
    return {
      kind: 'entry',
      cells: [
        t(e.marked_off ? 'storeExcMarkedOff' : 'storeExcSilent'),
        counter ? freshnessLine(counter, content, t, language) : name(e.terminal_id),
        ...(e.open_operations !== null || e.waiting_lines !== null
          ? [
              t('storeExcSilentReported', {
                open: String(e.open_operations ?? 0),
                waiting: String(e.waiting_lines ?? 0),
              }),
            ]
          : []),
      ],
      amount: '',
    };
  }
  if (e.kind === 'stopped') {
    const counter = content.counters.find((c) => c.terminal_id === e.terminal_id);
    return {
      kind: 'entry',
      cells: [
        t('storeExcStopped'),
        counter ? freshnessLine(counter, content, t, language) : name(e.terminal_id),
      ],
      amount: '',
    };
  }
  // Each amount with what it is: what the counters collected, what the service lists.
  const collected =
    e.status === 'extra' ? [] : [t('storeExcCollected', { amount: money(e.counters_cents) })];
  const service =
    e.status === 'missing' ? [] : [t('storeExcServiceSays', { amount: money(e.service_cents) })];
  return {
    kind: 'entry',
    cells: [
      t(RECON_STATUS[e.status]),
      ...e.counters.map(name),
      ...e.cashiers.map(atom),
      atom(shownIdentity(e.identity)),
      ...(e.funding_code ? [atom(e.funding_code)] : []),
      ...e.order_ids.map(atom),
      ...collected,
      ...service,
    ],
    amount: '',
  };
}

function counterBlocks(
  counter: CounterClose,
  content: CloseContent,
  f: Formatters,
  language: string,
): Block[] {
  const { t, money } = f;
  return [
    {
      kind: 'heading',
      text: t('storeCounter', {
        name: counter.terminal_name ?? counter.terminal_id,
        id: counter.terminal_id,
      }),
    },
    { kind: 'text', text: freshnessLine(counter, content, t, language) },
    {
      kind: 'field',
      label: t(counter.cashiers.length === 1 ? 'cashier' : 'cashiers'),
      value: counter.cashiers.length > 0 ? counter.cashiers.join(', ') : t('unknown'),
    },
    ...(counter.by_cashier && counter.by_cashier.length > 1
      ? ([
          { kind: 'text', text: `${t('storeByCashier')}:`, bold: true },
          ...counter.by_cashier.map(
            (c): Block => ({
              kind: 'field',
              label: t(
                c.billed === 0
                  ? 'storeCashierLineNone'
                  : c.billed === 1
                    ? 'storeCashierLineOne'
                    : 'storeCashierLine',
                { cashier: atom(c.cashier_id), billed: String(c.billed) },
              ),
              value: money(c.collected_cents),
            }),
          ),
        ] as Block[])
      : []),
    // What each cashier of this counter holds for refused sales: in the drawer, the customers'.
    ...heldByCashier(counter, content).map(
      ([cashier, cents]): Block => ({
        kind: 'field',
        label: t('storeCashierHeld', { cashier: atom(cashier) }),
        value: money(cents),
        bold: true,
      }),
    ),
    { kind: 'field', label: t('salesBilled'), value: String(counter.billed) },
    // Its sales undone, where (`/3`), and the undos made here; a `/2` close kept only the latter.
    ...(counter.sales_undone === undefined
      ? [{ kind: 'field', label: t('salesUndone'), value: String(counter.undone) } as Block]
      : ([
          {
            kind: 'field',
            label: t('storeSalesUndone'),
            value:
              counter.sales_undone > 0 && counter.undone_at?.length
                ? t('storeUndoneAt', {
                    count: String(counter.sales_undone),
                    where: counter.undone_at
                      .map((id) => atom(counterName(id, content.counters)))
                      .join(', '),
                  })
                : String(counter.sales_undone),
          },
          { kind: 'field', label: t('storeUndidHere'), value: String(counter.undone) },
        ] as Block[])),
    { kind: 'field', label: t('salesRefused'), value: String(counter.refused) },
    { kind: 'field', label: t('collectedInStore'), value: money(counter.collected_cents) },
    ...(counter.undone_collected_cents === undefined
      ? []
      : [
          {
            kind: 'field',
            label: t('collectedForUndone'),
            value: money(counter.undone_collected_cents),
          } as Block,
        ]),
    ...(counter.held_cents === undefined
      ? []
      : [
          {
            kind: 'field',
            label: t('heldTotal'),
            value: money(counter.held_cents),
            bold: counter.held_cents > 0,
          } as Block,
        ]),
    {
      kind: 'field',
      label: t('storeOpen'),
      value: String(counter.open),
      bold: counter.open > 0,
    },
  ];
}

/** The hash in two halves of 32: it fits every paper, and reads in chunks. */
function hashLines(sha256: string): Block[] {
  return [sha256.slice(0, 32), sha256.slice(32)].map(
    (half): Block => ({ kind: 'text', text: atom(half) }),
  );
}

export function storeClose(data: StoreCloseData, context: PrintContext): ReceiptDocument {
  const f = formatters(context);
  const { t, money, time } = f;
  const { content } = data;
  const language = context.language;
  const closed = content.closed;
  const mark: Block[] = context.training ? [{ kind: 'mark', text: t('trainingMark') }] : [];
  const blocks: Block[] = [
    ...mark,
    { kind: 'title', text: t('storeCloseTitle') },
    { kind: 'text', text: context.store_name, align: 'center' },
    { kind: 'text', text: formatStoreDay(content.store_day, language), align: 'center' },
    { kind: 'rule' },
    { kind: 'field', label: t('day'), value: atom(formatStoreDate(content.store_day, language)) },
    { kind: 'field', label: t('store'), value: atom(content.store) },
    {
      kind: 'field',
      label: t('storeCloseState'),
      value: closed && data.record ? t('storeClosed') : t('storeCloseDraft'),
      bold: true,
    },
    ...(closed
      ? ([
          { kind: 'field', label: t('storeClosedBy'), value: closed.supervisor },
          { kind: 'field', label: t('storeClosedAt'), value: time(content.as_of) },
          {
            kind: 'field',
            label: t('storeClosedFrom'),
            value: atom(closed.terminal_name ?? closed.terminal_id),
          },
        ] as Block[])
      : // A draft on paper is read again when printed: it says so, as the screen may show an
        // earlier read (issue 35 item 12).
        [{ kind: 'field', label: t('storeAsOfPrinted'), value: time(content.as_of) } as Block]),
    { kind: 'field', label: t('printedAt'), value: time(context.printed_at) },
    { kind: 'heading', text: t('storeExceptions', { count: content.exceptions.length }) },
    ...(content.exceptions.length === 0
      ? [{ kind: 'text', text: t('storeExceptionsNone') } as Block]
      : content.exceptions.map((e) => exceptionBlock(e, content, f, language))),
    ...(closed?.note
      ? ([
          { kind: 'text', text: `${t('storeCloseNote')}:`, bold: true },
          { kind: 'text', text: closed.note },
        ] as Block[])
      : []),
    { kind: 'heading', text: t('serviceTotals') },
    { kind: 'field', label: t('totalPurchases'), value: money(content.service.purchases_cents) },
    { kind: 'field', label: t('totalInStore'), value: money(content.service.in_store_cents) },
    { kind: 'field', label: t('totalFinanced'), value: money(content.service.financed_cents) },
    { kind: 'heading', text: t('storeTotals') },
    { kind: 'field', label: t('salesBilled'), value: String(content.totals.billed) },
    { kind: 'field', label: t('salesUndone'), value: String(content.totals.undone) },
    { kind: 'field', label: t('salesRefused'), value: String(content.totals.refused) },
    {
      kind: 'field',
      label: t('collectedInStore'),
      value: money(content.totals.collected_cents),
      bold: true,
    },
    ...(content.totals.undone_collected_cents === undefined
      ? []
      : [
          {
            kind: 'field',
            label: t('collectedForUndone'),
            value: money(content.totals.undone_collected_cents),
          } as Block,
        ]),
    ...(content.totals.held_cents === undefined
      ? []
      : [
          {
            kind: 'field',
            label: t('heldTotal'),
            value: money(content.totals.held_cents),
            bold: content.totals.held_cents > 0,
          } as Block,
        ]),
    { kind: 'field', label: t('storeOpen'), value: String(content.totals.open) },
    // What compares with the service's "Pagado en tienda", as the screen says it.
    ...(content.totals.undone_collected_cents
      ? [
          {
            kind: 'text',
            text: t('storeStandingNote', {
              standing: money(
                content.totals.collected_cents - content.totals.undone_collected_cents,
              ),
            }),
          } as Block,
        ]
      : []),
    { kind: 'heading', text: t('reconTitle') },
    ...RECON.map(
      ([key, label]): Block => ({
        kind: 'field',
        label: t(label),
        value: String(content.counts[key]),
        bold: key !== 'matched' && content.counts[key] > 0,
      }),
    ),
    ...content.counters.flatMap((c) => counterBlocks(c, content, f, language)),
    ...(data.arrivedAfter.length > 0
      ? [
          {
            kind: 'heading',
            text: t('storeArrivedAfter', { count: data.arrivedAfter.length }),
          } as Block,
          ...data.arrivedAfter.map((row): Block => {
            // Its state and one amount with its label, as the screen says it (issue 35 item 4).
            const facts = arrivedFacts(row);
            return {
              kind: 'entry',
              cells: [
                atom(counterName(row.terminal_id, content.counters)),
                atom(row.cashier_id),
                atom(clockOf(row.started_at, content, language)),
                operationLabel(row.operation, t),
                ...(row.identity_value ? [atom(shownIdentity(row.identity_value))] : []),
                ...(row.funding_code ? [atom(row.funding_code)] : []),
                // One cell, so the amount never stands apart from its label on any paper.
                facts.amount
                  ? `${t(ARRIVED_STATE[facts.state])}; ${t(
                      facts.amount.label === 'collected' ? 'arrivedCollected' : 'arrivedInDrawer',
                      { amount: money(facts.amount.cents) },
                    )}`
                  : t(ARRIVED_STATE[facts.state]),
              ],
              amount: '',
            };
          }),
        ]
      : []),
    { kind: 'heading', text: t('storeRecord') },
    ...(data.record
      ? hashLines(data.record.sha256)
      : [{ kind: 'text', text: t('storeRecordDraft') } as Block]),
    { kind: 'rule' },
    ...content.counters
      .filter((c) => c.operations > 0)
      .map(
        (c): Block => ({
          kind: 'signature',
          label: t('storeSignCashier', { name: c.terminal_name ?? c.terminal_id }),
        }),
      ),
    { kind: 'signature', label: t('signSupervisor') },
    ...mark,
  ];
  return { name: 'store-close', title: t('storeCloseTitle'), blocks };
}
