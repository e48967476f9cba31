// The close on paper and on file, as F6's day close and the store close both offer it: the 80 mm
// (or 58 mm) receipt, the A4 PDF and the CSV, then the printer's answer. A screen puts its own
// buttons first (F6's previews and A4 print) as children. docs/printing.md says what each makes.
import type { ReactNode } from 'react';
import type { DocumentRequest } from '../../shared/bridge/printer';
import type { usePrint } from './use-print';

export function PaperButtons({
  print,
  request,
  labels,
  onCsv,
  children,
}: {
  print: ReturnType<typeof usePrint>;
  request: DocumentRequest;
  labels: { receipt: string; pdf: string; csv: string };
  onCsv: () => void;
  children?: ReactNode;
}) {
  return (
    <>
      <div className="button-row">
        {children}
        <button
          type="button"
          className="button"
          disabled={print.busy}
          onClick={() => void print.receipt(request)}
        >
          {labels.receipt}
        </button>
        <button
          type="button"
          className="button"
          disabled={print.busy}
          onClick={() => void print.pdf(request)}
        >
          {labels.pdf}
        </button>
        <button type="button" className="button" onClick={onCsv}>
          {labels.csv}
        </button>
      </div>
      {print.message ? <p role="status">{print.message}</p> : null}
    </>
  );
}
