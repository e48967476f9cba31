import { useT } from '../i18n/use-t';
import type { PrinterNotice } from '../logic/printer-outcome';

/** A print's outcome in words and an icon (never colour alone), announced where it happened. */
export function PrinterNoticeView({ notice }: { notice: PrinterNotice | null }) {
  const t = useT();
  if (!notice) return <p role="status" className="printer-notice" />;
  if (notice.tone === 'ok') {
    return (
      <p role="status" className="printer-notice printer-notice--ok" data-testid="printer-notice">
        <span aria-hidden="true">✔ </span>
        {t(notice.message)}
      </p>
    );
  }
  return (
    <div role="alert" className="printer-notice printer-notice--error" data-testid="printer-notice">
      <p>
        <span aria-hidden="true">⚠ </span>
        {t(notice.message)} {t('printer.again')}
      </p>
      {notice.detail === null ? null : (
        <p className="muted">{t('printer.detail', { detail: notice.detail })}</p>
      )}
    </div>
  );
}
