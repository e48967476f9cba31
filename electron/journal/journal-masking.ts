// Masking customers in the journal's own file (docs/personal-data.md): which operations the
// journal may mask now, from the index, and one masking run at a time over the synced part of
// the file (mask-in-place.ts), appends going on meanwhile.
import type { CustomerOperations, Journal } from './journal-api';
import { JournalError } from './journal-error';
import { maskInPlace } from './mask-in-place';
import { opIdsNaming } from './naming-lines';
import type { OperationIndex } from './operation-index';
import type { RecentLines } from './recent-lines';

/** Where each operation stands for masking, from the index, in the order they started. */
export function maskStatesIn(index: OperationIndex, opIds: Iterable<string>): CustomerOperations {
  const found: CustomerOperations = { maskable: [], held: [], masked: [] };
  for (const id of new Set(opIds)) {
    const summary = index.get(id);
    if (!summary) continue;
    if (summary.identity === 'masked') found.masked.push(summary.opId);
    else if (index.maskable(summary)) found.maskable.push(summary.opId);
    else if (summary.identity === 'whole') found.held.push(summary.opId);
  }
  // In the order the operations started.
  const order = (a: string, b: string) =>
    (index.get(a)?.startedAtMs ?? 0) - (index.get(b)?.startedAtMs ?? 0);
  found.maskable.sort(order);
  found.held.sort(order);
  found.masked.sort(order);
  return found;
}

export type JournalMasking = Pick<
  Journal,
  'maskIdentities' | 'customerOperations' | 'maskStates'
> & {
  /** Resolves once the masking run in progress, if any, has ended. */
  settled(): Promise<unknown>;
};

export type MaskingParts = {
  path: string;
  index: OperationIndex;
  recent: RecentLines;
  /** Where the synced lines end now: lines past it are never touched. */
  size: () => number;
  isClosed: () => boolean;
};

export function createJournalMasking(parts: MaskingParts): JournalMasking {
  const { path, index, recent, size, isClosed } = parts;
  /** The masking run in progress: one at a time, and close() waits for it. */
  let masking: Promise<unknown> = Promise.resolve();
  return {
    async maskIdentities(choose, maskOptions = {}) {
      const run = masking.then(async () => {
        if (isClosed()) throw new JournalError('closed', 'the journal is closed');
        const targets = index.all().filter((s) => index.maskable(s) && choose(s));
        return maskInPlace({
          path,
          index,
          targets,
          // Lines after this were not synced yet (or are being appended): never touched.
          end: size(),
          onRewritten: (offset, text) => recent.rewritten(offset, text),
          ...(maskOptions.at ? { at: maskOptions.at } : {}),
        });
      });
      masking = run.catch(() => undefined);
      return run;
    },
    async customerOperations(value) {
      if (value === '') return { maskable: [], held: [], masked: [] };
      return maskStatesIn(index, await opIdsNaming(path, JSON.stringify(value), size()));
    },
    maskStates: (opIds) => maskStatesIn(index, opIds),
    settled: () => masking,
  };
}
