// settings.*, shift.* and supervisor.*: what the supervisor configures (behind the PIN) and the
// cashier's own shift choice (no PIN).
import { isIanaTimeZone } from '../../../shared/domain/store-time';
import { checkBaseUrl } from '../../service/base-url';
import { type SettingsChangeInput, SettingsError } from '../../settings/settings-store';
import { BridgeFailure, badArguments, notConfigured } from '../bridge-failure';
import type { HandlerDeps, HandlerMap } from '../deps';
import { requirePin } from './require-pin';
import { settingsView } from './terminal-view';
import { movesOrigin } from './token-origin';

/**
 * How long saving a setting waits for the replication to restart under it. A database that
 * hangs keeps a stopping batch for as long as its timeouts allow; the setting is saved already,
 * and the restart finishes behind (docs/decisions.md "Store close: pools and waits (issue 21, review)").
 */
export const STORE_LINK_APPLY_WAIT_MS = 1_000;

type SettingsMethods =
  | 'settings.get'
  | 'settings.update'
  | 'settings.setLanguage'
  | 'shift.start'
  | 'shift.end'
  | 'supervisor.setPin'
  | 'supervisor.checkPin';

export function settingsHandlers(deps: HandlerDeps): Pick<HandlerMap, SettingsMethods> {
  const { settings, vault } = deps;
  const view = () => settingsView(settings, vault);

  const save = async (change: SettingsChangeInput) => {
    try {
      await settings.update(change);
    } catch (error) {
      if (error instanceof SettingsError) {
        throw badArguments('settings refused', prefixed(error.issues, 'change.'));
      }
      throw error;
    }
    return view();
  };

  return {
    'settings.get': async () => view(),

    'settings.setLanguage': async ({ language }) => save({ language }),

    'settings.update': async ({ pin, change }) => {
      await requirePin(settings, pin);
      const next: SettingsChangeInput = { ...change };
      if (change.base_url !== undefined && change.base_url !== null) {
        const checked = checkBaseUrl(change.base_url);
        if (!checked.ok) {
          throw badArguments('base URL refused', { 'change.base_url': checked.problem });
        }
        next.base_url = checked.baseUrl;
      }
      if (change.store_url !== undefined && change.store_url !== null) {
        // The customer's phone opens these pages: HTTPS, as for the service's own address.
        const checked = checkBaseUrl(change.store_url);
        if (!checked.ok) {
          throw badArguments('store URL refused', { 'change.store_url': checked.problem });
        }
        next.store_url = checked.baseUrl;
      }
      // An IANA name only: PostgreSQL reads an offset or an abbreviation otherwise than the
      // counter (docs/decisions.md "The store time zone is an IANA name (issue 26, item 8)").
      if (change.time_zone !== undefined && !isIanaTimeZone(change.time_zone)) {
        throw badArguments('not an IANA time zone', {
          'change.time_zone': 'not an IANA time zone name',
        });
      }
      const saved = settings.get().base_url;
      const baseUrl = next.base_url === undefined ? saved : next.base_url;
      // Another origin (scheme, host or port) than the token was entered for clears the token
      // (token-origin.ts): it must never follow the address somewhere else.
      const dropsToken = movesOrigin(saved, baseUrl) && (await vault.status()).configured;
      const mode = next.mode ?? settings.get().mode;
      if (mode === 'live') {
        // Live without an address or a token could only fail at the counter: refuse it here.
        if (baseUrl === null)
          throw notConfigured('Live mode needs the service base URL.', 'service-url');
        if (dropsToken) {
          throw notConfigured(
            'A new service address needs its token entered again: save the address in training mode, then the token, then go live.',
            'service-token',
          );
        }
        if (!(await vault.status()).configured) {
          throw notConfigured('Live mode needs the service token.', 'service-token');
        }
      }
      if (dropsToken) {
        // Cleared before the address is saved: if saving then fails, the token is gone and the
        // old address stays (fail closed), never the token with the new address.
        await vault.clear();
        deps.logger.info('token cleared: the service address moved to another origin');
      }
      const updated = await save(next);
      // The replication names this counter and its store on every line it sends.
      if (
        change.terminal_name !== undefined ||
        change.pos_client_id !== undefined ||
        change.time_zone !== undefined
      ) {
        const link = deps.storeLink;
        if (link) {
          const applied = link.apply().then(
            () => true,
            (error: unknown) => {
              deps.logger.error('store database replication did not restart', { error });
              return true;
            },
          );
          let timer: NodeJS.Timeout | undefined;
          const waited = new Promise<false>((resolve) => {
            timer = setTimeout(() => resolve(false), STORE_LINK_APPLY_WAIT_MS);
          });
          const done = await Promise.race([applied, waited]);
          clearTimeout(timer);
          if (!done)
            deps.logger.warn('store database replication still restarting; settings saved');
        }
      }
      return updated;
    },

    'shift.start': async ({ cashier_id }) => save({ cashier_id }),
    'shift.end': async () => save({ cashier_id: null }),

    'supervisor.setPin': async ({ current, pin }) => {
      if (settings.get().supervisor_pin_set) {
        if (current === undefined) {
          throw new BridgeFailure('pin-required', 'The current PIN is needed to change it.');
        }
        await requirePin(settings, current);
      }
      await settings.setPin(pin);
      return { supervisor_pin_set: true as const };
    },

    'supervisor.checkPin': async ({ pin }) => {
      await requirePin(settings, pin);
      return { valid: true as const };
    },
  };
}

function prefixed(issues: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(issues).map(([key, value]) => [prefix + key, value]));
}
