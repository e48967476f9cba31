// A till after the morning's setup: supervisor PIN set and a cashier on shift, so the app opens
// on the sale screen. Done once in process on a template data dir that each run copies.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HandlerTable } from '../electron/ipc/compose/create-handlers';
import { dispatch } from '../electron/ipc/dispatch';
import { startBrowserMode } from '../electron/web/browser-mode';
import type { BridgeArgs, BridgeMethod, BridgeResult } from '../shared/bridge';

export const SUPERVISOR_PIN = '2468';
export const CASHIER_ID = 'CAJA-01';

/** A bridge call straight into the handler table (the IPC path without Electron). */
export async function callTable<M extends BridgeMethod>(
  table: HandlerTable,
  method: M,
  args: BridgeArgs<M>,
): Promise<BridgeResult<M>> {
  const answer = await dispatch(table, method, args, { channel: 'direct', verified: true });
  if (!answer.ok) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`);
  return answer.result as BridgeResult<M>;
}

/** Brings a backend's terminal to "PIN set, cashier on shift". */
export async function prepareTerminal(table: HandlerTable): Promise<void> {
  await callTable(table, 'supervisor.setPin', { pin: SUPERVISOR_PIN });
  await callTable(table, 'shift.start', { cashier_id: CASHIER_ID });
}

export async function makeTempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `mostrador-bench-${prefix}-`));
}

/** A data dir ready for the sale screen, written by the same code browser mode runs. */
export async function makeTemplateDataDir(): Promise<string> {
  const dataDir = await makeTempDir('template');
  const mode = await startBrowserMode({ dataDir, port: 0, rendererDir: null });
  try {
    await prepareTerminal(mode.backend.table);
  } finally {
    await mode.close();
  }
  return dataDir;
}
