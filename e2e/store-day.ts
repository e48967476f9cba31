// One store on one machine for the e2e tests of the store database (docs/store-database.md): a
// throwaway PostgreSQL migrated as a store's technician does it with the counters' login, one
// `npm run mock` service, and counters in browser mode set up the way a supervisor does it
// (Settings: the service's token first, then live mode, the store, the counter's name and the
// database's URL). The store's setup lives here, once, so a change in how a counter joins its
// store (enrollment) is made in one place.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { migrate } from '../electron/store-db/migrate';
import { type PgCluster, startPgCluster } from '../electron/store-db/test-support/pg-cluster';
import { startTcpProxy, type TcpProxy } from '../electron/store-db/test-support/tcp-proxy';
import { mustAskElsewhere } from '../shared/bridge/store-db';
import { bridge } from './bridge-helper';
import { expect, openReadyApp, ROOT, SUPERVISOR_PIN, startBrowserMode } from './fixtures';
import { enrollThroughBridge } from './store-enrollment';

export const STORE = 'mock-client';
export const PAID_AND_BILLED = '/pos/client/inhouse-downpayment/v3/paid-and-billed';

export type Mock = { base: string; token: string; stop: () => void };

/** `npm run mock` on a free port, as a store's test service. */
export async function startMock(): Promise<Mock> {
  const child: ChildProcess = spawn('npx', ['tsx', 'electron/mock/cli.ts', '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, NO_COLOR: '1' },
  });
  const line = await new Promise<{ base_url: string; token: string }>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('the mock did not start')), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const first = buffer.split('\n').find((l) => l.startsWith('{'));
      if (!first) return;
      clearTimeout(timer);
      resolve(JSON.parse(first));
    });
  });
  return {
    base: line.base_url,
    token: line.token,
    stop: () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    },
  };
}

export async function mockCall(mock: Mock, method: string, path: string, body?: unknown) {
  const response = await fetch(`${mock.base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${mock.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

export type StoreDatabase = { cluster: PgCluster; ownerUrl: string; terminalUrl: string };

/** A throwaway store database, migrated, with the login the test's counters use. */
export async function startStoreDatabase(name: string): Promise<StoreDatabase> {
  const cluster = await startPgCluster();
  const ownerUrl = await cluster.createDatabase(name);
  await migrate(ownerUrl);
  // One login the counters share, as a chain's pooler login (docs/store-database.md "Counters and
  // their keys"): each counter still signs as itself.
  cluster.psql(
    `CREATE ROLE ${name}_caja LOGIN CONNECTION LIMIT 30 PASSWORD 'caja' IN ROLE mostrador_terminal, mostrador_shared_login`,
    name,
  );
  return { cluster, ownerUrl, terminalUrl: cluster.url(name, `${name}_caja`, 'caja') };
}

export type Counter = {
  page: Page;
  name: string;
  terminalId: string;
  dataDir: string;
  /** Its own link to the store database (a TCP proxy): cut off, and back, without its settings. */
  link: TcpProxy;
  /** Switched off; `keepData` keeps its data folder for a restart (`reopen`). */
  stop: (options?: { keepData?: boolean }) => Promise<void>;
};

export type CounterOptions = {
  /** The counter's clock moved by this much (e2e/shifted-clock.cjs): a day's sales, closed later. */
  clockShiftMs?: number;
  /** The store's time zone (an IANA name). */
  timeZone?: string;
  /** Reopen this counter (a restart: its data folder, its link), instead of a new counter. */
  reopen?: Pick<Counter, 'dataDir' | 'link'>;
  locale?: string;
};

/** The host's environment for a counter whose clock is moved (nothing when it is not). */
function clockEnv(shiftMs: number | undefined): Record<string, string> {
  if (!shiftMs) return {};
  const preload = join(ROOT, 'e2e', 'shifted-clock.cjs');
  return {
    MOSTRADOR_E2E_CLOCK_SHIFT_MS: String(shiftMs),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${preload}`.trim(),
  };
}

/**
 * A counter of the store: browser mode in a page of its own context (axe needs one), its shift
 * started by `CAJERO-<n>`, set up as a supervisor does (token, live mode, store, name), and its
 * link to the store database set. Reopening its data folder (`dataDir`) keeps all of that.
 */
