// The day close reads as a supervisor reads: operations by what they are, the day as dd/mm/aaaa.
import { describe, expect, it } from 'vitest';
import { dayClose, terminalCounts } from './day-close';
import { SAMPLE_CONTEXT, SAMPLE_SALE, sampleDayClose, sampleOperation } from './samples';
import { layoutText } from './text-layout';

const textOf = (language: 'es-PE' | 'en') => {
  const data = { ...sampleDayClose(3), unresolved: [SAMPLE_SALE] };
  const doc = dayClose(data, { ...SAMPLE_CONTEXT, language });
  return layoutText(doc.blocks, 48)
    .map((line) => line.text)
    .join('\n')
    .replace(/\u00a0/g, ' ');
};

describe('the day close', () => {
  it('names an open operation as the supervisor knows it, not by its journal name', () => {
    expect(textOf('es-PE')).toContain('Pagado y facturado');
    expect(textOf('en')).toContain('Paid and billed');
    expect(textOf('es-PE')).not.toContain('v3.paidAndBilled');
  });

  it('gives the day as dd/mm/aaaa in es-PE', () => {
    expect(textOf('es-PE')).toMatch(/Día\s+10\/03\/2026/);
  });

  it('keeps what an undone billing collected apart: it stays in the drawer, the service does not count it', () => {
    const sale = (op_id: string, value: string, cents: number, at: string) =>
      sampleOperation({
        op_id,
        operation: 'v3.paidAndBilled',
        status: 'succeeded',
        started_at: at,
        identity: { kind: 'dni', value },
        funding_code: `C${value.slice(-3)}`,
        cashier_id: 'ana',
        billed_cents: cents * 4,
        to_collect_cents: cents,
      });
    const undo = sampleOperation({
      op_id: '00000000-0000-4000-8000-000000000003',
      operation: 'v3.undoBilling',
      status: 'succeeded',
      started_at: '2026-03-10T16:00:00.000Z',
      identity: { kind: 'dni', value: '41000002' },
      funding_code: 'C002',
      cashier_id: 'ana',
      reason: 'cambio de producto',
    });
    const operations = [
      sale('00000000-0000-4000-8000-000000000001', '41000001', 150_000, '2026-03-10T14:00:00.000Z'),
      sale('00000000-0000-4000-8000-000000000002', '41000002', 30_000, '2026-03-10T15:00:00.000Z'),
      undo,
    ];
    expect(terminalCounts(operations)).toMatchObject({
      billed: 2,
      undone: 1,
      collected: 180_000,
      undoneCollected: 30_000,
    });
    const doc = dayClose(
      { ...sampleDayClose(0), operations, unresolved: [] },
      { ...SAMPLE_CONTEXT, language: 'es-PE' },
    );
    const text = layoutText(doc.blocks, 48)
      .map((line) => line.text)
      .join('\n')
      .replace(/\u00a0/g, ' ');
    expect(text).toMatch(/Cobrado en tienda\s+S\/ 1,800\.00/);
    expect(text).toMatch(/De ventas deshechas[^\n]*\s+S\/ 300\.00/);
  });
});
