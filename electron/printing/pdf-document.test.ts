import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskIdentity } from '../../shared/personal-data/mask';
import { dayClose, saleRecord, storeClose } from '../../shared/receipt';
import { SAMPLE_CONTEXT, SAMPLE_SALE, sampleDayClose } from '../../shared/receipt/samples';
import { buildStoreClose, sealClose } from '../../shared/store/store-close';
import { sampleStoreDay } from '../../shared/store/store-close-samples';
import { renderPdf } from './pdf-document';

const run = promisify(execFile);
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mostrador-pdf-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function inspect(pdf: Buffer, name: string) {
  const path = join(dir, `${name}.pdf`);
  await writeFile(path, pdf);
  const text = (await run('pdftotext', ['-layout', path, '-'], { maxBuffer: 64 << 20 })).stdout;
  const info = (await run('pdfinfo', ['-f', '1', '-l', '1', path])).stdout;
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const size = /^Page\s+1 size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info);
  const fonts = (await run('pdffonts', [path])).stdout;
  return { text, pages, width: Number(size?.[1]), height: Number(size?.[2]), fonts };
}

type Word = { text: string; page: number; x0: number; y0: number; x1: number; y1: number };

/** Every word of the PDF with its box, as pdftotext -bbox reads them. */
async function wordsOf(pdf: Buffer, name: string): Promise<Word[]> {
  const path = join(dir, `${name}.pdf`);
  await writeFile(path, pdf);
  const html = (await run('pdftotext', ['-bbox', path, '-'], { maxBuffer: 64 << 20 })).stdout;
  const words: Word[] = [];
  html.split('<page ').forEach((page, index) => {
    for (const m of page.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ))
      words.push({
        text: m[5] ?? '',
        page: index,
        x0: Number(m[1]),
        y0: Number(m[2]),
        x1: Number(m[3]),
        y1: Number(m[4]),
      });
  });
  return words;
}

/** Words past the right margin, and pairs of words whose boxes overlap (text printed over text). */
function layoutFaults(words: Word[]): string[] {
  const faults: string[] = [];
  const RIGHT_EDGE = 595.28 - 42 + 0.5;
  for (const w of words) if (w.x1 > RIGHT_EDGE) faults.push(`past the margin: ${w.text}`);
  for (let i = 0; i < words.length; i++) {
    const a = words[i] as Word;
    for (let j = i + 1; j < words.length; j++) {
      const b = words[j] as Word;
      if (a.page !== b.page) break;
      // A glyph box may touch its neighbour's by a hair; overlapping ink is more than that.
      const dx = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const dy = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (dx > 0.5 && dy > 1) faults.push(`${a.text} over ${b.text}`);
    }
  }
  return faults;
}

