// receipt.* and print.pdf: printed documents laid out once (shared/receipt), then sent to the
// receipt printer, shown as the preview, or written as an A4 PDF. A failed print is a value with
// a category and changes nothing else: printing again is always possible.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { layoutText } from '../../../shared/receipt';
import { testPage } from '../../../shared/receipt/test-page';
import { buildDocument, printContext } from '../../printing/document-source';
import type { printDocument } from '../../receipt-printer/print-job';
import type { HandlerDeps, HandlerMap } from '../deps';
import { requirePin } from './require-pin';

type ReceiptMethods = 'receipt.preview' | 'receipt.print' | 'receipt.testPage' | 'print.pdf';

const DEFAULT_COLUMNS = 48;

// pdfkit (with fontkit) and the ESC/POS encoder load on first use, not at start: they are big,
// and most launches print nothing before the first sale.
const loadPrinter = () => import('../../receipt-printer/print-job');
const loadPdf = () => import('../../printing/pdf-document');

export function receiptHandlers(
  deps: HandlerDeps,
  methods: () => HandlerMap,
): Pick<HandlerMap, ReceiptMethods> {
  const logged = (what: string, outcome: Awaited<ReturnType<typeof printDocument>>) => {
    if (outcome.ok) deps.logger.info('receipt printed', { what, bytes: outcome.bytes });
    else deps.logger.warn('receipt not printed', { what, ...outcome.error });
    return outcome;
  };

  return {
    'receipt.preview': async ({ request, columns }) => {
      const printer = deps.settings.get().receipt_printer;
      const width = columns ?? printer?.columns ?? DEFAULT_COLUMNS;
      const document = await buildDocument(deps, methods, request);
      return {
        name: document.name,
        title: document.title,
        blocks: document.blocks,
        columns: width,
        lines: layoutText(document.blocks, width),
        printer,
      };
    },

    'receipt.print': async ({ request }) => {
      const printer = deps.settings.get().receipt_printer;
      if (!printer) {
        return {
          ok: false,
          error: { category: 'not-configured', detail: 'no receipt printer is set' },
        };
      }
      const document = await buildDocument(deps, methods, request);
      const { printDocument } = await loadPrinter();
      return logged(request.document, await printDocument(document, printer));
    },

    'receipt.testPage': async ({ pin, printer }) => {
      await requirePin(deps.settings, pin);
      const document = testPage(printer.address, printer.columns, await printContext(deps));
      const { printDocument } = await loadPrinter();
      return logged('test-page', await printDocument(document, printer));
    },

    'print.pdf': async ({ request }) => {
      const document = await buildDocument(deps, methods, request);
      const training = deps.settings.get().mode === 'training';
      const context = await printContext(deps);
      const { renderPdf } = await loadPdf();
      const pdf = await renderPdf(document, {
        ...(training ? { mark: markOf(document.blocks) } : {}),
      });
      const dir = join(deps.appInfo.data_dir, 'prints');
      await mkdir(dir, { recursive: true });
      const which = 'day' in request ? request.day : request.op_id.slice(0, 8);
      const stamp = context.printed_at.replace(/[:.]/g, '-');
      const path = join(
        dir,
        `${training ? 'ENTRENAMIENTO-' : ''}${request.document}-${which}-${stamp}.pdf`,
      );
      await writeFile(path, pdf);
      return { pdf_path: path };
    },
  };
}

/** The training mark's words, as the document has them (in its language). */
function markOf(blocks: readonly { kind: string; text?: string }[]): string {
  return blocks.find((block) => block.kind === 'mark')?.text ?? 'ENTRENAMIENTO';
}
