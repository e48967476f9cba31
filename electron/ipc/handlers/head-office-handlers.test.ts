// headOffice.* through the real handler table (docs/head-office.md): in training the practice
// chain of the catalogue's store case, the chain's day as a one-page A4 PDF; live without a store
// database, or before the store case, a refusal the page can name.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { chainDay as chainDayOf, gridDates } from '../../../shared/head-office/cell-state';
import { errorOf, ok, testBed } from '../compose/test-support';

const bed = testBed('on-shift');
const CASE = 'store-close-counter-cut-off';
const run = promisify(execFile);

describe('head office at a terminal', () => {
  it('in training, reads the practice chain once the store case is on, and only then', async () => {
    const before = await errorOf(bed.backend.table, 'headOffice.grid', {});
    expect(before).toMatchObject({ code: 'not-available', issues: { head_office: 'no-practice' } });
    await ok(bed.backend.table, 'training.applyScenario', { name: CASE });
    const { source, grid } = await ok(bed.backend.table, 'headOffice.grid', {});
    expect(source).toBe('practice');
    expect(grid.mode).toBe('training');
    expect(grid.stores.map((s) => s.name)).toContain('Práctica Arequipa');
    expect(gridDates(grid)).toHaveLength(14);
    const day = chainDayOf(grid) ?? '';
    const opened = await ok(bed.backend.table, 'headOffice.day', {
      store: 'training:practica-arequipa',
      day,
    });
    expect(opened.day.close?.hash_ok).toBe(true);
    const missing = await errorOf(bed.backend.table, 'headOffice.day', {
      store: 'training:elsewhere',
      day,
    });
    expect(missing.code).toBe('bad-arguments');
  });

  it('prints the chain’s day on one A4 page, marked as training', async () => {
    await ok(bed.backend.table, 'training.applyScenario', { name: CASE });
    const { grid } = await ok(bed.backend.table, 'headOffice.grid', {});
    const day = chainDayOf(grid) ?? '';
    const pdf = await ok(bed.backend.table, 'headOffice.pdf', {
      day,
      language: 'es-PE',
      filter: { region: 'Arequipa', text: '' },
    });
    expect(pdf.pages).toBe(1);
    expect(pdf.file_name).toBe(`ENTRENAMIENTO-oficina-central-${day}.pdf`);
    const dir = await mkdtemp(join(tmpdir(), 'mostrador-chain-pdf-'));
    try {
      const path = join(dir, pdf.file_name);
      await writeFile(path, Buffer.from(pdf.pdf_base64, 'base64'));
      const info = (await run('pdfinfo', [path])).stdout;
      expect(info).toMatch(/^Pages:\s+1$/m);
      expect(info).toMatch(/A4/);
      const text = (await run('pdftotext', ['-layout', path, '-'])).stdout;
      expect(text).toContain('Oficina central: día de la cadena');
      expect(text).toContain('región Arequipa');
      expect(text).toContain('Práctica Arequipa');
      expect(text).toContain('Cerrada con 2 excepciones');
      expect(text).toContain('ENTRENAMIENTO');
      expect(text).not.toContain('Práctica Trujillo');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('live without a store database says so; nothing is read', async () => {
    await bed.backend.settings.update({ mode: 'live', base_url: 'https://service.example' });
    const refused = await errorOf(bed.backend.table, 'headOffice.grid', {});
    expect(refused).toMatchObject({
      code: 'not-available',
      issues: { head_office: 'no-database' },
    });
  });
});