describe('the A4 PDF of a document', () => {
  it('the day close with 10,000 rows: every section, every row, A4 pages, DejaVu embedded', async () => {
    const data = sampleDayClose(10_000);
    const pdf = await renderPdf(dayClose(data, SAMPLE_CONTEXT), {
      mark: 'ENTRENAMIENTO - NO VÁLIDO',
    });
    const { text, pages, width, height, fonts } = await inspect(pdf, 'day-close');
    expect(width).toBeCloseTo(595.28, 0);
    expect(height).toBeCloseTo(841.89, 0);
    expect(pages).toBeGreaterThan(100);
    for (const heading of [
      'Cierre del día',
      'Totales del servicio',
      'Este terminal',
      'Operaciones abiertas (1)',
      'Conciliación con el servicio',
      'Detalle por origen del pago',
      'Firma del cajero',
      'Firma del supervisor',
      'ENTRENAMIENTO - NO VÁLIDO',
      'Señorial de Electrodomésticos',
    ]) {
      expect(text, heading).toContain(heading);
    }
    const rows = data.summary.order_detail ?? [];
    // Each customer masked on paper (docs/personal-data.md "Prints and exports").
    for (const row of [rows[0], rows[4_999], rows.at(-1)]) {
      const mask = maskIdentity(row?.dni ?? '').replace(/\*/g, '\\*');
      expect(text).toMatch(new RegExp(`${row?.order_id}\\s+${mask}\\s+S/ [\\d,]+\\.\\d\\d`));
    }
    expect(text.match(/MOSTRADOR-\d{6}\s+\*{5,8}\d{3}\s+S\//g)?.length).toBe(10_000);
    expect(text).not.toMatch(/MOSTRADOR-\d{6}\s+\d{8,11}\s/);
    expect(text).toMatch(/Subtotal En tienda \(3334\)\s+S\/ [\d,]+\.\d\d/);
    expect(text).toMatch(new RegExp(`Cierre del día · ${pages}/${pages}`));
    expect(fonts).toMatch(/DejaVuSans\s.*yes/);
    expect(fonts).toMatch(/DejaVuSans-Bold\s.*yes/);
  });

  it("never leaves a payment origin's heading alone at the foot of a page", async () => {
    // Every page count from 20 to 80 rows moves the three group headings down the pages one row
    // at a time, so some size puts each of them on a page's last line unless it keeps with its
    // first entry.
    const origins = ['En tienda', 'Tarjeta (web)', 'Transferencia'];
    const alone: string[] = [];
    for (let rows = 20; rows <= 80; rows++) {
      const pdf = await renderPdf(dayClose(sampleDayClose(rows), SAMPLE_CONTEXT));
      const { text } = await inspect(pdf, `day-close-${rows}`);
      const pages = text.split('\f').filter((page) => page.trim() !== '');
      pages.forEach((page, index) => {
        // The last line is the footer (title and page number); the one before it ends the page.
        const lines = page
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean);
        const last = lines.at(-2) ?? '';
        if (origins.includes(last)) alone.push(`${rows} rows, page ${index + 1}: ${last}`);
      });
    }
    expect(alone).toEqual([]);
  });

  it('a sale record on A4 keeps its accents and amounts', async () => {
    const pdf = await renderPdf(saleRecord(SAMPLE_SALE, SAMPLE_CONTEXT));
    const { text, pages } = await inspect(pdf, 'sale');
    expect(pages).toBe(1);
    expect(text).toContain('Constancia de inicial cobrada');
    expect(text).toMatch(/Cobrado en tienda\s+S\/ 1,200\.00/);
    expect(text).toContain('maría.nuñez');
  });

  it('the store close: a section per counter, the exceptions first, signatures and the hash', async () => {
    const close = buildStoreClose(sampleStoreDay(3, 30, { stopped: 2 }));
    const content = sealClose(close, {
      supervisor: 'Rosa Quispe',
      cashier_id: 'cajero-1',
      terminal_id: 'CAJA01',
      terminal_name: 'Caja 1',
      note: 'Caja 2 sin red',
    });
    const sha256 = '0123456789abcdef'.repeat(4);
    const doc = storeClose(
      { content, record: { sha256, recorded_at: content.as_of }, arrivedAfter: [] },
      SAMPLE_CONTEXT,
    );
    const { text } = await inspect(await renderPdf(doc), 'store-close');
    const at = (needle: string) => text.indexOf(needle);
    expect(at('Excepciones (1)')).toBeGreaterThan(0);
    expect(at('Caja en silencio')).toBeLessThan(at('Totales del servicio'));
    for (const counter of ['Caja 1 (CAJA01)', 'Caja 2 (CAJA02)', 'Caja 3 (CAJA03)'])
      expect(text).toContain(counter);
    expect(text).toMatch(
      /Caja 2: en silencio desde las 14:05; datos hasta las 14:02 — lo que\s+hizo\s+después\s+no\s+está\s+en\s+este\s+cierre\./,
    );
    expect(text).toContain('Firma del cajero — Caja 3');
    expect(text).toContain('Firma del supervisor');
    expect(text).toContain(sha256.slice(0, 32));
    expect(text).toContain(sha256.slice(32));
  });

  it.each(['es-PE', 'en'] as const)(
    'the store close in %s: a long refusal and a long label stay in their column, clear of the amounts',
    async (language) => {
      const day = sampleStoreDay(2, 5);
      const close = buildStoreClose({
        ...day,
        held: [
          {
            terminal_id: 'CAJA02',
            hold: {
              hold_id: '00000000-0000-4000-8000-00000000a001',
              op_ids: ['00000000-0000-4000-8000-00000000a001'],
              mode: 'live',
              generation: 'v3',
              funding_code: 'HELD02',
              identity: { kind: 'dni', value: '41000077' },
              cashier_id: 'ana.maria.quispe',
              amount_cents: 47_500,
              held_at: '2026-03-10T15:00:00.000Z',
              reason: {
                category: 'state-conflict',
                message:
                  'The service refused the sale: Funding code does not exist or not active (status 400)',
              },
            },
          },
        ],
      });
      const doc = storeClose(
        { content: close.content, record: null, arrivedAfter: [] },
        { ...SAMPLE_CONTEXT, language },
      );
      const pdf = await renderPdf(doc);
      const words = await wordsOf(pdf, `store-close-held-${language}`);
      expect(layoutFaults(words)).toEqual([]);
      const { text } = await inspect(pdf, `store-close-held-${language}-text`);
      // Every word of the refusal is printed (wrapped, not cut), and the amount beside it.
      expect(text.replace(/\s+/g, ' ')).toContain('(status 400)');
      expect(text).toContain('S/ 475.00');
    },
  );
});
