// Hash routes: the app is one page loaded from file:// or loopback, so the hash is the only
// part of the address it owns. Parsing is pure so every route can be tested without a browser.

export const SCREENS = [
  'sale',
  'check',
  'undo',
  'summary',
  'training',
  'settings',
  'orders',
] as const;
export type ScreenName = (typeof SCREENS)[number];

export type Route =
  | { name: ScreenName }
  | { name: 'print-day-summary'; day: string | null; layout: PrintLayoutName; auto: boolean }
  | {
      name: 'print-record';
      record: RecordDocument;
      opId: string | null;
      layout: PrintLayoutName;
      auto: boolean;
    }
  | { name: 'home' };

export type PrintLayoutName = 'a4' | 'receipt80';

/** A journaled operation's printed record: a sale's down payment collected, or an undo. */
export type RecordDocument = 'sale-record' | 'undo-record';
const RECORD_PATHS: Record<string, RecordDocument> = {
  '/print/sale-receipt': 'sale-record',
  '/print/undo-record': 'undo-record',
};

function layoutOf(value: string | null, fallback: PrintLayoutName): PrintLayoutName {
  return value === 'a4' || value === 'receipt80' ? value : fallback;
}

export function parseRoute(hash: string): Route {
  const text = hash.replace(/^#/, '');
  const [path = '', query = ''] = text.split('?', 2);
  const params = new URLSearchParams(query);
  const auto = params.get('auto') === '1';
  switch (path) {
    case '/print/day-summary':
      return {
        name: 'print-day-summary',
        day: params.get('day'),
        layout: layoutOf(params.get('layout'), 'a4'),
        auto,
      };
    case '/print/sale-receipt':
    case '/print/undo-record':
      return {
        name: 'print-record',
        record: RECORD_PATHS[path] ?? 'sale-record',
        opId: params.get('op'),
        layout: layoutOf(params.get('layout'), 'receipt80'),
        auto,
      };
    default: {
      const screen = path.replace(/^\//, '');
      return (SCREENS as readonly string[]).includes(screen)
        ? { name: screen as ScreenName }
        : { name: 'home' };
    }
  }
}

export function screenHash(screen: ScreenName): string {
  return `#/${screen}`;
}

/** The route given to `print.document` (the contract's pattern: no `auto`). */
export function daySummaryPrintRoute(day: string, layout: PrintLayoutName): string {
  return `#/print/day-summary?day=${day}&layout=${layout}`;
}

export function saleReceiptPrintRoute(opId: string, layout: PrintLayoutName = 'receipt80'): string {
  return recordPrintRoute('sale-record', opId, layout);
}

export function recordPrintRoute(
  record: RecordDocument,
  opId: string,
  layout: PrintLayoutName = 'receipt80',
): string {
  const path = record === 'undo-record' ? '/print/undo-record' : '/print/sale-receipt';
  return `#${path}?op=${opId}&layout=${layout}`;
}

/** The same print view, printing itself once loaded (browser mode's answer to print.document). */
export function withAutoPrint(route: string): string {
  return `${route}&auto=1`;
}
