// Which operations a counter's journal masks by itself (docs/personal-data.md "A counter keeps
// less"): with a store database, an operation whose every line is in the database (the
// replication's cursor has passed its last line) and whose last line is from a day that has
// ended — the database keeps the customer as long as the store needs them, and the cashier has
// the whole DNI for the rest of the day; without one, an operation whose last line is older than
// the counter's retention. The journal itself never masks what is open, holds money or has an
// answer still to tell the cashier (operation-index.ts `maskable`).
import type { MaskCandidate } from './journal';
import { dayBounds, storeDay } from './store-day';

const DAY_MS = 86_400_000;

export type RetentionRule = {
  now: Date;
  timeZone: string;
  /** The seq the store database holds this counter's lines up to; null: no store database. */
  replicatedSeq: number | null;
  /** Without a store database: the days a DNI is kept whole (settings `identity_retention_days`). */
  retentionDays: number;
};

export function retentionChoice(rule: RetentionRule): (op: MaskCandidate) => boolean {
  const { replicatedSeq } = rule;
  if (replicatedSeq !== null) {
    const [todayStart] = dayBounds(storeDay(rule.now, rule.timeZone), rule.timeZone);
    return (op) => op.lastSeq <= replicatedSeq && Date.parse(op.updatedAt) < todayStart;
  }
  const cutoff = rule.now.getTime() - rule.retentionDays * DAY_MS;
  return (op) => Date.parse(op.updatedAt) < cutoff;
}
