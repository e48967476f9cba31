// The till's sales in sight on every screen but the sale screen (which shows them itself, see
// till-panel.tsx): a pill in the top bar that says how many wait and takes the cashier to F2.
// Without it a sale sent while the cashier was on the day summary or in settings waited unseen
// (docs/integration-api.md "The cashier's side").
import { useEffect, useState } from 'react';
import { call } from '../bridge/call';
import { useT } from '../i18n/use-t';
import { screenHash } from '../logic/routes';
import { useSettingsStore } from '../stores/settings-store';
import { navigate } from './use-hash-route';

const POLL_MS = 1_000;
/**
 * Where no till can send (the integration API off, outside training, whose till works without
 * it), asking now and then is enough to notice the API was turned on.
 */
const QUIET_POLL_MS = 15_000;

export function TillWaitingPill({ onSaleScreen }: { onSaleScreen: boolean }) {
  const t = useT();
  const [waiting, setWaiting] = useState(0);
  const training = useSettingsStore((s) => s.settings?.mode === 'training');

  useEffect(() => {
    if (onSaleScreen) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const status = training ? null : await call('integration.status', {});
      const listening = training || (status?.ok === true && status.result.enabled);
      // The queue holds every open request, the one left mid-way on the sale screen included.
      const answer = await call('integration.queue', {});
      if (stopped) return;
      setWaiting(answer.ok ? answer.result.requests.length : 0);
      timer = setTimeout(() => void tick(), listening ? POLL_MS : QUIET_POLL_MS);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [onSaleScreen, training]);

  const count = waiting;
  return (
    // The live region stays in the page so a sale that arrives is announced.
    <div role="status" className="pending-slot">
      {!onSaleScreen && count > 0 ? (
        <button
          type="button"
          className="pending-pill till-pill"
          onClick={() => navigate(screenHash('sale'))}
        >
          <span aria-hidden="true">⇄ </span>
          {t('till.waitingElsewhere', { count })}
        </button>
      ) : null}
    </div>
  );
}
