// The last requests the sandbox answered, newest first, for an integrator to see what arrived:
// method, path (no query string, which can carry a DNI), status, time and the fault met. No
// credentials and no bodies are kept.
import { MAX_LOGGED_REQUESTS, type RequestLogEntry } from '../../../shared/api/sandbox';

const MAX_PATH = 512;

export type RequestLog = {
  /** The next request id: `req_1`, `req_2`… for the sandbox's lifetime (reset keeps counting). */
  nextId(): string;
  record(entry: RequestLogEntry): void;
  latest(limit: number): RequestLogEntry[];
};

export function createRequestLog(onEntry?: (entry: RequestLogEntry) => void): RequestLog {
  const entries: RequestLogEntry[] = [];
  let counter = 0;
  return {
    nextId() {
      counter += 1;
      return `req_${counter}`;
    },
    record(entry) {
      const kept = { ...entry, path: entry.path.slice(0, MAX_PATH) };
      entries.push(kept);
      if (entries.length > MAX_LOGGED_REQUESTS) entries.shift();
      onEntry?.(kept);
    },
    latest: (limit) => entries.slice(-limit).reverse(),
  };
}

/** One line for `--log`: time, id, method, path, status, duration and the fault met. */
export function formatLogLine(entry: RequestLogEntry): string {
  const status = entry.status === null ? 'dropped' : String(entry.status);
  const fault = entry.fault_id ? ` fault=${entry.fault_id}` : '';
  return `${entry.at} ${entry.id} ${entry.method} ${entry.path} ${status} ${entry.duration_ms}ms${fault}`;
}
