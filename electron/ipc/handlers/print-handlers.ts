// print.document delegates to the shell's printer. Browser mode's printer answers
// `browser-print`, and the page prints itself with window.print().
import type { HandlerDeps, HandlerMap, PrintAdapter } from '../deps';

export const browserPrinter: PrintAdapter = {
  print: async () => ({ handled: false, reason: 'browser-print' }),
};

export function printHandlers(deps: HandlerDeps): Pick<HandlerMap, 'print.document'> {
  return { 'print.document': async (args) => deps.printer.print(args) };
}
