import { useState } from 'react';
import type { Language } from '../../shared/bridge';
import { call } from '../bridge/call';
import { useT } from '../i18n/use-t';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';
import { useLanguage, useSettingsStore } from '../stores/settings-store';
import { GuidancePanel } from './guidance-panel';

/** Each language named in itself, as language pickers do, so a reader of either finds theirs. */
const LANGUAGES: ReadonlyArray<{ value: Language; label: string }> = [
  { value: 'es-PE', label: 'Español (Perú)' },
  { value: 'en', label: 'English' },
];

/**
 * The interface language, on the first-run and shift-start screens: whoever sets up the terminal
 * or starts a shift can read it before any PIN exists. It takes effect at once.
 */
export function LanguageSwitch() {
  const t = useT();
  const language = useLanguage();
  const replace = useSettingsStore((s) => s.replace);
  const [error, setError] = useState<Guidance | null>(null);
  // The choice shows at once; the words follow when the terminal has saved it.
  const [chosen, setChosen] = useState<Language | null>(null);

  const choose = async (next: Language) => {
    setError(null);
    setChosen(next);
    const answer = await call('settings.setLanguage', { language: next });
    // Held until the new words are on screen: the choice never flicks back while they load.
    if (answer.ok) await replace(answer.result);
    else setError(guidanceForBridgeError('other', answer.error, answer.lost));
    setChosen(null);
  };

  return (
    <>
      <fieldset className="segmented language-switch">
        <legend>{t('settings.language')}</legend>
        {LANGUAGES.map((option) => (
          <label key={option.value} className="segmented__option" lang={option.value}>
            <input
              type="radio"
              name="language-switch"
              value={option.value}
              checked={(chosen ?? language) === option.value}
              onChange={() => void choose(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      {error ? <GuidancePanel guidance={error} /> : null}
    </>
  );
}
