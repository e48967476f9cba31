// Message lookup with `{name}` parameters. Pure: the hook in use-t.ts only picks the language.
import type { Language } from '../../shared/bridge';
import type { MessageKey } from './catalogue';
import { en } from './en';
import { esPE } from './es-pe';

export type MessageParams = Record<string, string | number>;

const CATALOGUES: Record<Language, Record<MessageKey, string>> = { 'es-PE': esPE, en };

export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  const template = CATALOGUES[language][key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : String(value);
  });
}

/** `{name}` parameters of a message, to check both languages ask for the same values. */
export function parametersOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();
}
