// The close's exceptions, reached without a database: a record the database holds back (until
// now met only in the pg tests) and the order the supervisor reads them in.
import { describe, expect, it } from 'vitest';
import type { ReconcileLine } from '../domain/reconcile';
import { closeExceptions, recordHeldExceptions } from './close-exceptions';
import type { CounterClose } from './close-record';
import type { CounterFreshness, StoreOperationRow } from './store-operation';

const counter = (terminal_id: string) =>
  ({ terminal_id, last_line_at: null, last_seen_at: null }) as CounterClose;
const fresh = (more: Partial<CounterFreshness>) => more as CounterFreshness;

describe('the close exceptions', () => {
  it('holds back a record for a conflict or unreadable lines, and only then', () => {
    expect(recordHeldExceptions(counter('C1'), fresh({ conflict_seq: 3 }))).toEqual([
      { kind: 'record-held', terminal_id: 'C1', conflict_seq: 3, unreadable_lines: 0 },
    ]);
    expect(recordHeldExceptions(counter('C1'), fresh({ unreadable_lines: 2 }))).toEqual([
      { kind: 'record-held', terminal_id: 'C1', conflict_seq: null, unreadable_lines: 2 },
    ]);
    expect(recordHeldExceptions(counter('C1'), fresh({ conflict_seq: null }))).toEqual([]);
    expect(recordHeldExceptions(counter('C1'), undefined)).toEqual([]);
  });

  it('reads open operations, silent counters, held records, then the reconciliation', () => {
    const open = {
      op_id: '00000000-0000-4000-8000-000000000001',
      operation: 'v3.paidAndBilled',
      status: 'unknown',
      terminal_id: 'C1',
      started_at: '2026-03-10T10:00:00-05:00',
    } as StoreOperationRow;
    const missing = { status: 'missing', identity: '44556677' } as ReconcileLine;
    const matched = { status: 'matched', identity: '11223344' } as ReconcileLine;
    const kinds = closeExceptions({
      held: [],
      openRows: [open],
      silent: [counter('C2')],
      counters: [counter('C1'), counter('C2')],
      freshness: new Map([['C1', fresh({ unreadable_lines: 1 })]]),
      lines: [matched, missing],
    }).map((e) => e.kind);
    expect(kinds).toEqual(['open', 'silent', 'record-held', 'reconcile']);
  });
});
