import { useCallback } from 'react';
import { useLanguage } from '../stores/settings-store';
import type { MessageKey } from './catalogue';
import { type MessageParams, translate } from './translate';

export type T = (key: MessageKey, params?: MessageParams) => string;

/** The translator for the terminal's current language. */
export function useT(): T {
  const language = useLanguage();
  return useCallback((key, params) => translate(language, key, params), [language]);
}
