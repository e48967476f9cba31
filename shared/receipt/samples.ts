// Sample documents for `npm run receipt -- --sample …` (an installer checking a printer without
// the app) and for the tests of the layout: a store name long enough to wrap, a RUC customer,
// amounts with thousands, accents and ñ, an open operation and reconciliation exceptions.
import type { JournalOperation } from '../journal-entry';
import type { PrintContext } from './context';
import type { DayCloseData } from './day-close';

export const SAMPLE_CONTEXT: PrintContext = {
  store_name: 'Tienda Señorial de Electrodomésticos — Av. José Gálvez Barrenechea 1234, Lima',
  terminal_id: 'CAJA0026',
  language: 'es-PE',
  time_zone: 'America/Lima',
  training: true,
  printed_at: '2026-03-10T23:45:12.000Z',
};

type OperationFields = Pick<JournalOperation, 'op_id' | 'operation' | 'status' | 'started_at'> & {
  identity: { kind: 'dni' | 'ruc'; value: string };
  funding_code: string;
  cashier_id: string;
  billed_cents?: number;
  to_collect_cents?: number;
  reason?: string;
};

export function sampleOperation(fields: OperationFields): JournalOperation {
  const { op_id, operation, status, started_at } = fields;
  return {
    op_id,
    operation,
    mode: 'training',
    status,
    started_at,
    updated_at: started_at,
    calls: 1,
    intent: {
      seq: 1,
      op_id,
      at: started_at,
      type: 'intent',
      operation,
      mode: 'training',
      cashier_id: fields.cashier_id,
      identity: fields.identity,
      funding_code: fields.funding_code,
      ...(fields.billed_cents === undefined ? {} : { billed_cents: fields.billed_cents }),
      ...(fields.to_collect_cents === undefined
        ? {}
        : { to_collect_cents: fields.to_collect_cents }),
      request: {},
      ...(fields.reason ? { meta: { supervisor_reason: fields.reason } } : {}),
    },
    outcome:
      status === 'pending'
        ? null
        : {
            seq: 2,
            op_id,
            at: started_at,
            type: 'outcome',
            status,
            ...(status === 'succeeded' ? { http_status: 200 } : {}),
          },
  };
}

export const SAMPLE_SALE = sampleOperation({
  op_id: '3f1c2a9e-5b7d-4e21-9a8c-0d6e4f2b1a77',
  operation: 'v3.paidAndBilled',
  status: 'succeeded',
  started_at: '2026-03-10T17:45:12.000Z',
  identity: { kind: 'ruc', value: '20512333797' },
  funding_code: 'RUCEM1',
  cashier_id: 'maría.nuñez',
  billed_cents: 1_234_567_89,
  to_collect_cents: 120_000,
});

export const SAMPLE_UNDO = sampleOperation({
  op_id: '9b2e7c41-0a3d-4f5e-8c6b-2d1f0e9a8b7c',
  operation: 'v3.undoBilling',
  status: 'succeeded',
  started_at: '2026-03-10T18:02:40.000Z',
  identity: { kind: 'dni', value: '41000012' },
  funding_code: 'DESHA1',
  cashier_id: 'maría.nuñez',
  reason: 'Cambio de producto: el cliente eligió una refrigeradora más pequeña del mismo diseño',
});

const OPEN = sampleOperation({
  op_id: 'c0ffee00-1111-4222-8333-444455556666',
  operation: 'v3.paidAndBilled',
  status: 'unknown',
  started_at: '2026-03-10T19:10:05.000Z',
  identity: { kind: 'dni', value: '41000001' },
  funding_code: 'VENTA1',
  cashier_id: 'josé.peña',
  billed_cents: 99_900,
  to_collect_cents: 19_980,
});

const MISSING = sampleOperation({
  op_id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
  operation: 'v3.paidAndBilled',
  status: 'succeeded',
  started_at: '2026-03-10T16:00:00.000Z',
  identity: { kind: 'dni', value: '41000004' },
  funding_code: 'PARCI1',
  cashier_id: 'josé.peña',
  billed_cents: 250_000,
  to_collect_cents: 50_000,
});

/** A day close with every section filled: `rows` detail rows across the three origins. */
export function sampleDayClose(rows = 12): DayCloseData {
  const origins = ['external', 'card', 'transfer'] as const;
  const detail = Array.from({ length: rows }, (_, i) => ({
    order_id: `MOSTRADOR-${String(26 + i).padStart(6, '0')}`,
    dni: i === 0 ? '20512333797' : `45${String(i).padStart(6, '0')}`,
    payment_origin: i === 0 ? ('external' as const) : (origins[i % 3] ?? 'external'),
    // From S/ 100.00 to about S/ 1,234,567.89, with odd cents.
    amount: i === 0 ? 1200 : (10_000 + ((i * 7_919_977) % 123_446_789)) / 100,
  }));
  const inStore = detail
    .filter((row) => row.payment_origin === 'external')
    .reduce((sum, row) => sum + Math.round(row.amount * 100), 0);
  const purchases = detail.reduce((sum, row) => sum + Math.round(row.amount * 100), 0);
  return {
    day: '2026-03-10',
    summary: {
      total_purchases: purchases / 100,
      total_paid_in_store: inStore / 100,
      total_financed: 4_321_098.76,
      order_detail: detail,
    },
    operations: [SAMPLE_SALE, SAMPLE_UNDO, OPEN, MISSING],
    unresolved: [OPEN],
  };
}
