// Terminal settings persisted as JSON in the data dir. Read once at start (a damaged file is
// reported, set aside and replaced by defaults, never a crash), changed only through this store,
// and written atomically (the vault's private-file writer) so a power cut cannot leave a
// half-written file.
import { randomInt } from 'node:crypto';
import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log/logger';
import { readPrivateFile, writePrivateFile } from '../vault/private-file';
import { hashPin, pinMatches } from './pin-hash';
import { afterFailure, lockoutRemaining, MAX_PIN_FAILURES, NO_LOCKOUT } from './pin-lockout';
import {
  parseStoredSettings,
  StoredSettings as Schema,
  type StoredSettings,
} from './stored-settings';

/** What the rest of the app reads: everything but the PIN's hash and lockout bookkeeping. */
export type TerminalSettings = Omit<StoredSettings, 'supervisor_pin' | 'pin_lockout'> & {
  supervisor_pin_set: boolean;
};

export type SettingsChangeInput = Partial<
  Pick<
    StoredSettings,
    | 'mode'
    | 'base_url'
    | 'store_name'
    | 'cashier_id'
    | 'api_generation'
    | 'language'
    | 'time_zone'
    | 'pos_client_id'
    | 'store_url'
    | 'integration'
    | 'receipt_printer'
    | 'terminal_name'
  >
>;

export type PinCheck =
  | { ok: true }
  | { ok: false; reason: 'not-set' }
  | { ok: false; reason: 'wrong'; attempts_left: number }
  | { ok: false; reason: 'locked'; retry_after_ms: number };

export type SettingsStore = {
  readonly path: string;
  /** What was wrong with the file when it was read; empty when it was fine or absent. */
  readonly problems: readonly string[];
  get(): TerminalSettings;
  /** Validates and saves; throws a `SettingsError` naming the fields refused. */
  update(change: SettingsChangeInput): Promise<TerminalSettings>;
  setPin(pin: string): Promise<void>;
  /** Counts wrong PINs and locks after too many; a right one clears the count. */
  checkPin(pin: string): Promise<PinCheck>;
  /** This terminal's id, made and saved the first time it is asked for. */
  terminalId(): Promise<string>;
};

export class SettingsError extends Error {
  override readonly name = 'SettingsError';
  constructor(readonly issues: Record<string, string>) {
    super(`settings refused: ${Object.keys(issues).join(', ')}`);
  }
}

export type SettingsStoreOptions = {
  dir: string;
  clock: () => Date;
  logger?: Logger;
  fileName?: string;
};

export async function openSettingsStore(options: SettingsStoreOptions): Promise<SettingsStore> {
  const path = join(options.dir, options.fileName ?? 'settings.json');
  let text: string | null = null;
  let unreadable = false;
  try {
    // Private like the token file: it holds the PIN's hash.
    text = await readPrivateFile(path);
  } catch (error) {
    unreadable = true;
    options.logger?.error('settings file unreadable; defaults used', { error });
  }
  const { settings: loaded, problems } = parseStoredSettings(text);
  if (unreadable) problems.push('the file could not be read');
  else if (problems.length > 0) {
    options.logger?.warn('settings file damaged; defaults used where invalid', { problems });
    // Kept aside for a technician; the next save writes a clean file in its place.
    const aside = `${path}.damaged-${options.clock().toISOString().replace(/[:.]/g, '-')}`;
    await rename(path, aside).catch(() => undefined);
  }
  let current: StoredSettings = loaded;
  let queue: Promise<unknown> = Promise.resolve();

  // One change at a time, each computed from the state the previous one left.
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  const save = async (next: StoredSettings): Promise<void> => {
    const checked = Schema.parse(next);
    await writePrivateFile(path, `${JSON.stringify(checked, null, 2)}\n`);
    current = checked;
  };

  const view = (): TerminalSettings => {
    const { supervisor_pin, pin_lockout: _lockout, ...rest } = current;
    return { ...rest, supervisor_pin_set: supervisor_pin !== null };
  };

  return {
    path,
    problems,
    get: view,
    update: (change) =>
      serialized(async () => {
        const next = { ...current, ...definedOnly(change) };
        const parsed = Schema.safeParse(next);
        if (!parsed.success) {
          const issues: Record<string, string> = {};
          for (const issue of parsed.error.issues) {
            issues[issue.path.map(String).join('.') || 'settings'] ??= issue.message;
          }
          throw new SettingsError(issues);
        }
        await save(parsed.data);
        return view();
      }),
    setPin: (pin) =>
      serialized(async () => {
        await save({ ...current, supervisor_pin: await hashPin(pin), pin_lockout: NO_LOCKOUT });
      }),
    checkPin: (pin) =>
      serialized(async (): Promise<PinCheck> => {
        if (current.supervisor_pin === null) return { ok: false, reason: 'not-set' };
        const now = options.clock();
        const remaining = lockoutRemaining(current.pin_lockout, now);
        // Not even hashed while locked: a right guess must not be learnable during a lockout.
        if (remaining > 0) return { ok: false, reason: 'locked', retry_after_ms: remaining };
        if (await pinMatches(pin, current.supervisor_pin)) {
          const { failures, locked_until, lockouts } = current.pin_lockout;
          if (failures > 0 || locked_until !== null || lockouts > 0) {
            await save({ ...current, pin_lockout: NO_LOCKOUT });
          }
          return { ok: true };
        }
        const lockout = afterFailure(current.pin_lockout, now);
        await save({ ...current, pin_lockout: lockout });
        if (lockout.locked_until !== null) {
          return { ok: false, reason: 'locked', retry_after_ms: lockoutRemaining(lockout, now) };
        }
        return { ok: false, reason: 'wrong', attempts_left: MAX_PIN_FAILURES - lockout.failures };
      }),
    terminalId: () =>
      serialized(async () => {
        if (current.terminal_id !== null) return current.terminal_id;
        const id = newTerminalId();
        await save({ ...current, terminal_id: id });
        return id;
      }),
  };
}

// No 0/O or 1/I: the id is read aloud and typed from printed receipts.
const TERMINAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * Random rather than configured, so two terminals of a store never share one by mistake: the
 * order ids they make must not collide at the service (a repeated `order_id` answers another
 * order's link).
 */
function newTerminalId(): string {
  return Array.from({ length: 6 }, () => TERMINAL_ALPHABET[randomInt(32)]).join('');
}

function definedOnly<T extends object>(change: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(change).filter(([, v]) => v !== undefined),
  ) as Partial<T>;
}
