import type { Scenario } from '../../shared/api/trainer';
import { keepAmountsWhole } from '../i18n/translate';
import { useT } from '../i18n/use-t';
import { useLanguage } from '../stores/settings-store';
import { amountText } from './amount-text';

/** The training case on the screen it fills: the trainer and the class see what to expect. */
export function ScenarioHint({ scenario }: { scenario: Scenario }) {
  const t = useT();
  const language = useLanguage();
  const pick = (text: { es: string; en: string }) =>
    keepAmountsWhole(language === 'en' ? text.en : text.es);
  // The case and what the cashier should see, whole (one line for most cases, two for the
  // longest at 1024 px; its landmark says it is a training case); the story behind it opens on
  // demand, so on a 768-px screen the hint does not push the confirm step below the fold.
  return (
    <aside className="scenario-hint" aria-label={t('training.caseLabel')}>
      <details>
        <summary className="scenario-hint__title">
          <span aria-hidden="true">⚑ </span>
          <strong>{pick(scenario.title)}</strong>
          <span className="scenario-hint__expect">
            {' — '}
            <strong>{t('training.expect')}:</strong> {amountText(pick(scenario.expect))}
          </span>
        </summary>
        <p className="scenario-hint__story">{amountText(pick(scenario.description))}</p>
      </details>
    </aside>
  );
}
