// The table `npm run bench` prints: metric | value | baseline | target | met?

export type Row = {
  metric: string;
  /** The bench part that measures it, as `--only` names it (bundle, cold, overhead, …). */
  part: string;
  value: string;
  baseline: string;
  target: string;
  /** null when the bench failed and there is no figure; 'info' for a figure with no goal. */
  met: boolean | null | 'info';
  /** How far from the goal, shown when it is missed. */
  missedBy?: string;
  /** Where the figure comes from (the bench's measured parts), shown when it is missed. */
  why?: string;
};

/**
 * The rows of the parts that ran: with `--only`, the others were not measured, and showing them
 * as "error" rows (no figure) said every other bench had failed. `null`: every part.
 */
export function rowsOfParts(rows: readonly Row[], only: ReadonlySet<string> | null): Row[] {
  return only ? rows.filter((r) => only.has(r.part)) : [...rows];
}

/** One line per missed goal: by how much, and why, from the parts the bench measured. */
export function formatMisses(rows: readonly Row[]): string {
  const missed = rows.filter((r) => r.met === false);
  if (missed.length === 0) return '';
  return [
    'missed goals (by how much; why):',
    ...missed.map((r) => `- ${r.metric}: by ${r.missedBy ?? '?'}; ${r.why || 'see details'}`),
  ].join('\n');
}

export function formatTable(rows: readonly Row[]): string {
  const header: Row = {
    metric: 'metric',
    part: '',
    value: 'value',
    baseline: 'baseline',
    target: 'target',
    met: null,
  };
  const cells = (row: Row, isHeader = false) => [
    row.metric,
    row.value,
    row.baseline,
    row.target,
    isHeader
      ? 'met?'
      : row.met === null
        ? 'error'
        : row.met === 'info'
          ? '—'
          : row.met
            ? 'yes'
            : 'NO',
  ];
  const all = [cells(header, true), ...rows.map((r) => cells(r))];
  const widths = all[0]?.map((_, i) => Math.max(...all.map((c) => (c[i] ?? '').length))) ?? [];
  const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(all[0] ?? []), rule, ...all.slice(1).map(line)].join('\n');
}

export const fmt = (value: number | null | undefined, unit = '', digits = 1): string =>
  value === null || value === undefined || Number.isNaN(value)
    ? '—'
    : `${value.toFixed(digits)}${unit}`;
