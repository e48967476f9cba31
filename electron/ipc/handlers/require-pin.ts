// The supervisor PIN gate of sensitive calls (mode, service, token, undo billing). Answers a
// typed error for each way it fails; the PIN itself goes nowhere but the hash comparison.
import type { SettingsStore } from '../../settings/settings-store';
import { BridgeFailure } from '../bridge-failure';

export async function requirePin(settings: SettingsStore, pin: string): Promise<void> {
  const check = await settings.checkPin(pin);
  if (check.ok) return;
  switch (check.reason) {
    case 'not-set':
      throw new BridgeFailure('pin-required', 'No supervisor PIN is set yet: set one first.');
    case 'wrong':
      throw new BridgeFailure('wrong-pin', `Wrong PIN. Attempts left: ${check.attempts_left}.`);
    case 'needs-attention':
      // Fail closed: the settings are damaged, or a wrong PIN could not be counted on disk.
      throw new BridgeFailure(
        'needs-attention',
        check.attention === 'settings-damaged'
          ? 'The settings file is damaged: the terminal needs attention.'
          : 'The settings cannot be saved, so the PIN is locked: the terminal needs attention.',
        undefined,
        { attention: check.attention },
      );
    case 'locked': {
      const minutes = Math.max(1, Math.ceil(check.retry_after_ms / 60_000));
      throw new BridgeFailure(
        'pin-locked',
        `Too many wrong PINs. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        undefined,
        { retry_after_s: Math.ceil(check.retry_after_ms / 1000) },
      );
    }
  }
}
