// The stored token as a backend opens (open-backend.ts): known to the log's redaction before
// anything else can log, and forgotten on a first run that finds one kept from before.
import type { Logger } from '../../log/logger';
import type { Vault } from '../../vault/vault';

/** Tells the log the stored token, so no line can carry it; an unreadable vault is logged. */
export async function protectStoredToken(vault: Vault, logger: Logger): Promise<void> {
  try {
    logger.protect(await vault.get());
  } catch {
    logger.warn('the stored token could not be read', { status: await safeStatus(vault) });
  }
}

/**
 * A first run (no settings file, no backup) with a token kept from before: the address and the
 * PIN it was entered under are gone, so it is forgotten rather than left for whoever sets the new
 * PIN to bind to an address of their choosing (docs/decisions.md "Terminal needs attention: PIN, token and settings at the edges (issue 19)"). A
 * memory vault lives no longer than this process: its token was given at this start. If the
 * token cannot be removed, the terminal needs attention instead.
 */
export async function forgetOrphanToken(
  vault: Vault,
  logger: Logger,
): Promise<'settings-damaged' | null> {
  try {
    const status = await vault.status();
    if (status.encryption === 'memory' || (!status.configured && status.problem === null)) {
      return null;
    }
    await vault.clear();
    logger.warn('no settings file: the token kept from before is forgotten', {
      problem: status.problem,
    });
    return null;
  } catch (error) {
    logger.error('no settings file and the old token could not be removed', { error });
    return 'settings-damaged';
  }
}

async function safeStatus(vault: Vault) {
  try {
    return (await vault.status()).problem;
  } catch {
    return 'unreadable';
  }
}
