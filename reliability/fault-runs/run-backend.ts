// A backend per run on its own data dir, in live mode, whose transport is the run's chaos
// transport in front of the shared in-process mock. Live mode because it is the mode whose
// transport is injectable whole (openBackend's `liveTransport`), so every fault kind can sit
// exactly between the service client and the mock; the handlers, journal and client are the
// product's own.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Backend, openBackend } from '../../electron/ipc/compose/open-backend';
import { browserPrinter } from '../../electron/ipc/handlers/print-handlers';
import type { MockApp } from '../../electron/mock/app';
import type { Transport } from '../../electron/service/transports';
import { NO_LOCKOUT } from '../../electron/settings/pin-lockout';
import { createMemoryVault } from '../../electron/vault/memory-vault';
import { lowCostPinHash } from '../support/low-cost-pin';

export const NOW = '2026-03-10T15:00:00.000Z';
export const TODAY = '2026-03-10';
export const PIN = '2468';
/** Loopback http is what checkBaseUrl allows besides https; the injected transport ignores it. */
const BASE_URL = 'http://127.0.0.1:4010';

/** The settings file a supervisor would have left: live mode, the service address, a PIN. */
export function settingsFileText(): string {
  return `${JSON.stringify({
    mode: 'live',
    base_url: BASE_URL,
    store_name: 'Confiabilidad',
    cashier_id: null,
    api_generation: 'v3',
    language: 'es-PE',
    time_zone: 'America/Lima',
    supervisor_pin: lowCostPinHash(PIN),
    pin_lockout: NO_LOCKOUT,
  })}\n`;
}

export type RunBackend = {
  backend: Backend;
  dataDir: string;
  /** Closes the backend (retry loops stop, journal closed) and opens a new one on the same dir. */
  restart(): Promise<Backend>;
  /**
   * Retry loops wait before their next call until released (or cancelled by a restart): the
   * restart then lands at the same point of the loop in every replay of the run.
   */
  holdRetries(): void;
  releaseRetries(): void;
  remove(): Promise<void>;
};

/** Instant retries, except while held. */
function createRetryGate() {
  let held: { promise: Promise<void>; release: () => void } | null = null;
  const aborted = (signal: AbortSignal) =>
    new Promise<void>((resolve) => {
      if (signal.aborted) resolve();
      else signal.addEventListener('abort', () => resolve(), { once: true });
    });
  return {
    sleep: async (_ms: number, signal: AbortSignal) => {
      while (held && !signal.aborted) await Promise.race([held.promise, aborted(signal)]);
    },
    hold() {
      if (held) return;
      let release = () => {};
      const promise = new Promise<void>((resolve) => {
        release = resolve;
      });
      held = { promise, release };
    },
    release() {
      const current = held;
      held = null;
      current?.release();
    },
  };
}

export async function openRunBackend(options: {
  mock: MockApp;
  transport: Transport;
  settingsText: string;
  timeoutMs: number;
}): Promise<RunBackend> {
  const dataDir = await mkdtemp(join(tmpdir(), 'mostrador-reliability-'));
  await writeFile(join(dataDir, 'settings.json'), options.settingsText, { mode: 0o600 });
  const gate = createRetryGate();
  // Like the app's vault, the token outlives a restart.
  const vault = createMemoryVault(options.mock.mockContext.credentials.token);
  const open = () =>
    openBackend({
      dataDir,
      shell: 'browser',
      app: { name: 'mostrador', version: '0.0.0-reliability' },
      vault,
      printer: browserPrinter,
      clock: () => new Date(NOW),
      // Unused in live mode; passed so no second mock is built per run.
      trainingApp: options.mock,
      liveTransport: options.transport,
      liveTimeoutMs: options.timeoutMs,
      // Instant retries: the loop's logic is what is tested, not its timing.
      retry: { sleep: gate.sleep, random: () => 0 },
    });
  const run: RunBackend = {
    backend: await open(),
    dataDir,
    async restart() {
      await run.backend.close();
      run.backend = await open();
      return run.backend;
    },
    holdRetries: gate.hold,
    releaseRetries: gate.release,
    async remove() {
      gate.release();
      await run.backend.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return run;
}
