// The real backend (electron/ipc openBackend: handlers, service client, journal) in LIVE mode
// against a mock server listening on a loopback socket, with probes that time the two parts a
// bridge call cannot avoid: the HTTP exchange and the journal (whose appends fsync).

import { rm } from 'node:fs/promises';
import type { Backend } from '../electron/ipc/compose/open-backend';
import { openBackend } from '../electron/ipc/compose/open-backend';
import { browserPrinter } from '../electron/ipc/handlers/print-handlers';
import type { MockApp } from '../electron/mock/app';
import { createMockApp } from '../electron/mock/app';
import { fetchTransport, type Transport } from '../electron/service/transports';
import { createMemoryVault } from '../electron/vault/memory-vault';
import { now } from './stats';
import { callTable, makeTempDir, prepareTerminal, SUPERVISOR_PIN } from './terminal-setup';

export const MOCK_TOKEN = 'mock-token';

/** Time spent in each part since the last reset (calls run one at a time). */
export type PartTimes = { transport: number; journal: number };

export type LiveBackend = {
  mock: MockApp;
  baseUrl: string;
  backend: Backend;
  dataDir: string;
  parts: PartTimes;
  resetParts(): void;
  close(): Promise<void>;
};

export async function openLiveBackend(): Promise<LiveBackend> {
  const mock = await createMockApp();
  await mock.listen({ port: 0, host: '127.0.0.1' });
  const address = mock.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const baseUrl = `http://127.0.0.1:${port}`;
  mock.mockContext.baseUrl = baseUrl;

  const parts: PartTimes = { transport: 0, journal: 0 };
  // The body is read inside the probe so the HTTP part ends when the last byte has arrived.
  const timedTransport: Transport = async (url, init) => {
    const started = now();
    const response = await fetchTransport(url, init);
    const text = await response.text();
    parts.transport += now() - started;
    return { status: response.status, headers: response.headers, text: async () => text };
  };

  const dataDir = await makeTempDir('live');
  const backend = await openBackend({
    dataDir,
    shell: 'browser',
    app: { name: 'mostrador', version: 'bench' },
    vault: createMemoryVault(),
    printer: browserPrinter,
    liveTransport: timedTransport,
  });
  // Handlers hold the journal object and look its methods up at each call: wrapping them here
  // times every read and append without touching product code.
  const journal = backend.journal as unknown as Record<string, unknown>;
  for (const name of ['recordIntent', 'recordOutcome', 'operation', 'operations', 'unresolved']) {
    const original = journal[name] as (...args: unknown[]) => Promise<unknown>;
    journal[name] = async (...args: unknown[]) => {
      const started = now();
      try {
        return await original.apply(backend.journal, args);
      } finally {
        parts.journal += now() - started;
      }
    };
  }

  const { table } = backend;
  await prepareTerminal(table);
  await callTable(table, 'token.set', {
    pin: SUPERVISOR_PIN,
    token: MOCK_TOKEN,
    allow_weak_encryption: true,
  });
  await callTable(table, 'settings.update', {
    pin: SUPERVISOR_PIN,
    change: { mode: 'live', base_url: baseUrl },
  });

  return {
    mock,
    baseUrl,
    backend,
    dataDir,
    parts,
    resetParts: () => {
      parts.transport = 0;
      parts.journal = 0;
    },
    close: async () => {
      await backend.close();
      await mock.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fresh funding through the trainer control, as a class or a test would make one. */
export async function createFundingOverHttp(
  baseUrl: string,
  dni: string,
  creditLine = 1500,
): Promise<string> {
  const response = await fetch(`${baseUrl}/__mock/fundings`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${MOCK_TOKEN}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ dni, credit_line: creditLine }),
  });
  const body = (await response.json()) as { funding_code?: string };
  if (!response.ok || !body.funding_code) {
    throw new Error(`POST /__mock/fundings answered ${response.status}`);
  }
  return body.funding_code;
}
