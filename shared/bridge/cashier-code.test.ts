// Two cashier schemas, named for what they are (docs/decisions.md "Two cashier schemas: what the
// service takes, what a cashier types (issue 22, item 3)"): every code a cashier can start a
// shift with must be a `cashier_id` the service takes, or the sale fails at Verify.
import { describe, expect, it } from 'vitest';
import { ServiceCashierId } from '../api/in-store';
import { CashierCode } from './settings';

describe('CashierCode and ServiceCashierId', () => {
  it('takes up to 32 characters at the terminal, upper-cased, and the service takes the result', () => {
    for (const typed of ['c', ' caja-02 ', 'Caja.Tarde_1', 'a'.repeat(32)]) {
      const code = CashierCode.parse(typed);
      expect(code).toBe(typed.trim().toUpperCase());
      expect(ServiceCashierId.parse(code)).toBe(code);
    }
  });

  it('refuses at the terminal what the service would take but a cashier should not type', () => {
    for (const typed of ['a'.repeat(33), 'caja 02', 'caja/02', 'cajá']) {
      expect(CashierCode.safeParse(typed).success).toBe(false);
      expect(ServiceCashierId.safeParse(typed).success).toBe(true);
    }
  });

  it('refuses what neither takes', () => {
    for (const typed of ['', '   ', 'a'.repeat(65)]) {
      expect(CashierCode.safeParse(typed).success).toBe(false);
      expect(ServiceCashierId.safeParse(typed).success).toBe(false);
    }
  });
});
