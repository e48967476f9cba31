// The chain's page's exports (docs/head-office.md "Export"): the grid's CSV as shown (the filter
// said in it), and the chain's day on one A4 page, which the main process makes; the PDF's state
// (busy while it is made, failed if it was not) for the button and the line under the tools.
import { useState } from 'react';
import type { BridgeResult } from '../../shared/bridge';
import type { GridFilter, StoreRow } from '../../shared/head-office/cell-state';
import { call } from '../bridge/call';
import { downloadCsv } from '../components/download-csv';
import { gridCsv, officeCsvFileName } from './office-csv';
import { useOfficeLanguage, useOfficeT } from './office-language';

/** The PDF the main process made, saved by the browser like the CSV. */
function downloadPdf(name: string, base64: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useChainExports({
  view,
  rows,
  filter,
  day,
  dates,
}: {
  view: BridgeResult<'headOffice.grid'>;
  /** The stores shown (the filter's). */
  rows: readonly StoreRow[];
  filter: GridFilter;
  /** The chain's day, if it has one. */
  day: string | null;
  dates: readonly string[];
}) {
  const t = useOfficeT();
  const language = useOfficeLanguage((s) => s.language);
  const [pdf, setPdf] = useState<'idle' | 'busy' | 'failed'>('idle');
  const { grid, source } = view;

  const exportCsv = () => {
    const csv = gridCsv(rows, { source, asOf: grid.as_of, filter }, t, language);
    downloadCsv(officeCsvFileName('grid', day ?? dates[0] ?? '', source, t), csv);
  };
  const exportPdf = async () => {
    if (!day) return;
    setPdf('busy');
    const answer = await call('headOffice.pdf', {
      day,
      language,
      filter: { region: filter.region, text: filter.text.slice(0, 80) },
    });
    if (!answer.ok) {
      setPdf('failed');
      return;
    }
    downloadPdf(answer.result.file_name, answer.result.pdf_base64);
    setPdf('idle');
  };
  return { pdf, exportCsv, exportPdf };
}
