// Settings' "Test connection": the funding limits endpoint at an address (typed, maybe not saved
// yet, but of the saved address's origin: the token's) with the stored token, answered as a
// verdict the supervisor can act on. The token stays
// in the main process; the address is checked before anything is sent (docs/decisions.md
// "Authentication": plain HTTP only to this machine). Not journaled: it moves no money.
import type { ConnectionCheck } from '../../../shared/bridge';
import type { ServiceError } from '../../../shared/service-error';
import { checkBaseUrl } from '../../service/base-url';
import type { HandlerDeps, HandlerMap } from '../deps';
import { readLimits } from '../workflows/funding-limits';
import { requirePin } from './require-pin';
import { originOf } from './token-origin';

export function connectionHandlers(deps: HandlerDeps): Pick<HandlerMap, 'settings.testConnection'> {
  return {
    'settings.testConnection': async ({ pin, base_url }) => {
      await requirePin(deps.settings, pin);
      const address = checkBaseUrl(base_url);
      if (!address.ok) {
        return {
          verdict:
            address.problem === 'plain-http-not-loopback' || address.problem === 'scheme'
              ? 'not-https'
              : 'not-a-url',
        };
      }
      if (!(await deps.vault.status()).configured) return { verdict: 'no-token' };
      // The token goes only to the origin it was entered for: the saved address's.
      if (originOf(address.baseUrl) !== originOf(deps.settings.get().base_url)) {
        return { verdict: 'other-address' };
      }
      const read = await readLimits(deps.liveClientFor(address.baseUrl));
      if (read.ok) return { verdict: 'ok' };
      return verdictOf(read.error);
    },
  };
}

function verdictOf(error: ServiceError): ConnectionCheck {
  const status = error.httpStatus === undefined ? {} : { http_status: error.httpStatus };
  switch (error.category) {
    case 'auth':
      return { verdict: 'refused-token', ...status };
    case 'network':
    case 'timeout':
    case 'server':
      return { verdict: 'unreachable', ...status };
    default:
      return { verdict: 'unexpected', ...status };
  }
}
