// `npm run receipt -- --printer tcp://127.0.0.1:9100 --sample sale|day-close|undo|test
// [--columns 32|42|48] [--language es-PE|en] [--preview]`: prints a sample document without the
// app, for installers checking a printer. `--preview` prints the lines here instead.

import type { PrinterErrorCategory } from '../../shared/bridge/printer';
import {
  dayClose,
  layoutText,
  RECEIPT_COLUMNS,
  type ReceiptDocument,
  saleRecord,
  testPage,
  undoRecord,
} from '../../shared/receipt';
import {
  SAMPLE_CONTEXT,
  SAMPLE_SALE,
  SAMPLE_UNDO,
  sampleDayClose,
} from '../../shared/receipt/samples';
import { parseCli } from '../cli/parse-cli';
import { parseAddress } from './address';
import { printDocument, type SendOptions } from './print-job';

/** What an installer is told, per failure. */
export const CLI_ADVICE: Record<PrinterErrorCategory, string> = {
  refused: 'the printer refused the connection: is it on, and is this its address and port?',
  unreachable: 'no route to the printer: check the cable or Wi-Fi and the address',
  'no-answer':
    'the printer did not answer or stopped taking data: check paper, cover and power, look at what printed, then print again',
  closed: 'the printer closed the connection mid-job: the receipt may be cut short; print again',
  'paper-out': 'the printer is out of paper: load a roll and print again',
  'queue-missing': 'this computer has no print queue by that name (lpstat -p lists them)',
  'queue-unavailable': 'no print system here: install CUPS (lp) or use tcp://host:port',
  'queue-failed': 'the print system refused the job',
  'not-configured': 'not a printer address: use tcp://host[:port] or queue:NAME',
};

const SAMPLES = ['sale', 'day-close', 'undo', 'test'] as const;

const USAGE = `usage: npm run receipt -- --printer tcp://127.0.0.1:9100 [--sample sale|day-close|undo|test]
         [--columns 32|42|48] [--language es-PE|en] [--preview]
Prints a sample document without the app, for installers checking a printer.
  --printer ADDRESS  tcp://host[:port] or queue:NAME
  --sample NAME      sale, day-close, undo or test (default test)
  --columns N        32, 42 or 48 (default 48)
  --language L       es-PE or en (default es-PE)
  --preview          prints the lines here instead of sending them
  -h, --help         this text`;

/**
 * `out` takes what the command answers (stdout), `err` the line of a command line it refuses
 * (stderr; electron/cli/parse-cli.ts).
 */
export async function runReceiptCli(
  argv: string[],
  out: (line: string) => void,
  options: SendOptions = {},
  err: (line: string) => void = out,
): Promise<number> {
  const parsed = parseCli({ name: 'receipt', usage: USAGE, options: OPTIONS }, argv);
  if (parsed.kind === 'exit') {
    if (parsed.stdout) out(parsed.stdout.replace(/\n$/, ''));
    if (parsed.stderr) err(parsed.stderr.replace(/\n$/, ''));
    return parsed.code;
  }
  const { values } = parsed;
  const columns = Number(values.columns);
  const sample = values.sample as (typeof SAMPLES)[number];
  const language = values.language === 'en' ? 'en' : 'es-PE';
  if (!(RECEIPT_COLUMNS as readonly number[]).includes(columns)) {
    out(`receipt: --columns must be 32, 42 or 48, got ${values.columns}`);
    return 2;
  }
  if (!SAMPLES.includes(sample)) {
    out(`receipt: --sample must be one of ${SAMPLES.join(', ')}, got ${values.sample}`);
    return 2;
  }
  const printer = values.printer ?? '';
  if (!values.preview && !parseAddress(printer)) {
    out(`receipt: ${CLI_ADVICE['not-configured']} (got "${printer}")`);
    return 2;
  }
  const context = { ...SAMPLE_CONTEXT, language, printed_at: new Date().toISOString() } as const;
  const documents: Record<(typeof SAMPLES)[number], () => ReceiptDocument> = {
    sale: () => saleRecord(SAMPLE_SALE, context),
    'day-close': () => dayClose(sampleDayClose(), context),
    undo: () => undoRecord(SAMPLE_UNDO, context),
    test: () => testPage(printer || '(preview)', columns, context),
  };
  const document = documents[sample]();
  if (values.preview) {
    for (const line of layoutText(document.blocks, columns)) out(line.text);
    return 0;
  }
  const outcome = await printDocument(document, { address: printer, columns }, options);
  if (outcome.ok) {
    out(`receipt: sent ${sample} (${columns} columns, ${outcome.bytes} bytes) to ${printer}`);
    return 0;
  }
  out(`receipt: ${CLI_ADVICE[outcome.error.category]} [${outcome.error.detail}]`);
  return 1;
}

const OPTIONS = {
  printer: { type: 'string' },
  sample: { type: 'string', default: 'test' },
  columns: { type: 'string', default: '48' },
  language: { type: 'string', default: 'es-PE' },
  preview: { type: 'boolean', default: false },
} as const;
