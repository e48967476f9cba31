import { useT } from '../i18n/use-t';
import type { GuidanceAction } from '../logic/error-guidance';
import { screenHash } from '../logic/routes';
import { DeliberateButton } from './deliberate-button';
import { navigate } from './use-hash-route';

/** The buttons a guidance offers; each screen passes the handlers it supports. */
export function GuidanceActions({
  actions,
  busy,
  onRetry,
  onReverify,
  onRetryPaid,
  onAcceptSchedule,
  onCheckAgain,
  onOpenCheck,
}: {
  actions: readonly GuidanceAction[];
  busy: boolean;
  onRetry?: () => void;
  onReverify?: () => void;
  onRetryPaid?: () => void;
  onAcceptSchedule?: () => void;
  onCheckAgain?: () => void;
  /** Runs before going to the v2 check (to carry the customer's data over). */
  onOpenCheck?: () => void;
}) {
  const t = useT();
  const buttons: Array<{
    key: GuidanceAction;
    label: string;
    run: () => void;
    primary?: boolean;
    /** It moves money: the half-second dwell of the other money buttons (deliberate-button.tsx). */
    money?: boolean;
  }> = [];
  for (const action of actions) {
    if (action === 're-verify' && onReverify)
      buttons.push({ key: action, label: t('action.reverify'), run: onReverify, primary: true });
    if (action === 'retry-paid' && onRetryPaid)
      buttons.push({
        key: action,
        label: t('action.retryPaid'),
        run: onRetryPaid,
        primary: true,
        money: true,
      });
    if (action === 'accept-schedule' && onAcceptSchedule)
      buttons.push({ key: action, label: t('action.acceptSchedule'), run: onAcceptSchedule });
    if (action === 'retry' && onRetry)
      buttons.push({ key: action, label: t('action.retry'), run: onRetry, primary: true });
    if (action === 'check-again' && onCheckAgain)
      buttons.push({
        key: action,
        label: t('action.checkAgain'),
        run: onCheckAgain,
        primary: true,
      });
    if (action === 'open-check')
      buttons.push({
        key: action,
        label: t('action.openCheck'),
        run: () => {
          onOpenCheck?.();
          navigate(screenHash('check'));
        },
      });
    if (action === 'open-settings')
      buttons.push({
        key: action,
        label: t('action.openSettings'),
        run: () => navigate(screenHash('settings')),
      });
  }
  if (buttons.length === 0) return null;
  return (
    <div className="button-row">
      {buttons.map((button) => {
        const Button = button.money ? DeliberateButton : 'button';
        return (
          <Button
            key={button.key}
            type="button"
            className={`button${button.primary ? ' button--primary' : ''}`}
            onClick={button.run}
            disabled={busy}
          >
            {button.label}
          </Button>
        );
      })}
    </div>
  );
}
