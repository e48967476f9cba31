// An unknown paid-and-billed (v3 sale, v2 check), one piece for both screens: watch its op in
// the journal until the answer is definite, and on "check again" ask now. When the bridge lost
// the answer the op_id is not known yet: the journal finds it by the Verify/Info it continues.

import { useEffect } from 'react';
import type { JournalOperation } from '../../shared/journal-entry';
import { call } from '../bridge/call';
import { type JournalVerdict, verdictOf } from '../logic/journal-outcome';
import { claimAnswers, markSettled, useOpenOperationsStore } from './open-operations-store';
import { createPoller } from './operation-poller';

/** Screens showing their own unknown billing now: its final answer is seen there, in place. */
const shownInPlace = new Set<ContinuationOperation>();

/** Marks the screen of `operation` as shown while the calling component is mounted. */
export function useShownInPlace(operation: ContinuationOperation): void {
  useEffect(() => {
    shownInPlace.add(operation);
    return () => {
      shownInPlace.delete(operation);
    };
  }, [operation]);
}

export type ContinuationOperation = 'v3.paidAndBilled' | 'v2.paidAndBilled';

/** What the store's unknown phase holds; null when the phase is not unknown. */
export type UnknownState = { opId: string | null; sourceOpId: string } | null;

export type UnknownOutcomeOptions = {
  operation: ContinuationOperation;
  unknown: () => UnknownState;
  /** The op_id found for an unknown phase that had none. */
  found: (opId: string) => void;
  /** The first definite verdict, while the phase is still unknown. */
  final: (verdict: Exclude<JournalVerdict, { status: 'open' }>, op: JournalOperation) => void;
  busy: () => boolean;
  setBusy: (busy: boolean) => void;
};

export type UnknownOutcome = {
  watch: (opId: string) => void;
  checkAgain: () => Promise<void>;
  stop: () => void;
};

/** The paid-and-billed that continues `sourceOpId`, or null when the journal has none. */
export async function findContinuation(
  sourceOpId: string,
  operation: ContinuationOperation,
): Promise<string | null> {
  const answer = await call('journal.continuation', { source_op_id: sourceOpId, operation });
  return answer.ok ? (answer.result.operation?.op_id ?? null) : null;
}

export function createUnknownOutcome(options: UnknownOutcomeOptions): UnknownOutcome {
  const poller = createPoller();

  let release: (() => void) | null = null;

  function stopWatching() {
    poller.stop();
    release?.();
    release = null;
  }

  function watch(opId: string) {
    stopWatching();
    poller.start(opId, (verdict, op) => {
      release?.();
      release = null;
      if (options.unknown() === null || verdict.status === 'open') return;
      const inPlace = shownInPlace.has(options.operation);
      // The screen's answer and the tray's amber change in one update: never both at once.
      markSettled(op.op_id, inPlace);
      options.final(verdict, op);
      // Seen on its own screen: that is the announcement, acknowledged. Resolved while the
      // cashier is elsewhere, it stays for the announcement on whatever screen they are on.
      if (inPlace && op.was_unknown) void useOpenOperationsStore.getState().acknowledge(op.op_id);
    });
    // The tray's refresh may read the answer first: the screen takes it from there, at once.
    release = claimAnswers((op) => {
      if (op.op_id !== opId || options.unknown() === null) return false;
      const verdict = verdictOf(op);
      if (verdict.status === 'open') return false;
      stopWatching();
      options.final(verdict, op);
      return shownInPlace.has(options.operation);
    });
  }

  async function checkAgain() {
    const unknown = options.unknown();
    if (unknown === null || options.busy()) return;
    options.setBusy(true);
    try {
      let opId = unknown.opId;
      if (opId === null) {
        opId = await findContinuation(unknown.sourceOpId, options.operation);
        // The cashier may have moved on meanwhile: only the same sale, still unknown, takes it
        // (another sale gone amber since must never get this one's operation).
        if (opId === null || options.unknown()?.sourceOpId !== unknown.sourceOpId) return;
        options.found(opId);
      }
      watch(opId);
      await poller.checkNow();
    } finally {
      options.setBusy(false);
    }
  }

  return { watch, checkAgain, stop: stopWatching };
}
