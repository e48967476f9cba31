import { describe, expect, it } from 'vitest';
import { pdfFileName, pdfPageSize, printPageSize } from './print-options';

describe('print page sizes', () => {
  it('A4 by name for both printing and PDF', () => {
    expect(printPageSize('a4')).toBe('A4');
    expect(pdfPageSize('a4')).toBe('A4');
  });
  it('80 mm receipts: microns for the printer, inches for PDF', () => {
    expect(printPageSize('receipt80')).toEqual({ width: 80_000, height: 297_000 });
    const pdf = pdfPageSize('receipt80');
    expect(typeof pdf === 'object' && pdf.width).toBeCloseTo(3.1496, 3);
  });
  it('names PDFs by document, layout and time, with no characters a file system refuses', () => {
    const name = pdfFileName('day-summary', 'a4', new Date('2026-03-10T04:30:00.123Z'));
    expect(name).toBe('day-summary-a4-2026-03-10T04-30-00-123Z.pdf');
    expect(name).not.toMatch(/[:\\/]/);
  });
});
