// Printed documents over the bridge: a real sale through the mock, its record and the day close
// previewed, printed to a decoding TCP receiver, saved as PDF; printer failures leave the sale be.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MockApp } from '../../mock/app';
import {
  closedPortAddress,
  decodeEscPos,
  type Receiver,
  startReceiver,
} from '../../receipt-printer/test-support';
import type { Backend } from '../compose/open-backend';
import {
  errorOf,
  freshMock,
  makeTempDir,
  ok,
  openTestBackend,
  PIN,
  PLAIN_SALE,
  TODAY,
} from '../compose/test-support';

const run = promisify(execFile);
let temp: Awaited<ReturnType<typeof makeTempDir>>;
let mock: MockApp;
let backend: Backend;
let receiver: Receiver | null = null;

beforeEach(async () => {
  temp = await makeTempDir();
  mock = await freshMock();
  backend = await openTestBackend({ dataDir: temp.dir, mock });
  await ok(backend.table, 'supervisor.setPin', { pin: PIN });
  await ok(backend.table, 'shift.start', { cashier_id: 'caja-01' });
});

afterEach(async () => {
  await receiver?.close();
  receiver = null;
  await backend.close();
  await mock.close();
  await temp.remove();
});

async function sell() {
  const verified = await ok(backend.table, 'v3.verify', PLAIN_SALE);
  const billed = await ok(backend.table, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
  expect(billed.status).toBe('succeeded');
  return billed.op_id;
}

async function usePrinter(address: string, columns: 32 | 42 | 48 = 42) {
  await ok(backend.table, 'settings.update', {
    pin: PIN,
    change: { receipt_printer: { address, columns } },
  });
}

describe('printed documents over the bridge', () => {
  it('a sale record: the preview is what the printer gets, line for line', async () => {
    const opId = await sell();
    receiver = await startReceiver();
    await usePrinter(receiver.address, 32);
    const request = { document: 'sale-record' as const, op_id: opId };
    const preview = await ok(backend.table, 'receipt.preview', { request });
    expect(preview.columns).toBe(32);
    const printed = await ok(backend.table, 'receipt.print', { request });
    expect(printed.ok).toBe(true);
    const decoded = decodeEscPos(await receiver.nextJob());
    const text = (lines: string[]) => lines.filter((line) => !line.startsWith('Impreso'));
    expect(text(decoded.lines.slice(0, preview.lines.length))).toEqual(
      text(preview.lines.map((line) => line.text)),
    );
    expect(decoded.lines.join('\n')).toMatch(/Cobrado en tienda +S\/ [\d,.]+/);
    expect(decoded.lines.join('\n')).toContain('ENTRENAMIENTO - NO VÁLIDO');
  });

  it('the day close: totals, this terminal, reconciliation, detail; and its A4 PDF', async () => {
    await sell();
    const request = { document: 'day-close' as const, day: TODAY };
    const preview = await ok(backend.table, 'receipt.preview', { request, columns: 48 });
    const text = preview.lines.map((line) => line.text).join('\n');
    expect(text).toMatch(/Ventas facturadas +1/);
    expect(text).toMatch(/Coinciden +1/);
    expect(text).toContain('Operaciones abiertas (0)');
    expect(text).toMatch(/Subtotal En tienda \(\d+\) +S\//);
    const { pdf_path } = await ok(backend.table, 'print.pdf', { request });
    expect(pdf_path.startsWith(temp.dir)).toBe(true);
    const pdfText = (await run('pdftotext', ['-layout', pdf_path, '-'])).stdout;
    expect(pdfText).toContain('Cierre del día');
    expect(pdfText).toMatch(/Ventas facturadas\s+1/);
    expect(pdfText).toContain('ENTRENAMIENTO - NO VÁLIDO');
  });

  it('a printer that is off: a value saying so, the sale untouched, printing again works', async () => {
    const opId = await sell();
    await usePrinter(await closedPortAddress());
    const request = { document: 'sale-record' as const, op_id: opId };
    const failed = await ok(backend.table, 'receipt.print', { request });
    expect(failed).toMatchObject({ ok: false, error: { category: 'refused' } });
    const operation = await ok(backend.table, 'journal.operation', { op_id: opId });
    expect(operation.status).toBe('succeeded');
    receiver = await startReceiver();
    await usePrinter(receiver.address);
    expect((await ok(backend.table, 'receipt.print', { request })).ok).toBe(true);
  });

  it('no printer set: not-configured, as a value', async () => {
    const opId = await sell();
    const answer = await ok(backend.table, 'receipt.print', {
      request: { document: 'sale-record', op_id: opId },
    });
    expect(answer).toMatchObject({ ok: false, error: { category: 'not-configured' } });
  });

  it('the test page takes the supervisor PIN and prints to the printer being set up', async () => {
    receiver = await startReceiver();
    const printer = { address: receiver.address, columns: 48 as const };
    expect((await errorOf(backend.table, 'receipt.testPage', { pin: '0000', printer })).code).toBe(
      'wrong-pin',
    );
    expect((await ok(backend.table, 'receipt.testPage', { pin: PIN, printer })).ok).toBe(true);
    const decoded = decodeEscPos(await receiver.nextJob());
    expect(decoded.lines.join('\n')).toContain('Acentos: á é í ó ú ü ñ Ñ ¿ ¡');
  });

  it('refuses a record of an operation of another kind, and a bad printer address', async () => {
    const opId = await sell();
    expect(
      (
        await errorOf(backend.table, 'receipt.preview', {
          request: { document: 'undo-record', op_id: opId },
        })
      ).code,
    ).toBe('bad-arguments');
    const bad = await errorOf(backend.table, 'settings.update', {
      pin: PIN,
      change: { receipt_printer: { address: 'http://evil', columns: 48 } },
    });
    expect(bad.code).toBe('bad-arguments');
  });
});
