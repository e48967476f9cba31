// A failed fast-check run as one readable paragraph: seed, path, the error and the
// counterexample — what `fc.assert` would have thrown, for a run checked with `fc.check`.
import type fc from 'fast-check';

export function describeFailure<Ts>(details: fc.RunDetails<Ts>): string {
  const example = JSON.stringify(details.counterexample)?.slice(0, 600);
  const cause =
    details.errorInstance instanceof Error
      ? details.errorInstance.message
      : String(details.errorInstance);
  return `seed ${details.seed}, path "${details.counterexamplePath}": ${cause.slice(0, 600)}\n  counterexample: ${example}`;
}
