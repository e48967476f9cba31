// Paper sizes of the two layouts: A4 sheets, and 80 mm thermal receipt rolls (72 mm printable;
// the height is a long page, since a roll has no fixed length).
export type PrintLayout = 'a4' | 'receipt80';

const MM_PER_INCH = 25.4;

/** webContents.print() takes microns. */
export function printPageSize(layout: PrintLayout): 'A4' | { width: number; height: number } {
  return layout === 'a4' ? 'A4' : { width: 80_000, height: 297_000 };
}

/** printToPDF() takes inches. */
export function pdfPageSize(layout: PrintLayout): 'A4' | { width: number; height: number } {
  return layout === 'a4' ? 'A4' : { width: 80 / MM_PER_INCH, height: 297 / MM_PER_INCH };
}

/** A file name that sorts by time and never collides within a terminal. */
export function pdfFileName(document: string, layout: PrintLayout, at: Date): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return `${document}-${layout}-${stamp}.pdf`;
}
