// token.*: the live service's bearer token goes into the vault and never comes back out over the
// bridge; the answer is only { configured, fingerprint, encryption }.
import { VaultError } from '../../vault/vault';
import { BridgeFailure, badArguments } from '../bridge-failure';
import type { HandlerDeps, HandlerMap } from '../deps';
import { requirePin } from './require-pin';
import { tokenStatus } from './terminal-view';

export function tokenHandlers(
  deps: HandlerDeps,
): Pick<HandlerMap, 'token.status' | 'token.set' | 'token.clear'> {
  const { vault, settings, logger } = deps;
  return {
    'token.status': async () => tokenStatus(vault),

    'token.set': async ({ pin, token, allow_weak_encryption }) => {
      await requirePin(settings, pin);
      // Protected before anything can fail and log: no later line may quote it.
      logger.protect(token);
      try {
        await vault.set(token, { allowWeakEncryption: allow_weak_encryption === true });
      } catch (error) {
        throw vaultFailure(error);
      }
      logger.info('token set');
      return tokenStatus(vault);
    },

    'token.clear': async ({ pin }) => {
      await requirePin(settings, pin);
      try {
        await vault.clear();
      } catch (error) {
        throw vaultFailure(error);
      }
      logger.info('token cleared');
      return tokenStatus(vault);
    },
  };
}

function vaultFailure(error: unknown): unknown {
  if (!(error instanceof VaultError)) return error;
  switch (error.code) {
    case 'weak-encryption-not-allowed':
      return new BridgeFailure(
        'weak-encryption',
        'This system has no keyring: the token would be stored with weak encryption. ' +
          'A supervisor must accept that explicitly.',
      );
    case 'encryption-unavailable':
      return new BridgeFailure('not-available', 'This system cannot encrypt the token.');
    case 'invalid-token':
      return badArguments('not a valid token', { token: 'visible ASCII characters, no spaces' });
    default:
      // The vault's own messages never quote the token; they are still not shown verbatim.
      return error;
  }
}
