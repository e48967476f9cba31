// The calls a dishonest cashier sends by hand with a counter's own key (read from the counter's
// store-db-key.json): signed batches, closes and mark-offs built with the app's own signing code
// (batch-signature.ts, close-signature.ts), so the database sees exactly what a counter could
// send, and journal lines as the journal writes them, with the fields a forger would change.
import { randomUUID } from 'node:crypto';
import type { SignedBatch } from '../batch-signature';

export type Pair = { store: string; mode: 'live' | 'training' };

/** A signed call number larger than any the app has used (it numbers calls by its clock). */
export function beats(): () => number {
  let beat = Date.now() + 1_000_000;
  return () => {
    beat += 1;
    return beat;
  };
}

/** A call with `lines` (none: a heartbeat) from `terminalId` for `stores`. */
export function batch(
  terminalId: string,
  beat: number,
  stores: Pair[],
  lines: { store: string; seq: number; text: string }[] = [],
  fields: Partial<SignedBatch> = {},
): SignedBatch {
  return {
    terminalId,
    beat,
    stores,
    terminalName: 'Caja 1',
    appVersion: '0.1.0',
    timeZone: 'America/Lima',
    journalSeq: lines.reduce((n, l) => Math.max(n, l.seq), 0),
    waiting: 0,
    open: 0,
    signOff: false,
    lines: lines.map((l) => ({ ...l, bytes: null })),
    ...fields,
  };
}

export type IntentFields = {
  seq: number;
  opId?: string;
  at?: string;
  code: string;
  dni?: string;
  billed?: number | string;
  toCollect?: number | string;
  mode?: 'live' | 'training';
};

/** A paid-and-billed intent line as the journal writes it; amounts as raw JSON numbers. */
export function intentLine(f: IntentFields): string {
  const dni = f.dni ?? '41000999';
  return `{"seq":${f.seq},"type":"intent","op_id":"${f.opId ?? randomUUID()}","at":"${f.at ?? new Date().toISOString()}","operation":"v3.paidAndBilled","mode":"${f.mode ?? 'live'}","cashier_id":"caja-01","identity":{"kind":"dni","value":"${dni}"},"funding_code":"${f.code}","billed_cents":${f.billed ?? 120_000},"to_collect_cents":${f.toCollect ?? 30_000},"request":{"dni":"${dni}","funding_code":"${f.code}","billed_amount":1200,"cashier_id":"caja-01"}}`;
}

/** An outcome line for `opId`. */
export function outcomeLine(
  seq: number,
  opId: string,
  status: 'succeeded' | 'refused' | 'unknown',
  at = new Date().toISOString(),
  serviceMessage?: string,
): string {
  return JSON.stringify({
    seq,
    type: 'outcome',
    op_id: opId,
    at,
    status,
    ...(status === 'succeeded' ? { http_status: 200 } : {}),
    ...(status === 'refused' ? { http_status: 400, service_message: serviceMessage ?? '' } : {}),
  });
}
