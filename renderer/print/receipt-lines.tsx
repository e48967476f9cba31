import type { ReceiptPreview } from '../../shared/bridge/printer';
import { useT } from '../i18n/use-t';

/** The receipt printer's lines, in a fixed-width face, as many columns wide as its paper. */
export function ReceiptLines({ preview }: { preview: ReceiptPreview }) {
  const t = useT();
  return (
    <figure className="receipt-paper">
      <figcaption className="muted">
        {t('print.receiptPreview', { columns: preview.columns })}
      </figcaption>
      <pre
        className="receipt-lines"
        data-testid="receipt-lines"
        data-columns={preview.columns}
        style={{ width: `${preview.columns}ch` }}
      >
        {lineSpans(preview.lines)}
      </pre>
    </figure>
  );
}

/** Lines have no identity but their place, and the list never reorders once laid out. */
function lineSpans(lines: ReceiptPreview['lines']) {
  const spans = [];
  for (const [place, line] of lines.entries()) {
    spans.push(
      <span key={place} className={line.bold ? 'receipt-line receipt-line--bold' : 'receipt-line'}>
        {line.text}
        {'\n'}
      </span>,
    );
  }
  return spans;
}
