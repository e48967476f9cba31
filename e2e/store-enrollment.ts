// A counter joins its store only with the technician's one-time enrollment code (issue 33,
// docs/store-database.md "Setting a counter"): the technician's commands as a store runs them
// (`npm run store-db -- add-login | enroll`), and a counter's enrollment through the bridge for
// the specs whose subject is elsewhere (e2e/store-enrollment.spec.ts enrolls through Settings).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { makeEnrollmentCode } from '../electron/store-db/test-support/enroll';
import { bridge } from './bridge-helper';
import { expect, ROOT, SUPERVISOR_PIN } from './fixtures';

const run = promisify(execFile);

/** `npm run store-db -- <args>` as the technician runs it; its JSON answer. */
export async function storeDbCommand(args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run('npm', ['run', '--silent', 'store-db', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return JSON.parse(stdout) as Record<string, unknown>;
}

/** A store's login made with `add-login --store`; the counter's URL it prints. */
export async function addStoreLogin(ownerUrl: string, login: string, store: string) {
  const made = await storeDbCommand([
    'add-login',
    '--url',
    ownerUrl,
    '--login',
    login,
    '--store',
    store,
  ]);
  if (typeof made.url !== 'string') throw new Error(`add-login printed no URL for ${login}`);
  return made.url;
}

/** A one-time code for `store` made with `enroll` (a re-enrollment code with `terminal`). */
export async function enrollmentCode(
  ownerUrl: string,
  store: string,
  terminal?: string,
): Promise<string> {
  const made = await storeDbCommand([
    'enroll',
    '--url',
    ownerUrl,
    '--store',
    store,
    ...(terminal ? ['--terminal', terminal] : []),
  ]);
  if (typeof made.code !== 'string') throw new Error(`enroll printed no code for ${store}`);
  return made.code;
}

/**
 * Enrolls the counter of `page` in `store` through the bridge (`storeDb.enroll`, the call the
 * Settings card makes) with a code its owner makes, once its URL is set; then its lines go.
 */
export async function enrollThroughBridge(
  page: Page,
  ownerUrl: string,
  store: string,
  options: { terminal?: string } = {},
): Promise<void> {
  const code = await makeEnrollmentCode(ownerUrl, store, {
    note: 'e2e',
    ...(options.terminal ? { terminalId: options.terminal } : {}),
  });
  expect(await bridge(page, 'storeDb.enroll', { pin: SUPERVISOR_PIN, code })).toEqual({
    enrolled: true,
    store,
  });
}
