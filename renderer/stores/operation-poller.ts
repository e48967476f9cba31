// While a paid-and-billed is unknown the main process keeps retrying it; the screen asks the
// journal once a second until the answer is definite. One poller per screen store, so leaving
// the screen does not lose the sale's outcome.
import type { JournalOperation } from '../../shared/journal-entry';
import { call } from '../bridge/call';
import { type JournalVerdict, verdictOf } from '../logic/journal-outcome';

const POLL_MS = 1000;

export type Poller = {
  /** Starts asking about `opId`; `onFinal` gets the first definite verdict, once. */
  start: (opId: string, onFinal: (verdict: JournalVerdict, op: JournalOperation) => void) => void;
  /** One immediate question (the "check again" button). True when it was final. */
  checkNow: () => Promise<boolean>;
  stop: () => void;
};

export function createPoller(): Poller {
  let timer: ReturnType<typeof setInterval> | null = null;
  let current: {
    opId: string;
    onFinal: (verdict: JournalVerdict, op: JournalOperation) => void;
  } | null = null;
  let inFlight = false;

  async function ask(): Promise<boolean> {
    const watching = current;
    if (!watching || inFlight) return false;
    inFlight = true;
    try {
      const answer = await call('journal.operation', { op_id: watching.opId });
      if (!answer.ok || current !== watching) return false;
      const verdict = verdictOf(answer.result);
      if (verdict.status === 'open') return false;
      stop();
      watching.onFinal(verdict, answer.result);
      return true;
    } finally {
      inFlight = false;
    }
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    current = null;
  }

  return {
    start: (opId, onFinal) => {
      stop();
      current = { opId, onFinal };
      timer = setInterval(() => void ask(), POLL_MS);
    },
    checkNow: ask,
    stop,
  };
}
