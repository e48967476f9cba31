// The head-office page's language (es-PE by default, English on request): head office has no
// terminal settings, so the page keeps the reader's choice in this browser (localStorage) and
// loads that language's words before it shows them, as the counter's settings do.
import { useCallback } from 'react';
import { create } from 'zustand';
import type { Language } from '../../shared/bridge/settings';
import { catalogueLoaded, loadCatalogue, loadSupervisorTexts, translate } from '../i18n/translate';
import type { T } from '../i18n/use-t';

const KEY = 'mostrador.head-office.language';

function remembered(): Language {
  try {
    return window.localStorage.getItem(KEY) === 'en' ? 'en' : 'es-PE';
  } catch {
    return 'es-PE';
  }
}

type LanguageState = { language: Language; choose(next: Language): Promise<void> };

export const useOfficeLanguage = create<LanguageState>((set) => ({
  language: 'es-PE',
  choose: async (next) => {
    if (!catalogueLoaded(next)) await loadCatalogue(next).catch(() => undefined);
    try {
      window.localStorage.setItem(KEY, next);
    } catch {
      // A browser that keeps nothing: the choice lasts this page.
    }
    set({ language: next });
  },
}));

/** Loads the Spanish texts of the page, and the remembered language's, before the first render. */
export async function loadOfficeTexts(): Promise<void> {
  await loadSupervisorTexts();
  const language = remembered();
  if (language !== 'es-PE') await useOfficeLanguage.getState().choose(language);
}

export function useOfficeT(): T {
  const language = useOfficeLanguage((s) => s.language);
  return useCallback((key, params) => translate(language, key, params), [language]);
}
