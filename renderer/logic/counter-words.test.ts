// Issue 18 item 7, the words still wrong at the counter: each choice, in both languages.
import { describe, expect, it } from 'vitest';
import { documentTexts } from '../../shared/receipt/texts';
import { en } from '../i18n/en';
import { spanishCatalogue as esPE } from '../i18n/test-support';
import { confirmWords } from './confirm-words';
import { forInvoice, type Guidance } from './error-guidance';
import { orderMeaning } from './order-status';

const both = [esPE, en];

describe('counter words (issue 18 item 7)', () => {
  it('the part of the down payment already paid does not say where it was paid', () => {
    // After an undo it may have been paid in store: the service says only that it is paid.
    expect(esPE['sale.paidOnline']).not.toMatch(/en línea/);
    expect(en['sale.paidOnline']).not.toMatch(/online/);
  });

  it('no refund note does not claim an overpayment', () => {
    expect(esPE['sale.noRefund']).not.toMatch(/de más/);
    expect(en['sale.noRefund']).not.toMatch(/overpayment|more was paid/);
  });

  it('an unknown billing of a factura sale names the factura', () => {
    const guidance: Guidance = {
      tone: 'unknown',
      title: 'guide.unknown.paid.title',
      steps: 'guide.unknown.paid.retrying',
      actions: [],
      fields: {},
      details: null,
      doNotCollect: true,
    };
    const factura = forInvoice(guidance, 'factura');
    for (const c of both) {
      expect(c[factura.steps]).toMatch(/factura/);
      expect(c[factura.steps]).not.toMatch(/boleta/);
    }
    expect(forInvoice(guidance, 'boleta').steps).toBe('guide.unknown.paid.retrying');
  });

  it('a print error does not speak of a sale (it may be the day summary)', () => {
    expect(esPE['printer.again']).not.toMatch(/venta/i);
    expect(en['printer.again']).not.toMatch(/sale/i);
  });

  it('the terminal is "este terminal" on paper as on screen', () => {
    const es = documentTexts('es-PE');
    expect(es('terminalTotals')).toBe('Este terminal');
    expect(es('reconMore')).toMatch(/este terminal/);
  });

  it('a confirmed order is not asked to be confirmed again', () => {
    for (const status of ['approved', 'validated'] as const) {
      const key = orderMeaning({ status, confirmed: true });
      expect(esPE[key]).not.toMatch(/confirme el pedido|falta la confirmación/);
      expect(en[key]).not.toMatch(/confirm the order|confirmation is missing/);
    }
    expect(orderMeaning({ status: 'approved', confirmed: false })).toBe('orders.meaning.approved');
  });

  it('S/ 0.00 to collect: no money to receive, the billing is what is confirmed', () => {
    const none = confirmWords(0);
    for (const c of both) {
      expect(c[none.warning]).not.toMatch(/dinero ya en caja|money already in the drawer/);
      expect(c[none.yes]).not.toMatch(/recibí|received/);
    }
    expect(confirmWords(25000).yes).toBe('sale.confirmYes');
    // One name for the step in v3 and v2.
    expect(none.collect.v3).toBe(none.collect.v2);
  });
});
