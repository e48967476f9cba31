// headOffice.*: the head-office page (docs/head-office.md). Reads only: the chain's grid, a
// store's day, and the chain's day as a one-page A4 PDF through the printing pipeline
// (shared/receipt/chain-day.ts → electron/printing/pdf-document.ts), handed back for the page to
// save (head office keeps no files). Where they read is the deps' `headOffice`: the head-office
// login of `npm run head-office`, or this terminal's (electron/head-office/head-office-reads.ts).
import { GRID_DAYS } from '../../../shared/bridge/head-office';
import { chainDay } from '../../../shared/receipt/chain-day';
import { type HeadOfficeOpening, HeadOfficeRefused } from '../../head-office/head-office-reads';
import { HeadOfficeUnavailable } from '../../head-office/head-office-source';
import { BridgeFailure } from '../bridge-failure';
import type { HandlerDeps, HandlerMap } from '../deps';

type HeadOfficeMethods = 'headOffice.grid' | 'headOffice.day' | 'headOffice.pdf';

const loadPdf = () => import('../../printing/pdf-document');

/** Pages of a PDF pdfkit wrote: its page objects (`/Type /Page`, not `/Pages`). */
export function pageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page(?!s)/g)?.length ?? 0;
}

/**
 * Why head office cannot be read, as the bridge says it: `issues.head_office` (the refusal) or
 * `issues.store_db` (the database's category); the message is the technical detail.
 */
async function reading<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HeadOfficeRefused) {
      throw new BridgeFailure('not-available', error.message, { head_office: error.reason });
    }
    if (error instanceof HeadOfficeUnavailable) {
      throw new BridgeFailure(
        'not-available',
        `The store database did not answer (${error.category}): ${error.message}`.slice(0, 500),
        { store_db: error.category },
      );
    }
    throw error;
  }
}

export function headOfficeHandlers(
  deps: Pick<HandlerDeps, 'clock' | 'logger' | 'headOffice'>,
): Pick<HandlerMap, HeadOfficeMethods> {
  const open = (): Promise<HeadOfficeOpening> => {
    if (!deps.headOffice) throw new HeadOfficeRefused('no-database');
    return deps.headOffice.open();
  };
  return {
    'headOffice.grid': ({ days }) =>
      reading(async () => {
        const { kind, mode, source } = await open();
        return { source: kind, grid: await source.grid({ mode, days: days ?? GRID_DAYS }) };
      }),

    'headOffice.day': ({ store, day }) =>
      reading(async () => {
        const { kind, mode, source } = await open();
        const found = await source.day({ mode, store, day });
        if (!found) throw new BridgeFailure('bad-arguments', 'No such store in the chain.');
        return { source: kind, day: found };
      }),

    'headOffice.pdf': ({ day, language, filter }) =>
      reading(async () => {
        const { kind, mode, source } = await open();
        const grid = await source.grid({ mode, days: GRID_DAYS });
        const document = chainDay(
          { grid, day, filter: filter ?? { region: null, text: '' }, source: kind },
          { language, printed_at: deps.clock().toISOString() },
        );
        const { renderPdf } = await loadPdf();
        const training = kind === 'practice';
        const pdf = await renderPdf(document, training ? { mark: 'ENTRENAMIENTO' } : {});
        const base = language === 'en' ? 'head-office' : 'oficina-central';
        deps.logger.info('head office: chain day printed', {
          day,
          source: kind,
          bytes: pdf.length,
        });
        return {
          file_name: `${training ? 'ENTRENAMIENTO-' : ''}${base}-${day}.pdf`,
          pdf_base64: pdf.toString('base64'),
          pages: pageCount(pdf),
        };
      }),
  };
}
