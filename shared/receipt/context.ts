// What every printed document says about where and when it was printed.
import type { Language } from '../bridge/settings';
import { formatPEN } from '../domain/money';
import { formatStoreMoment } from '../domain/store-time';
import { atom } from './blocks';
import { type DocumentTexts, documentTexts } from './texts';

export type PrintContext = {
  store_name: string;
  terminal_id: string | null;
  language: Language;
  time_zone: string;
  training: boolean;
  /** ISO time the document is printed. */
  printed_at: string;
};

export type Formatters = {
  t: DocumentTexts;
  money: (cents: number | null | undefined) => string;
  time: (iso: string) => string;
};

export function formatters(context: PrintContext): Formatters {
  const t = documentTexts(context.language);
  return {
    t,
    money: (cents) =>
      cents === null || cents === undefined ? t('unknown') : atom(formatPEN(cents)),
    time: (iso) => atom(formatStoreMoment(iso, context.time_zone, context.language)),
  };
}

/** The 8 first characters of an operation id: enough to find it in the journal, fits 32 columns. */
export function shortId(opId: string): string {
  return opId.slice(0, 8).toUpperCase();
}
