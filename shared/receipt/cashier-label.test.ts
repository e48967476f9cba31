// Paper names the cashier or the cashiers, never "Cajero(s)" (docs/decisions.md "Store words,
// one and many (issue 18, item 7 leftovers)").
import { describe, expect, it } from 'vitest';
import { dayClose } from './day-close';
import { SAMPLE_CONTEXT, SAMPLE_SALE, sampleDayClose } from './samples';
import { layoutText } from './text-layout';

const textOf = (doc: ReturnType<typeof dayClose>) =>
  layoutText(doc.blocks, 48)
    .map((line) => line.text)
    .join('\n')
    .replace(/\u00a0/g, ' ');

describe('the day close names its cashiers', () => {
  it('several as "Cajeros" / "Cashiers"', () => {
    const data = { ...sampleDayClose(3), unresolved: [SAMPLE_SALE] };
    expect(textOf(dayClose(data, SAMPLE_CONTEXT))).toMatch(/Cajeros\s+JOSÉ\.PEÑA, MARÍA\.NUÑEZ/);
    expect(textOf(dayClose(data, { ...SAMPLE_CONTEXT, language: 'en' }))).toMatch(
      /Cashiers\s+JOSÉ\.PEÑA, MARÍA\.NUÑEZ/,
    );
  });

  it('one as "Cajero", never "Cajero(s)"', () => {
    const data = { ...sampleDayClose(3), operations: [SAMPLE_SALE], unresolved: [] };
    const text = textOf(dayClose(data, SAMPLE_CONTEXT));
    expect(text).toMatch(/Cajero\s+MARÍA\.NUÑEZ/);
    expect(text).not.toContain('Cajero(s)');
  });
});
