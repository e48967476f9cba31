// What the grid reads of a close, and what head office may read of its content: the same as the
// store database computes them (`store_db_close_summary`, migration 0113, and
// `store_db_without_identities`, 0113 and 0114), for the practice chain of the training
// catalogue, which has no database (electron/store-close/practice-chain.ts). Tested against the
// database's own functions (electron/head-office/pg-head-office.test.ts).
import type { CloseContent } from '../store/close-record';
import type { CloseSummary } from './chain';

/** A close's summary: totals, counts, exceptions by kind, the money at stake, who closed. */
export function closeSummary(content: CloseContent): CloseSummary {
  const byKind: Record<string, number> = {};
  let atStake = 0;
  for (const e of content.exceptions) {
    byKind[e.kind] = (byKind[e.kind] ?? 0) + 1;
    if (e.kind === 'held') atStake += e.amount_cents;
    if (e.kind === 'reconcile') atStake += Math.abs((e.counters_cents ?? 0) - e.service_cents);
  }
  return {
    totals: content.totals,
    counts: content.counts,
    service_in_store_cents: content.service.in_store_cents,
    exceptions: content.exceptions.length,
    by_kind: byKind,
    at_stake_cents: atStake,
    silent: content.exceptions.filter((e) => e.kind === 'silent' || e.kind === 'stopped').length,
    off: content.counters.filter((c) => c.freshness === 'off').length,
    supervisor: content.closed?.supervisor ?? null,
    terminal_name: content.closed?.terminal_name ?? null,
  };
}

/**
 * A run of exactly 8 digits (a DNI) or 11 (a RUC) in free text, shown by its last three digits
 * (`•••••002`): what head office reads of a note a supervisor wrote by hand, a refusal's words
 * and the service's order ids (migration 0114, `store_db_mask_identities`).
 */
export function maskIdentities(text: string): string {
  return text
    .replace(/(^|[^0-9])[0-9]{8}([0-9]{3})(?![0-9])/g, '$1••••••••$2')
    .replace(/(^|[^0-9])[0-9]{5}([0-9]{3})(?![0-9])/g, '$1•••••$2');
}

/**
 * A close's content as head office reads it (`store_db_without_identities`): the exceptions' and
 * the service rows' identities null, the free text masked. The figures are the close's own.
 */
export function withoutIdentities(content: CloseContent): unknown {
  return {
    ...content,
    service: {
      ...content.service,
      ...(content.service.order_detail
        ? {
            order_detail: content.service.order_detail.map((row) => ({
              ...row,
              dni: null,
              order_id: maskIdentities(row.order_id),
            })),
          }
        : {}),
    },
    exceptions: content.exceptions.map((e) => ({
      ...e,
      ...('identity' in e ? { identity: null } : {}),
      ...('reason' in e ? { reason: maskIdentities(e.reason) } : {}),
      ...('order_ids' in e ? { order_ids: e.order_ids.map(maskIdentities) } : {}),
    })),
    closed: content.closed
      ? {
          ...content.closed,
          note: content.closed.note === null ? null : maskIdentities(content.closed.note),
        }
      : null,
  };
}
