// An amount as a form field and a CSV cell take it, apart from the CSV module so the counter's
// screens (sale, till) do not bring the day summary's CSV into the first chunk.

/** Cents as `1234.50`: no grouping, no currency, dot decimal. */
export function plainAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
