// Message lookup with `{name}` parameters. Pure: the hook in use-t.ts only picks the language.
import type { Language } from '../../shared/bridge';
import type { MessageKey } from './catalogue';
import { esPE } from './es-pe';

export type MessageParams = Record<string, string | number>;

type Catalogue = Record<MessageKey, string>;

/**
 * es-PE, the default, is in the main bundle with the counter's texts; the supervisor's screens'
 * Spanish texts come with those screens (loadSupervisorTexts, called by lazy-views.ts before
 * they render). English is a separate chunk with every text, that only a terminal set to English
 * fetches (settings-store loads it before the language takes effect).
 */
const spanish: Partial<Catalogue> = { ...esPE };
const catalogues: Partial<Record<Language, Partial<Catalogue>>> = { 'es-PE': spanish };

export function catalogueLoaded(language: Language): boolean {
  return catalogues[language] !== undefined;
}

export async function loadCatalogue(language: Language): Promise<void> {
  if (catalogues[language]) return;
  if (language === 'en') catalogues.en = (await import('./en')).en;
}

let supervisorTexts: Promise<void> | null = null;
/** The Spanish texts of the supervisor's and trainer's screens, loaded once. */
export function loadSupervisorTexts(): Promise<void> {
  supervisorTexts ??= import('./supervisor-texts').then(
    (m) => {
      Object.assign(spanish, m.supervisorEsPE);
    },
    (error: unknown) => {
      supervisorTexts = null; // the next screen tries again
      throw error;
    },
  );
  return supervisorTexts;
}

/**
 * `S/ 250.00` typed with a plain space (catalogue or training texts) could break after `S/` at
 * the end of a line; the no-break space formatPEN puts there keeps the amount whole.
 */
export function keepAmountsWhole(text: string): string {
  return text.replace(/S\/ (?=-?\d)/g, 'S/\u00a0');
}

export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  // A catalogue not loaded (yet) reads as Spanish: never a raw key on the screen.
  const template = catalogues[language]?.[key] ?? spanish[key] ?? key;
  if (!params) return keepAmountsWhole(template);
  return keepAmountsWhole(
    template.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = params[name];
      return value === undefined ? whole : String(value);
    }),
  );
}

/** `{name}` parameters of a message, to check both languages ask for the same values. */
export function parametersOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();
}
