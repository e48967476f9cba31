import { useEffect, useState } from 'react';
import { call } from '../bridge/call';
import { useT } from '../i18n/use-t';
import { screenHash } from '../logic/routes';

const EVERY_MS = 5000;

/**
 * Operations the journal still has open (an unknown paid-and-billed being retried): visible from
 * every screen, so a cashier who moved on is still told not to collect again.
 */
export function PendingIndicator() {
  const t = useT();
  const [count, setCount] = useState(0);
  useEffect(() => {
    let alive = true;
    const ask = async () => {
      const answer = await call('journal.unresolved', {});
      // Only billings: an unanswered Verify or check moved no money and is simply asked again.
      if (alive && answer.ok) {
        setCount(
          answer.result.operations.filter((op) => op.operation.endsWith('.paid-and-billed')).length,
        );
      }
    };
    void ask();
    const timer = setInterval(() => void ask(), EVERY_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, []);
  // The live region stays in the page so a new count is announced when it appears.
  return (
    <div role="status" className="pending-slot">
      {count > 0 ? (
        <a className="pending-pill" href={screenHash('summary')}>
          <span aria-hidden="true">⚠ </span>
          {t('shell.pending', { count })}
        </a>
      ) : null}
    </div>
  );
}
