// Small statistics for the bench: medians (what the targets compare) and a spread to judge them.

export type Spread = {
  n: number;
  median: number;
  p10: number;
  p90: number;
  min: number;
  max: number;
};

/** The q-quantile (0..1) by linear interpolation over the sorted samples. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  const a = sorted[low] ?? Number.NaN;
  const b = sorted[high] ?? Number.NaN;
  return a + (b - a) * (position - low);
}

export const median = (samples: readonly number[]): number => quantile(samples, 0.5);

export function spread(samples: readonly number[]): Spread {
  return {
    n: samples.length,
    median: round(median(samples)),
    p10: round(quantile(samples, 0.1)),
    p90: round(quantile(samples, 0.9)),
    min: round(Math.min(...samples)),
    max: round(Math.max(...samples)),
  };
}

/** Rounded for the report: sub-microsecond digits of a millisecond timer are noise. */
export function round(value: number, digits = 3): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

export const roundAll = (samples: readonly number[], digits = 3): number[] =>
  samples.map((s) => round(s, digits));

/** Milliseconds since an arbitrary origin, monotonic. */
export const now = (): number => performance.now();
