// The faults in force. A call meets the first fault (in the order they were armed) whose
// endpoint and funding code match it; each meeting uses one of the fault's `times`.
import {
  DEFAULT_FAULT_STATUS,
  DEFAULT_LATENCY_MS,
  DEFAULT_TIMEOUT_MS,
  type Fault,
  type FaultRequest,
  MAX_HELD_CALLS,
} from '../../../shared/api/sandbox';

/** What a call is matched on: its route's template and the funding code it carries, if any. */
export type CallKey = { endpoint: string; fundingCode: string | undefined };

export type FaultStore = {
  add(request: FaultRequest): Fault;
  list(): Fault[];
  /** Clears the faults and lets every held call go. */
  clear(): number;
  /** The fault this call meets, counted as used; undefined when none matches. */
  take(call: CallKey): Fault | undefined;
  /**
   * Holds a call for `ms` (a timeout or latency fault): resolves when the time is up or the
   * faults are cleared. Null when MAX_HELD_CALLS are held already: the caller answers at once.
   */
  hold(ms: number): Promise<void> | null;
  /** Calls held now. */
  held(): number;
  /** Lets every held call go (the sandbox closing). */
  releaseAll(): void;
};

function withDefaults(id: string, request: FaultRequest): Fault {
  const times = request.times ?? 1;
  const ms =
    request.kind === 'latency'
      ? (request.ms ?? DEFAULT_LATENCY_MS)
      : request.kind === 'timeout'
        ? (request.ms ?? DEFAULT_TIMEOUT_MS)
        : undefined;
  return {
    fault_id: id,
    kind: request.kind,
    ...(request.endpoint !== undefined ? { endpoint: request.endpoint } : {}),
    ...(request.funding_code !== undefined ? { funding_code: request.funding_code } : {}),
    times,
    ...(times > 0 ? { remaining: times } : {}),
    ...(ms !== undefined ? { ms } : {}),
    ...(request.kind === 'status' ? { status: request.status ?? DEFAULT_FAULT_STATUS } : {}),
  };
}

const matches = (fault: Fault, call: CallKey) =>
  (fault.endpoint === undefined || fault.endpoint === call.endpoint) &&
  (fault.funding_code === undefined || fault.funding_code === call.fundingCode);

export function createFaultStore(): FaultStore {
  let faults: Fault[] = [];
  const holding = new Set<() => void>();
  const releaseAll = () => {
    for (const release of [...holding]) release();
  };
  // Ids keep counting across clears, so a log line never names two different faults.
  let counter = 0;
  return {
    add(request) {
      counter += 1;
      const fault = withDefaults(`flt_${counter}`, request);
      faults.push(fault);
      return fault;
    },
    list: () => faults.map((fault) => ({ ...fault })),
    clear() {
      const count = faults.length;
      faults = [];
      releaseAll();
      return count;
    },
    hold(ms) {
      if (holding.size >= MAX_HELD_CALLS) return null;
      return new Promise<void>((resolve) => {
        const release = () => {
          clearTimeout(timer);
          holding.delete(release);
          resolve();
        };
        const timer = setTimeout(release, ms);
        holding.add(release);
      });
    },
    held: () => holding.size,
    releaseAll,
    take(call) {
      const fault = faults.find((candidate) => matches(candidate, call));
      if (!fault) return undefined;
      if (fault.remaining !== undefined) {
        fault.remaining -= 1;
        if (fault.remaining <= 0) faults = faults.filter((f) => f !== fault);
      }
      return { ...fault };
    },
  };
}
