// A print's failure in the screen's language (issue 35 item 8): the advice says what to do; the
// main process's own detail (English, technical) is shown only where it adds something.
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/translate';
import type { T } from '../i18n/use-t';
import { printerNotice, printerNoticeText } from './printer-outcome';

const es: T = (key, params) => translate('es-PE', key, params);

describe('a print that failed', () => {
  it('with no printer set: the advice alone, no English detail', () => {
    const notice = printerNotice(
      { ok: false, error: { category: 'not-configured', detail: 'no receipt printer is set' } },
      'printer.sent',
    );
    expect(notice).toEqual({
      tone: 'error',
      message: 'printer.error.not-configured',
      detail: null,
    });
    const text = printerNoticeText(notice, es);
    expect(text).not.toContain('no receipt printer is set');
    expect(text).not.toContain('Detalle técnico');
  });

  it('a printer that refused: the advice, and the detail for whoever fixes it', () => {
    const notice = printerNotice(
      { ok: false, error: { category: 'refused', detail: 'connect ECONNREFUSED 10.0.0.9:9100' } },
      'printer.sent',
    );
    expect(printerNoticeText(notice, es)).toContain('Detalle técnico: connect ECONNREFUSED');
  });
});
