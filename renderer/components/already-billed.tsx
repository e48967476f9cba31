import type { Ref } from 'react';
import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import { screenHash } from '../logic/routes';
import { DeliberateButton } from './deliberate-button';

/**
 * A code the service says is already paid and billed has its own state: what was billed and
 * the way to undo it, and nothing to collect — no amount, no collect action — so it cannot be
 * charged a second time.
 */
export function AlreadyBilled({
  billedCents,
  primaryRef,
  onNew,
  newLabel,
}: {
  billedCents: number;
  primaryRef: Ref<HTMLButtonElement>;
  onNew: () => void;
  newLabel: string;
}) {
  const t = useT();
  return (
    <section
      className="banner banner--warning already-billed"
      aria-labelledby="already-title"
      data-testid="already-billed"
    >
      <h2 id="already-title" className="banner__title">
        <span aria-hidden="true">⚠ </span>
        {t('sale.alreadyBilled')}
      </h2>
      <p className="banner__big">{t('sale.alreadyBilledNoCollect')}</p>
      <dl className="conditions">
        <div>
          <dt>{t('sale.billed')}</dt>
          <dd className="nowrap">{formatPEN(billedCents)}</dd>
        </div>
      </dl>
      <p>
        {t('sale.alreadyBilledUndo')}{' '}
        <a href={screenHash('undo')}>{t('sale.alreadyBilledUndoLink')}</a>
      </p>
      <div className="button-row">
        <DeliberateButton
          key="already-billed"
          ref={primaryRef}
          type="button"
          className="button button--primary"
          onClick={onNew}
        >
          {newLabel}
        </DeliberateButton>
      </div>
    </section>
  );
}
