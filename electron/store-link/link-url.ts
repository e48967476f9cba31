// Where the link's URL comes from (docs/store-database.md): MOSTRADOR_STORE_DB_URL when set and
// valid, else the supervisor's, kept in a vault like the token (never settings.json). Every URL
// read or typed is handed to the logger to mask before anything is logged, so it never comes
// back whole in a log line.
import type { StoreDbStatus, StoreDbUrlProblem } from '../../shared/bridge/store-db';
import type { Logger } from '../log/logger';
import type { Vault } from '../vault/vault';
import { checkStoreDbUrl, type StoreDbUrlCheck } from './store-db-url';

export const STORE_DB_ENV = 'MOSTRADOR_STORE_DB_URL';

export class StoreLinkError extends Error {
  override readonly name = 'StoreLinkError';
  constructor(
    readonly code: 'env' | StoreDbUrlProblem,
    message: string,
  ) {
    super(message);
  }
}

export type UsableUrl = Extract<StoreDbUrlCheck, { ok: true }>;

/** The URL in use and what is wrong with the one set, read again after each change. */
export type LinkUrl = {
  /** The environment's URL if valid, else the supervisor's if valid; null: none to use. */
  inUse(): UsableUrl | null;
  source(): StoreDbStatus['source'];
  /** Why a URL that is set cannot be used (the environment's, unreadable, the stored one's). */
  problem(): StoreDbUrlProblem | 'unreadable' | null;
  /** Reads the supervisor's URL from the vault again. */
  readStored(): Promise<void>;
  /**
   * Saves (null: removes) the supervisor's URL and reads it back; throws a StoreLinkError while
   * the environment sets the URL, or for a URL that cannot be used.
   */
  save(url: string | null): Promise<void>;
};

/** Reads the environment's URL (warning once if it is ignored); `readStored` is not yet called. */
export function createLinkUrl(options: {
  vault: Vault;
  logger: Logger;
  envUrl?: string | undefined;
}): LinkUrl {
  const { vault, logger } = options;
  const envText = options.envUrl?.trim() ? options.envUrl.trim() : null;
  const envCheck = envText === null ? null : checkStoreDbUrl(envText);
  protect(logger, envCheck, envText);
  if (envCheck && !envCheck.ok) logger.warn(`${STORE_DB_ENV} ignored: ${envCheck.problem}`);

  let stored: StoreDbUrlCheck | null = null;
  let unreadable = false;
  const readStored = async () => {
    unreadable = false;
    stored = null;
    try {
      const text = await vault.get();
      if (text !== null) {
        stored = checkStoreDbUrl(text);
        protect(logger, stored, text);
      }
    } catch {
      unreadable = true;
      logger.warn('the store database URL could not be read; the counter runs without it');
    }
  };

  const inUse = (): UsableUrl | null => {
    if (envCheck) return envCheck.ok ? envCheck : null;
    const current = stored as StoreDbUrlCheck | null;
    return current?.ok ? current : null;
  };

  return {
    inUse,
    source: () => (envCheck?.ok ? 'env' : inUse() ? 'settings' : 'off'),
    problem: () => {
      const current = stored as StoreDbUrlCheck | null;
      if (envCheck && !envCheck.ok) return envCheck.problem;
      if (unreadable) return 'unreadable';
      if (current && !current.ok) return current.problem;
      return null;
    },
    readStored,
    save: async (url) => {
      if (envCheck?.ok) {
        throw new StoreLinkError('env', `${STORE_DB_ENV} sets the store database here`);
      }
      if (url === null) {
        await vault.clear();
      } else {
        const checked = checkStoreDbUrl(url);
        protect(logger, checked, url);
        if (!checked.ok) throw new StoreLinkError(checked.problem, checked.problem);
        await vault.set(checked.url);
      }
      await readStored();
    },
  };
}

/** Hands a URL (as typed, as used, its password plain and encoded) to the logger to mask. */
export function protect(
  logger: Logger,
  checked: StoreDbUrlCheck | null,
  text: string | null,
): void {
  logger.protect(text);
  if (checked?.ok) {
    logger.protect(checked.url);
    logger.protect(checked.password);
    logger.protect(encodeURIComponent(checked.password));
  }
}
