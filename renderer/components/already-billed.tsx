import type { Ref } from 'react';
import type { OtherCounter } from '../../shared/bridge';
import { formatPEN } from '../../shared/domain/money';
import { useT } from '../i18n/use-t';
import { counterWords } from '../logic/other-counter';
import { screenHash } from '../logic/routes';
import { formatStoreMoment } from '../logic/store-day';
import { useLanguage, useTimeZone } from '../stores/settings-store';
import { DeliberateButton } from './deliberate-button';

/**
 * A code the service says is already paid and billed has its own state: what was billed, when
 * (if this terminal billed it), and the way to undo it, and nothing to collect — no amount, no collect action — so it cannot be
 * charged a second time.
 */
export function AlreadyBilled({
  billedCents,
  billedAt,
  billedElsewhere = null,
  primaryRef,
  onNew,
  newLabel,
}: {
  billedCents: number;
  /** When this terminal billed it (its journal); null when it has no record of it. */
  billedAt: string | null;
  /** Another counter of the store billed it (the store database): named, with when. */
  billedElsewhere?: OtherCounter | null;
  primaryRef: Ref<HTMLButtonElement>;
  onNew: () => void;
  newLabel: string;
}) {
  const t = useT();
  const timeZone = useTimeZone();
  const language = useLanguage();
  const elsewhereText = (counter: OtherCounter) => {
    const words = counterWords(counter, timeZone, language);
    return words.today
      ? t('storeDb.elsewhere.billedAt', { counter: words.counter, time: words.time })
      : t('storeDb.elsewhere.billedAtDay', { counter: words.counter, when: words.time });
  };
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
      <p data-testid="billed-when">
        {billedElsewhere
          ? elsewhereText(billedElsewhere)
          : billedAt
            ? t('sale.alreadyBilledAt', { when: formatStoreMoment(billedAt, timeZone, language) })
            : t('sale.alreadyBilledNoRecord')}
      </p>
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
