// What replication reads of a journal line (part of electron/store-db/replicator.ts): the few
// fields it needs (`peek`) and the store the line goes under. Only training operations are
// remembered (live is the default): an outcome line carries no mode, and it must go to the same
// store as its intent (docs/decisions.md "The store database (issue 20)": training lines go to the
// training store).
import type { OperationMode } from '../../shared/journal-entry';

export type PeekedLine = { seq: number; opId: string; mode: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The few fields replication needs from a line, or null for a line that is not an entry. */
export function peek(text: string): PeekedLine | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const { seq, op_id, type, mode, at } = json as Record<string, unknown>;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq <= 0) return null;
  if (typeof op_id !== 'string' || !UUID.test(op_id)) return null;
  if (typeof type !== 'string' || typeof at !== 'string') return null;
  return {
    seq,
    opId: op_id.toLowerCase(),
    mode: type === 'intent' && typeof mode === 'string' ? mode : null,
  };
}

export type LineStores = {
  /** Remembers an operation as training (an intent's mode seen before the cursor, at start). */
  remember(line: Pick<PeekedLine, 'opId' | 'mode'>): void;
  /** The store a line goes under: training's for a training intent and its outcomes. */
  storeOf(line: Pick<PeekedLine, 'opId' | 'mode'>): string;
};

export function lineStores(stores: Record<OperationMode, string>): LineStores {
  const trainingOps = new Set<string>();
  const remember = (line: Pick<PeekedLine, 'opId' | 'mode'>) => {
    if (line.mode === 'training') trainingOps.add(line.opId);
  };
  return {
    remember,
    storeOf(line) {
      remember(line);
      const mode: OperationMode =
        line.mode === 'training' || (line.mode === null && trainingOps.has(line.opId))
          ? 'training'
          : 'live';
      return stores[mode];
    },
  };
}
