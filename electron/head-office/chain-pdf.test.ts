// The chain's day on paper (shared/receipt/chain-day.ts through electron/printing): one A4 page
// whatever the chain's size and however long its names, the stores that need head office first
// and the most money first, in both languages.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainGrid, GridStore } from '../../shared/head-office/chain';
import { ATTENTION_ROWS, chainDay } from '../../shared/receipt/chain-day';
import { pageCount } from '../ipc/handlers/head-office-handlers';
import { renderPdf } from '../printing/pdf-document';

const run = promisify(execFile);
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mostrador-chain-day-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SHA = 'b'.repeat(64);

function store(n: number, atStake: number | null): GridStore {
  const closed = {
    recorded_at: '2026-03-10T13:30:00.000Z',
    sha256: SHA,
    summary: {
      totals: {
        billed: 40,
        undone: 1,
        refused: 0,
        collected_cents: 1_234_500,
        open: 0,
        operations: 45,
      },
      counts: { matched: 40, missing: 0, extra: atStake ? 1 : 0, amount_differs: 0, pending: 0 },
      service_in_store_cents: 1_234_500,
      exceptions: atStake ? 2 : 0,
      by_kind: (atStake ? { held: 1, reconcile: 1 } : {}) as Record<string, number>,
      at_stake_cents: atStake ?? 0,
      silent: 0,
      off: 0,
      supervisor: 'Rosa',
      terminal_name: 'Caja 1',
    },
  };
  return {
    store: `tienda-${n}`,
    // Names as long as the owner may set them (80), and regions too.
    name: `Tienda número ${n} del centro comercial con un nombre larguísimo de ochenta letras`.slice(
      0,
      80,
    ),
    region: `Región ${n % 7} con un nombre también muy largo para ver que nada se sale`.slice(
      0,
      80,
    ),
    time_zone: 'America/Lima',
    today: '2026-03-10',
    counters: {
      total: 10,
      current: 10,
      silent: 0,
      off: 0,
      silent_since: null,
      versions: ['0.1.0'],
    },
    days: [
      { day: '2026-03-10', ended: false, close: null, totals: null, after_close: false },
      { day: '2026-03-09', ended: true, close: closed, totals: null, after_close: false },
    ],
  };
}

async function inspect(pdf: Buffer, name: string) {
  const path = join(dir, `${name}.pdf`);
  await writeFile(path, pdf);
  const info = (await run('pdfinfo', [path])).stdout;
  const text = (await run('pdftotext', ['-layout', path, '-'])).stdout;
  return { pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]), text };
}

describe('the chain’s day on one A4 page', () => {
  it('holds 300 stores with exceptions and 200 balanced on one page, the most money first', async () => {
    const grid: ChainGrid = {
      as_of: '2026-03-10T15:00:00.000Z',
      mode: 'live',
      days: 2,
      stores: [
        ...Array.from({ length: 300 }, (_, i) => store(i + 1, (i + 1) * 1_000)),
        ...Array.from({ length: 200 }, (_, i) => store(1_000 + i, null)),
      ],
    };
    for (const language of ['es-PE', 'en'] as const) {
      const document = chainDay(
        { grid, day: '2026-03-09', filter: { region: null, text: '' }, source: 'database' },
        { language, printed_at: '2026-03-10T15:00:00.000Z' },
      );
      const pdf = await renderPdf(document);
      const { pages, text } = await inspect(pdf, `chain-${language}`);
      expect(pages, language).toBe(1);
      expect(pageCount(pdf)).toBe(1);
      // The store with the most money at stake is the first listed; the cut says how many more.
      const first = text.indexOf('Tienda número 300 ');
      expect(first).toBeGreaterThan(0);
      expect(first).toBeLessThan(text.indexOf('Tienda número 299 '));
      expect(text).toContain(
        language === 'en'
          ? `… and ${300 - ATTENTION_ROWS} more`
          : `… y ${300 - ATTENTION_ROWS} tiendas más`,
      );
      expect(text).toContain(language === 'en' ? '500 of 500' : '500 de 500');
      expect(text).toMatch(
        language === 'en' ? /Closed and balanced \(200\)/ : /Cerradas y cuadradas \(200\)/,
      );
    }
  });
});
