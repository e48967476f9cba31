// The shape of one case of the scenario catalogue.

import type { MerchantSettings } from '../../../shared/api/trainer';
import type { Identity } from '../../../shared/domain/identity';
import type { FundingSeed } from '../in-store/create-funding';
import { bill, type Funding } from '../in-store/funding';

export type ScenarioDef = {
  name: string;
  api: 'v3' | 'v2';
  action: 'sale' | 'undo' | 'check' | 'close';
  title: { es: string; en: string };
  description: { es: string; en: string };
  /** `{collect}` is replaced by the amount to collect, formatted. */
  expect: { es: string; en: string };
  funding: FundingSeed & { code: string };
  /** The identity the cashier types; the funding's own unless the case is a mismatch. */
  typed?: Identity;
  billed?: number;
  merchant?: Partial<MerchantSettings>;
  /**
   * The practice store database the case turns on for the store close (F6); its funding is the
   * cut-off counter's sale made after it lost the database.
   */
  store?: 'counter-cut-off';
  /** Puts the funding in the state the case needs (billed, bound to a cashier…). */
  prepare?: (funding: Funding, now: Date) => void;
};

/** Prepares a case already billed for `billed` cents, as a v3 sale at another till would. */
export function billAt(billed: number) {
  return (funding: Funding, now: Date) => bill(funding, 'v3', billed, null, now);
}
