// When a counter's replication waits and what ends the wait (part of
// electron/store-db/replicator.ts): a pause until a time, ended early by a stop or, if wakeable,
// by a journal append; an append's wake lingers (`lingerMs`) so an operation's burst of lines goes
// in one batch; failures back off with full jitter (electron/journal/backoff.ts).
import { backoffDelay, type RetryPolicy } from '../journal/backoff';

export type ReplicationWaker = {
  readonly stopped: boolean;
  /** Waits `ms`; a stop ends it, and a wake too when `wakeable` (a wake before it: no wait). */
  pause(ms: number, wakeable: boolean): Promise<void>;
  /** The pause after the `attempt`-th failure in a row (from 0), never ending in a wake. */
  backoff(attempt: number, wakeable?: boolean): Promise<void>;
  /** A journal append: ends the wakeable pause after `lingerMs` (once per linger). */
  wake(): void;
  /** Resolves when stopped. */
  untilStopped(): Promise<void>;
  /** Ends every pause and refuses wakes from now on. */
  stop(): void;
};

export function replicationWaker(settings: {
  lingerMs: number;
  policy: RetryPolicy;
  random: () => number;
}): ReplicationWaker {
  let stopped = false;
  const stopping = new AbortController();
  let lingering: NodeJS.Timeout | null = null;
  let wakeUp: (() => void) | null = null;
  let woken = false;

  const pause = (ms: number, wakeable: boolean) =>
    new Promise<void>((resolve) => {
      if (stopped || (wakeable && woken)) {
        woken = false;
        return resolve();
      }
      const done = () => {
        clearTimeout(timer);
        stopping.signal.removeEventListener('abort', done);
        if (wakeable) wakeUp = null;
        woken = false;
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      stopping.signal.addEventListener('abort', done, { once: true });
      if (wakeable) wakeUp = done;
    });

  return {
    get stopped() {
      return stopped;
    },
    pause,
    backoff: (attempt, wakeable = false) =>
      pause(backoffDelay(attempt, settings.policy, settings.random), wakeable),
    wake() {
      if (lingering || stopped) return;
      lingering = setTimeout(() => {
        lingering = null;
        if (wakeUp) wakeUp();
        else woken = true;
      }, settings.lingerMs);
    },
    untilStopped: () =>
      new Promise<void>((resolve) => {
        if (stopped) resolve();
        else stopping.signal.addEventListener('abort', () => resolve(), { once: true });
      }),
    stop() {
      stopped = true;
      if (lingering) clearTimeout(lingering);
      stopping.abort();
    },
  };
}
