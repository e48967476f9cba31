// The journal's writes: each entry checked before it is queued, then written one at a time in
// the queue (seq follows file order and two lines never share bytes), and a failed write
// recovered from in the queue before the next one (journal-append.ts).
import type { JournalEntry, NoteEntry } from '../../shared/journal-entry';
import { refuseSecrets, toEntry } from './check-entry';
import type { Journal } from './journal-api';
import type { Appender } from './journal-append';
import { JournalError } from './journal-error';
import { isFinal, type OperationIndex } from './operation-index';
import { redactSecrets } from './secret-fields';

/** The seq and at an entry is checked with before it is queued; `append` writes the real ones. */
const UNWRITTEN = { seq: 1, at: new Date(0).toISOString() } as const;
const checked = (fields: Record<string, unknown>): JournalEntry =>
  toEntry({ ...fields, ...UNWRITTEN });

export type JournalWrites = Pick<
  Journal,
  'recordIntent' | 'recordOutcome' | 'recordAttempt' | 'recordNote' | 'writable'
> & {
  /** Resolves once every write queued so far has run. */
  settled(): Promise<unknown>;
};

export type WritesParts = {
  appender: Appender;
  index: OperationIndex;
  newId: () => string;
  isClosed: () => boolean;
};

export function createJournalWrites(parts: WritesParts): JournalWrites {
  const { appender, index, newId, isClosed } = parts;
  let queue: Promise<unknown> = Promise.resolve();

  // One append at a time: seq follows file order and two lines never share bytes.
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    // Checked when asked, not when run: appends queued before close() still complete.
    if (isClosed()) return Promise.reject(new JournalError('closed', 'the journal is closed'));
    const run = queue.then(async () => {
      const failure = appender.failure();
      if (failure && !(await appender.recover())) throw failure;
      return task();
    });
    queue = run.catch(() => undefined);
    return run;
  };

  const requireOpen = (opId: string, forOutcome: boolean) => {
    const summary = index.get(opId);
    if (!summary)
      throw new JournalError('unknown-operation', `no operation ${opId} in the journal`);
    if (forOutcome && isFinal(summary.status)) {
      throw new JournalError('already-final', `operation ${opId} already has a definite outcome`);
    }
  };

  return {
    async recordIntent(input) {
      refuseSecrets(input);
      const opId = newId();
      // Validated before queueing so a bad intent fails fast and never costs a write.
      const entry = checked({ ...input, type: 'intent', op_id: opId });
      return serialized(async () => {
        await appender.append(entry);
        return opId;
      });
    },
    async recordOutcome(opId, outcome) {
      const fields = {
        ...outcome,
        service_message: redactSecrets(outcome.service_message),
        result: redactSecrets(outcome.result),
      };
      return serialized(async () => {
        requireOpen(opId, true);
        await appender.append(checked({ ...fields, type: 'outcome', op_id: opId }));
      });
    },
    async recordAttempt(opId, info) {
      return serialized(async () => {
        requireOpen(opId, false);
        await appender.append(checked({ ...info, type: 'attempt', op_id: opId }));
      });
    },
    async recordNote(opId, text, data) {
      const fields: Partial<NoteEntry> = { text, data: redactSecrets(data) as NoteEntry['data'] };
      return serialized(async () => {
        requireOpen(opId, false);
        await appender.append(checked({ ...fields, type: 'note', op_id: opId }));
      });
    },
    async writable() {
      if (isClosed()) return false;
      // In the queue, so a recovery never cuts the file under an append in flight.
      const run = queue.then(appender.recover);
      queue = run.catch(() => undefined);
      return run;
    },
    settled: () => queue,
  };
}
