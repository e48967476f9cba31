// The printed store close says when its figures were read, after reading them (issue 35 item 12):
// "Impreso" is never before "Cifras al", and a draft's paper says its figures were read when it
// was printed (the paper reads the close again; the screen may show an earlier read).
import { describe, expect, it } from 'vitest';
import { layoutText } from '../../shared/receipt/text-layout';
import { buildStoreClose } from '../../shared/store/store-close';
import { sampleStoreDay } from '../../shared/store/store-close-samples';
import type { HandlerDeps } from '../ipc/deps';
import { buildDocument } from './document-source';

describe('the store close on paper', () => {
  it('is printed after its figures are read, and a draft says they were read for the paper', async () => {
    let now = Date.parse('2026-03-11T13:20:56.000Z');
    const clock = () => new Date(now);
    const deps = {
      clock,
      settings: {
        get: () => ({
          store_name: 'Tienda Centro',
          language: 'es-PE',
          time_zone: 'America/Lima',
          mode: 'live',
        }),
        terminalId: async () => 'CAJA0001',
      },
    } as unknown as HandlerDeps;
    const methods = () =>
      ({
        'storeClose.load': async () => {
          // The read takes a second: the figures are as of 08:20:57 in Lima.
          now += 1_000;
          const build = buildStoreClose({ ...sampleStoreDay(2, 5), now: clock().toISOString() });
          return {
            day: '2026-03-10',
            store: 'tienda-muestra',
            mode: 'live',
            draft: build.content,
            refusal: build.refusal,
            stored: null,
            arrived_after: [],
            practice: null,
          };
        },
      }) as never;
    const doc = await buildDocument(deps, methods, { document: 'store-close', day: '2026-03-10' });
    const text = layoutText(doc.blocks, 48)
      .map((l) => l.text.replace(/\u00a0/g, ' '))
      .join('\n');
    expect(text).toMatch(/Cifras leídas al imprimir\s+11\/03\/2026, 08:20:57/);
    expect(text).toMatch(/Impreso\s+11\/03\/2026, 08:20:57/);
  });
});