export async function openCounter(
  browser: Browser,
  store: { mock: Mock; database: StoreDatabase },
  n: number,
  options: CounterOptions = {},
): Promise<Counter> {
  const { server, stop } = await startBrowserMode(options.reopen?.dataDir, {
    env: clockEnv(options.clockShiftMs),
  });
  const link = options.reopen?.link ?? (await startTcpProxy(databaseAddress(store.database)));
  const context = await browser.newContext({
    locale: options.locale ?? 'es-PE',
    timezoneId: options.timeZone ?? 'America/Lima',
  });
  const page = await context.newPage();
  if (options.reopen) {
    // A restart keeps the counter as it was: its mode, shift, settings and journal.
    await page.goto(server.url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  } else await openReadyApp(page, server.url);
  const name = `Caja ${n}`;
  if (!options.reopen) {
    await bridge(page, 'shift.start', { cashier_id: `CAJERO-${n}` });
    // The token first: live mode is refused without it.
    await bridge(page, 'token.set', { pin: SUPERVISOR_PIN, token: store.mock.token });
    await bridge(page, 'settings.update', {
      pin: SUPERVISOR_PIN,
      change: {
        mode: 'live',
        base_url: store.mock.base,
        pos_client_id: STORE,
        terminal_name: name,
        ...(options.timeZone ? { time_zone: options.timeZone } : {}),
      },
    });
    // The terminal's id is made at its first printed document.
    await bridge(page, 'receipt.preview', {
      request: { document: 'day-close', day: new Date().toISOString().slice(0, 10) },
    }).catch(() => undefined);
    await page.reload();
    await bridge(page, 'storeDb.configure', {
      pin: SUPERVISOR_PIN,
      url: link.via(store.database.terminalUrl),
    });
    // A counter joins its store only with the technician's code (migration 0110).
    await enrollThroughBridge(page, store.database.ownerUrl, STORE);
  }
  const terminalId = (await bridge(page, 'settings.get', {})).terminal_id ?? `CAJA000${n}`;
  return {
    page,
    name,
    terminalId,
    dataDir: server.dataDir,
    link,
    stop: async (how = {}) => {
      await context.close().catch(() => undefined);
      await stop(how);
    },
  };
}

function databaseAddress(database: StoreDatabase): { host: string; port: number } {
  const url = new URL(database.terminalUrl);
  return { host: url.hostname, port: Number(url.port) };
}

/**
 * The counter cut off from the store database (its network, or the database refusing it): its
 * settings stay, it keeps selling, its lines wait, and 30 s later the database stands it silent.
 */
export function cutOff(counter: Counter) {
  counter.link.cut('refuse');
}

/** Its link back: its lines go out on its next try (at most 30 s later). */
export function reconnect(counter: Counter) {
  counter.link.restore();
}

/** Until every line of the counter's journal is in the database. */
export async function drained(counter: Counter) {
  await expect
    .poll(
      async () => {
        const state = await bridge(counter.page, 'storeDb.replication', {});
        return state.state === 'ok' && state.waiting_lines === 0;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
}

/** A funding made at the service for a new customer, the code a cashier types. */
let dni = 41_600_000;
export async function newFunding(mock: Mock) {
  dni += 1;
  const identity = { kind: 'dni' as const, value: String(dni) };
  const funding = await mockCall(mock, 'POST', '/__mock/fundings', {
    dni: identity.value,
    credit_line: 1200,
  });
  return { identity, code: funding.funding_code as string };
}

/** Verify and paid-and-billed of a code at a counter, as the sale screen calls them. */
export async function sell(
  counter: Counter,
  sale: { identity: { kind: 'dni'; value: string }; code: string },
) {
  const verified = await bridge(counter.page, 'v3.verify', {
    identity: sale.identity,
    funding_code: sale.code,
    billed_cents: 120_000,
  });
  if (verified.status !== 'succeeded') throw new Error(`verify ${verified.status}`);
  // Another counter silent, or the database not answering in time: the cashier asked the
  // customer, who had not paid elsewhere.
  if (mustAskElsewhere(verified.data.store_check)) {
    await bridge(counter.page, 'storeDb.answerElsewhere', { op_id: verified.op_id, answer: 'no' });
  }
  return bridge(counter.page, 'v3.paidAndBilled', { verify_op_id: verified.op_id });
}
