// The collect step's words (collect-step.tsx), reached without a browser: the amount to collect,
// nothing to collect, and money held for the code (collect the difference, or use the hold).
import { createElement, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { HeldForSale } from '../../shared/bridge';
import { translate } from '../i18n/translate';
import type { Quote } from '../stores/collect-calls';
import { collectTexts } from './collect-step';
import { COLLECT_WORDS } from './collect-words';

const t = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
  translate('es-PE', key, params);
const text = (node: ReactNode) =>
  renderToStaticMarkup(createElement(Fragment, null, node))
    .replace(/<[^>]+>/g, '')
    .replaceAll('\u00a0', ' ');

const quote = (toCollect: number, held: HeldForSale | null = null) =>
  ({ toCollect, held, invoice: 'boleta' }) as Quote;
const hold = (amount: number, now: number) =>
  ({
    hold: { amount_cents: amount },
    to_collect_now_cents: now,
    give_back_cents: 0,
  }) as HeldForSale;

describe('collectTexts', () => {
  it('names the amount to collect, in the button, the question and the yes', () => {
    const words = collectTexts(quote(30_000), t, COLLECT_WORDS.v3);
    for (const part of [words.collectLabel, words.question, words.yesLabel])
      expect(text(part)).toContain('S/ 300.00');
  });

  it('says there is nothing to collect, never "S/ 0.00"', () => {
    const words = collectTexts(quote(0), t, COLLECT_WORDS.v2);
    expect(text(words.collectLabel)).toBe(t('sale.collectNothing'));
    expect(text(words.question)).toBe(t('sale.confirmNothing'));
    expect(text(words.collectLabel)).not.toContain('0.00');
  });

  it('with money held: collects only the difference, or uses the hold', () => {
    const difference = collectTexts(quote(30_000, hold(25_000, 5_000)), t, COLLECT_WORDS.v3);
    expect(text(difference.collectLabel)).toContain('S/ 50.00');
    expect(text(difference.question)).toContain('S/ 250.00');
    const covered = collectTexts(quote(25_000, hold(25_000, 0)), t, COLLECT_WORDS.v3);
    expect(text(covered.collectLabel)).toContain('S/ 250.00');
    expect(text(covered.collectLabel)).not.toBe(text(difference.collectLabel));
  });
});
