// The settings and token status as the renderer sees them: never the token, only whether one is
// configured, its last 4 characters and how it is kept at rest.
import type { Settings, TokenStatus } from '../../../shared/bridge';
import type { SettingsStore } from '../../settings/settings-store';
import type { Vault } from '../../vault/vault';

export async function tokenStatus(vault: Vault): Promise<TokenStatus> {
  const status = await vault.status();
  return {
    configured: status.configured,
    fingerprint: status.fingerprint,
    encryption: status.encryption,
  };
}

export async function settingsView(settings: SettingsStore, vault: Vault): Promise<Settings> {
  // The integration key's hash is not the renderer's business; its own status method says
  // whether a key is set.
  const { integration: _integration, ...current } = settings.get();
  return { ...current, token: await tokenStatus(vault) };
}
