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
  return (
    <aside className="scenario-hint" aria-label={t('training.caseLabel')}>
      <p className="scenario-hint__title">
        <span aria-hidden="true">⚑ </span>
        {t('training.case')}: <strong>{pick(scenario.title)}</strong>
      </p>
      <p>{amountText(pick(scenario.description))}</p>
      <p>
        <strong>{t('training.expect')}:</strong> {amountText(pick(scenario.expect))}
      </p>
    </aside>
  );
}
