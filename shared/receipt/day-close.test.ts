// The day close reads as a supervisor reads: operations by what they are, the day as dd/mm/aaaa.
import { describe, expect, it } from 'vitest';
import { dayClose } from './day-close';
import { SAMPLE_CONTEXT, SAMPLE_SALE, sampleDayClose } from './samples';
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
});
