import { daySummaryPrintRoute, type PrintLayoutName, screenHash } from '../logic/routes';
import { DocumentPreview } from './document-preview';

/** The day close on paper: what the supervisor balances the drawer with and signs. */
export function DaySummaryPrint({
  day,
  layout,
  auto,
}: {
  day: string | null;
  layout: PrintLayoutName;
  auto: boolean;
}) {
  return (
    <DocumentPreview
      request={day ? { document: 'day-close', day } : null}
      layout={layout}
      auto={auto}
      otherLayoutHash={day ? daySummaryPrintRoute(day, layout === 'a4' ? 'receipt80' : 'a4') : null}
      backHash={screenHash('summary')}
    />
  );
}
