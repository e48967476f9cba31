import { describe, expect, it } from 'vitest';
import { formatTable, type Row, rowsOfParts } from './report-table';

const row = (metric: string, part: string, met: Row['met']): Row => ({
  metric,
  part,
  value: met === null ? '—' : '1',
  baseline: '—',
  target: '—',
  met,
});

describe('the bench table', () => {
  const rows = [
    row('renderer_js_gz', 'bundle', null),
    row('verify_overhead_ms', 'overhead', null),
    row('storedb_lag_p99_ms', 'storedb', 'info'),
    row('storedb_verify_ms', 'storedb', true),
  ];

  it('shows only the parts that ran with --only: no "error" row for a part not asked for', () => {
    const shown = rowsOfParts(rows, new Set(['storedb']));
    expect(shown.map((r) => r.metric)).toEqual(['storedb_lag_p99_ms', 'storedb_verify_ms']);
    expect(formatTable(shown)).not.toContain('error');
  });

  it('shows every part without --only, a failed one as "error"', () => {
    const shown = rowsOfParts(rows, null);
    expect(shown).toHaveLength(4);
    expect(formatTable(shown)).toContain('| error |');
  });
});
