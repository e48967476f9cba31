import { afterEach, describe, expect, it } from 'vitest';
import { formatPEN } from '../../shared/domain/money';
import {
  dayClose,
  layoutText,
  RECEIPT_COLUMNS,
  type ReceiptDocument,
  saleRecord,
  undoRecord,
} from '../../shared/receipt';
import { CP850_HIGH } from '../../shared/receipt/code-page';
import {
  SAMPLE_CONTEXT,
  SAMPLE_SALE,
  SAMPLE_UNDO,
  sampleDayClose,
} from '../../shared/receipt/samples';
import { encodeReceipt } from './escpos';
import { printDocument } from './print-job';
import { closedPortAddress, decodeEscPos, type Receiver, startReceiver } from './test-support';

let receiver: Receiver | null = null;
afterEach(async () => {
  await receiver?.close();
  receiver = null;
});

const documents: Record<string, () => ReceiptDocument> = {
  'sale-record': () => saleRecord(SAMPLE_SALE, SAMPLE_CONTEXT),
  'undo-record': () => undoRecord(SAMPLE_UNDO, SAMPLE_CONTEXT),
  'day-close': () => dayClose(sampleDayClose(), SAMPLE_CONTEXT),
};

describe('printing to a network receipt printer', () => {
  for (const [name, build] of Object.entries(documents)) {
    for (const columns of RECEIPT_COLUMNS) {
      it(`${name} at ${columns} columns: initialize, code page 850, the preview's lines, a cut`, async () => {
        receiver = await startReceiver();
        const document = build();
        const outcome = await printDocument(document, { address: receiver.address, columns });
        expect(outcome.ok).toBe(true);
        const decoded = decodeEscPos(await receiver.nextJob());
        expect(decoded.initialized).toBe(true);
        expect(decoded.codePages).toEqual([2]);
        expect(decoded.statusRequests).toBe(1);
        expect(decoded.cuts).toBe(1);
        const preview = layoutText(document.blocks, columns);
        // What the preview shows is what the paper gets, line for line, bold included.
        expect(decoded.lines.slice(0, preview.length)).toEqual(preview.map((line) => line.text));
        expect(decoded.lines.slice(preview.length).every((line) => line === '')).toBe(true);
        preview.forEach((line, index) => {
          expect(decoded.boldLines.has(index), `bold of line ${index}`).toBe(line.bold);
        });
        const text = decoded.lines.join('\n');
        expect(text).toContain('ENTRENAMIENTO - NO VÁLIDO');
        if (name === 'sale-record') {
          expect(text).toContain(formatPEN(120_000).replace('\u00a0', ' '));
          expect(text).toContain('maría.nuñez');
        }
      });
    }
  }

  it('the code page table is the encoder’s: every Spanish letter goes out as its cp850 byte', () => {
    const bytes = encodeReceipt([{ text: 'áéíóúüñÑ¿¡ÁÉÍÓÚ', bold: false }], 48);
    const decoded = decodeEscPos(bytes);
    expect(decoded.lines[0]).toBe('áéíóúüñÑ¿¡ÁÉÍÓÚ');
    for (const char of 'áéíóúüñÑ¿¡ÁÉÍÓÚ') {
      const index = CP850_HIGH.indexOf(char);
      const one = encodeReceipt([{ text: char, bold: false }], 48);
      expect(one.includes(0x80 + index), `${char} as 0x${(0x80 + index).toString(16)}`).toBe(true);
    }
  });
});

describe('a printer that fails says how', () => {
  const sale = () => saleRecord(SAMPLE_SALE, SAMPLE_CONTEXT);

  it('refusing the connection (off, wrong port)', async () => {
    const address = await closedPortAddress();
    const outcome = await printDocument(sale(), { address, columns: 48 });
    expect(outcome).toMatchObject({ ok: false, error: { category: 'refused' } });
  });

  it('closing the connection mid-job', async () => {
    receiver = await startReceiver('close-mid-job');
    const outcome = await printDocument(
      dayClose(sampleDayClose(3000), SAMPLE_CONTEXT),
      { address: receiver.address, columns: 48 },
      { tcp: { statusMs: 50 } },
    );
    expect(outcome).toMatchObject({ ok: false, error: { category: 'closed' } });
  });

  for (const behaviour of ['close-at-once', 'reset-at-once'] as const) {
    it(`${behaviour === 'close-at-once' ? 'closing' : 'resetting'} the connection right after accepting it: closed, not no-answer`, async () => {
      receiver = await startReceiver(behaviour);
      // The failure must come from the close itself, never from these timeouts (no-answer).
      const outcome = await printDocument(
        sale(),
        { address: receiver.address, columns: 48 },
        { tcp: { statusMs: 800, idleMs: 3_000 } },
      );
      expect(outcome).toMatchObject({ ok: false, error: { category: 'closed' } });
    });
  }

  it('never answering (takes no data)', async () => {
    receiver = await startReceiver('silent');
    const outcome = await printDocument(
      dayClose(sampleDayClose(200), SAMPLE_CONTEXT),
      { address: receiver.address, columns: 48 },
      { tcp: { statusMs: 50, idleMs: 400 } },
    );
    expect(outcome).toMatchObject({ ok: false, error: { category: 'no-answer' } });
  });

  it('out of paper: the job is not sent', async () => {
    receiver = await startReceiver('paper-out');
    const outcome = await printDocument(sale(), { address: receiver.address, columns: 48 });
    expect(outcome).toMatchObject({ ok: false, error: { category: 'paper-out' } });
    const sent = decodeEscPos(await receiver.nextJob());
    expect(sent.statusRequests).toBe(1);
    expect(sent.lines).toEqual([]);
  });

  it('after a failure, printing again works', async () => {
    receiver = await startReceiver('paper-out');
    const first = await printDocument(sale(), { address: receiver.address, columns: 32 });
    expect(first.ok).toBe(false);
    await receiver.close();
    receiver = await startReceiver();
    const again = await printDocument(sale(), { address: receiver.address, columns: 32 });
    expect(again.ok).toBe(true);
  });

  it('a printer that does not answer status requests still gets the job', async () => {
    receiver = await startReceiver('print-no-status');
    const outcome = await printDocument(sale(), { address: receiver.address, columns: 42 });
    expect(outcome.ok).toBe(true);
    expect(decodeEscPos(await receiver.nextJob()).cuts).toBe(1);
  });

  it('an address that is not one', async () => {
    const outcome = await printDocument(sale(), { address: 'http://printer', columns: 48 });
    expect(outcome).toMatchObject({ ok: false, error: { category: 'not-configured' } });
  });
});
