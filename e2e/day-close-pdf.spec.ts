// The day close's A4 PDF as the README shows it: the main process's layout (renderPdf) of the
// sample day (shared/receipt/samples.ts), its first two pages turned into images by pdftoppm,
// so `npm run screenshots` keeps them true to the layout like every other screenshot.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { renderPdf } from '../electron/printing/pdf-document';
import { dayClose } from '../shared/receipt';
import { SAMPLE_CONTEXT, sampleDayClose } from '../shared/receipt/samples';
import { expect, screenshotFolder, test } from './fixtures';

const run = promisify(execFile);

test('the day close PDF, pages 1 and 2: every section, then the detail grouped by origin', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mostrador-pdf-shot-'));
  try {
    const pdf = join(dir, 'day-close.pdf');
    await writeFile(
      pdf,
      await renderPdf(dayClose(sampleDayClose(60), SAMPLE_CONTEXT), {
        mark: 'ENTRENAMIENTO - NO VÁLIDO',
      }),
    );
    const page = async (n: number) =>
      (await run('pdftotext', ['-layout', '-f', `${n}`, '-l', `${n}`, pdf, '-'])).stdout;
    const first = await page(1);
    for (const heading of [
      'Cierre del día',
      'Totales del servicio',
      'Conciliación con el servicio',
    ])
      expect(first).toContain(heading);
    const second = await page(2);
    expect(second).toContain('Detalle por origen del pago');
    expect(second).toMatch(/Subtotal En tienda \(20\)/);
    // 80 dpi: an A4 page at about a laptop screen's height.
    await run('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '2', pdf, join(dir, 'page')]);
    await mkdir(screenshotFolder(), { recursive: true });
    for (const n of [1, 2])
      await copyFile(
        join(dir, `page-${n}.png`),
        join(screenshotFolder(), `day-close-pdf-page${n}.png`),
      );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
