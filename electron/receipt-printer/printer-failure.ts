// A failed print as a value: the category decides what the cashier is told.
import type { PrinterError, PrinterErrorCategory } from '../../shared/bridge/printer';

export class PrinterFailure extends Error {
  override readonly name = 'PrinterFailure';
  constructor(
    readonly category: PrinterErrorCategory,
    readonly detail: string,
  ) {
    super(`${category}: ${detail}`);
  }
  toValue(): PrinterError {
    return { category: this.category, detail: this.detail.slice(0, 500) };
  }
}
