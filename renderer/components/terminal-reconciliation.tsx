// This terminal's own reconciliation on the day summary (F6), shown only once it is known there is
// no store database: with one, the other counters' sales would read "+ Extra" here for the moment
// before the store close replaces it (issue 27 #18). A journal that could not be read says so.
import { useMemo } from 'react';
import { reconcile } from '../../shared/domain/reconcile';
import { useT } from '../i18n/use-t';
import { useStoreCloseStore } from '../stores/store-close-store';
import type { SummaryLoaded } from '../stores/summary-store';
import { GuidancePanel } from './guidance-panel';
import { ReconciliationTable } from './reconciliation-table';

export function TerminalReconciliation({ loaded }: { loaded: SummaryLoaded }) {
  const t = useT();
  const storeClose = useStoreCloseStore((s) => s.status);
  const lines = useMemo(
    () => reconcile(loaded.summary.order_detail ?? [], loaded.operations),
    [loaded],
  );
  if (loaded.journalError) return <GuidancePanel guidance={loaded.journalError} />;
  if (storeClose === 'absent') return <ReconciliationTable lines={lines} />;
  if (storeClose === 'idle') {
    return (
      <p role="status" className="card" aria-busy="true" data-testid="recon-waiting">
        {t('storeClose.loading')}
      </p>
    );
  }
  return null;
}
