// Terminal settings persisted as JSON in the data dir. Read once at start, changed only through
// this store, and written atomically (temp file, fsync, rename: the vault's private-file writer)
// with a backup copy beside it. A file that cannot be read whole is never replaced by defaults:
// the backup is used when it is good, else the terminal needs attention (docs/decisions.md
// "Terminal needs attention: PIN, token and settings at the edges (issue 19)"). Defaults would clear the PIN and switch a live terminal to
// training while its token stays stored.
import { randomInt } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AttentionReason } from '../../shared/bridge/errors';
import type { Logger } from '../log/logger';
import { readPrivateFile, writePrivateFile } from '../vault/private-file';
import { hashPin, pinMatches } from './pin-hash';
import { afterFailure, lockoutRemaining, MAX_PIN_FAILURES, NO_LOCKOUT } from './pin-lockout';
import {
  DEFAULT_SETTINGS,
  parseStoredSettings,
  StoredSettings as Schema,
  type StoredSettings,
  serializeSettings,
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
    | 'identity_retention_days'
  >
>;

export type PinCheck =
  | { ok: true }
  | { ok: false; reason: 'not-set' }
  | { ok: false; reason: 'wrong'; attempts_left: number }
  | { ok: false; reason: 'locked'; retry_after_ms: number }
  /** The settings are damaged, or a wrong PIN's count could not be saved: locked (fail closed). */
  | { ok: false; reason: 'needs-attention'; attention: SettingsAttention };

export type SettingsAttention = Extract<
  AttentionReason,
  'settings-damaged' | 'settings-unwritable'
>;

export type SettingsStore = {
  readonly path: string;
  /** What was wrong with the file when it was read; empty when it was fine or absent. */
  readonly problems: readonly string[];
  /**
   * 'settings-damaged' when neither the file nor its backup could be read whole: nothing is
   * saved, no PIN set or checked, and the settings shown are the defaults, not the terminal's.
   */
  readonly attention: 'settings-damaged' | null;
  /** Neither the file nor its backup existed: a first run, on the defaults. */
  readonly fresh: boolean;
  get(): TerminalSettings;
  /** Validates and saves; throws a `SettingsError` naming the fields refused. */
  update(change: SettingsChangeInput): Promise<TerminalSettings>;
  setPin(pin: string): Promise<void>;
  /** Counts wrong PINs and locks after too many; a right one clears the count. */
  checkPin(pin: string): Promise<PinCheck>;
  /** This terminal's id, made and saved the first time it is asked for. */
  terminalId(): Promise<string>;
};

/** The settings cannot be changed: damaged at start, or the disk refuses the write. */
export class SettingsUnavailable extends Error {
  override readonly name = 'SettingsUnavailable';
  constructor(readonly attention: SettingsAttention) {
    super(
      attention === 'settings-damaged'
        ? 'The settings file is damaged: the terminal needs attention.'
        : 'The settings cannot be saved (disk full or read-only?): the terminal needs attention.',
    );
  }
}

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

export const BACKUP_FILE_NAME = 'settings.backup.json';

type FileRead =
  | { kind: 'absent' }
  | { kind: 'good'; settings: StoredSettings }
  | { kind: 'damaged'; problems: string[] };

async function readSettingsFile(path: string, logger?: Logger): Promise<FileRead> {
  let text: string | null;
  try {
    // Private like the token file: it holds the PIN's hash.
    text = await readPrivateFile(path);
  } catch (error) {
    logger?.error('settings file unreadable', { path, error });
    return { kind: 'damaged', problems: ['the file could not be read'] };
  }
  if (text === null) return { kind: 'absent' };
  const { settings, problems } = parseStoredSettings(text);
  // Any field that fails its schema makes the whole file untrusted: a field's default would be
  // a cleared PIN or training mode (issue 19).
  return problems.length === 0 ? { kind: 'good', settings } : { kind: 'damaged', problems };
}

export async function openSettingsStore(options: SettingsStoreOptions): Promise<SettingsStore> {
  const { logger } = options;
  const path = join(options.dir, options.fileName ?? 'settings.json');
  const backupPath = join(
    options.dir,
    options.fileName ? `${options.fileName}.backup` : BACKUP_FILE_NAME,
  );

  const write = async (settings: StoredSettings): Promise<void> => {
    const text = serializeSettings(settings);
    await writePrivateFile(path, text);
    try {
      await writePrivateFile(backupPath, text);
    } catch (error) {
      // A stale backup could bring back an older address or PIN later: better none at all.
      logger?.warn('settings backup not written; the old backup is removed', { error });
      await rm(backupPath, { force: true }).catch(() => undefined);
    }
  };

  const main = await readSettingsFile(path, logger);
  const problems: string[] = main.kind === 'damaged' ? [...main.problems] : [];
  let loaded: StoredSettings = { ...DEFAULT_SETTINGS };
  let attention: 'settings-damaged' | null = null;
  let fresh = false;
  if (main.kind === 'good') {
    loaded = main.settings;
  } else {
    const backup = await readSettingsFile(backupPath, logger);
    if (backup.kind === 'good') {
      loaded = backup.settings;
      problems.push('recovered from the backup copy');
      logger?.warn('settings file damaged or missing; recovered from its backup', { problems });
      if (main.kind === 'damaged') {
        // Kept aside for a technician; the main file is written whole again from the backup.
        const aside = `${path}.damaged-${options.clock().toISOString().replace(/[:.]/g, '-')}`;
        await rename(path, aside).catch(() => undefined);
      }
      await write(loaded).catch((error: unknown) =>
        logger?.error('settings not rewritten from the backup', { error }),
      );
    } else if (main.kind === 'absent' && backup.kind === 'absent') {
      fresh = true;
    } else {
      if (backup.kind === 'damaged') problems.push('the backup copy is damaged too');
      if (main.kind === 'absent') problems.push('the file is missing');
      attention = 'settings-damaged';
      logger?.error('settings damaged and no good backup: the terminal needs attention', {
        problems,
      });
    }
  }

  let current: StoredSettings = loaded;
  /** A lockout state kept in memory that the disk refused: written before any further check. */
  let unsaved = false;
  let queue: Promise<unknown> = Promise.resolve();

  // One change at a time, each computed from the state the previous one left.
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };

  const save = async (next: StoredSettings): Promise<void> => {
    if (attention) throw new SettingsUnavailable(attention);
    const checked = Schema.parse(next);
    try {
      await write(checked);
    } catch (error) {
      logger?.error('settings file not written', { error });
      throw new SettingsUnavailable('settings-unwritable');
    }
    current = checked;
  };

  const view = (): TerminalSettings => {
    const { supervisor_pin, pin_lockout: _lockout, ...rest } = current;
    return { ...rest, supervisor_pin_set: supervisor_pin !== null };
  };

  const refused = (reason: SettingsAttention): PinCheck => ({
    ok: false,
    reason: 'needs-attention',
    attention: reason,
  });

  return {
    path,
    problems,
    attention,
    fresh,
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
        if (attention) throw new SettingsUnavailable(attention);
        await save({ ...current, supervisor_pin: await hashPin(pin), pin_lockout: NO_LOCKOUT });
        unsaved = false;
      }),
    checkPin: (pin) =>
      serialized(async (): Promise<PinCheck> => {
        if (attention) return refused(attention);
        if (current.supervisor_pin === null) return { ok: false, reason: 'not-set' };
        if (unsaved) {
          // Fail closed: while the count of wrong PINs is not on disk, no PIN is even hashed.
          try {
            await save(current);
            unsaved = false;
          } catch {
            return refused('settings-unwritable');
          }
        }
        const now = options.clock();
        const remaining = lockoutRemaining(current.pin_lockout, now);
        // Not even hashed while locked: a right guess must not be learnable during a lockout.
        if (remaining > 0) return { ok: false, reason: 'locked', retry_after_ms: remaining };
        if (await pinMatches(pin, current.supervisor_pin)) {
          const { failures, locked_until, lockouts } = current.pin_lockout;
          if (failures > 0 || locked_until !== null || lockouts > 0) {
            try {
              await save({ ...current, pin_lockout: NO_LOCKOUT });
            } catch {
              return refused('settings-unwritable');
            }
          }
          return { ok: true };
        }
        const lockout = afterFailure(current.pin_lockout, now);
        // The count in memory is authoritative: it holds even when the disk refuses it.
        const next = { ...current, pin_lockout: lockout };
        try {
          await save(next);
        } catch {
          current = next;
          unsaved = true;
          return refused('settings-unwritable');
        }
        if (lockout.locked_until !== null) {
          return { ok: false, reason: 'locked', retry_after_ms: lockoutRemaining(lockout, now) };
        }
        return { ok: false, reason: 'wrong', attempts_left: MAX_PIN_FAILURES - lockout.failures };
      }),
    terminalId: () =>
      serialized(async () => {
        if (attention) throw new SettingsUnavailable(attention);
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
