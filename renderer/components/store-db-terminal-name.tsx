// This counter's name on the store database card (settings-store-db.tsx): "Caja 2", saved
// behind the supervisor's PIN, as the store close and the other counters will call it.
import { useT } from '../i18n/use-t';
import { BusyLabel } from './busy-label';
import { TextField } from './text-field';
import type { StoreDbSettings } from './use-store-db-settings';

export function StoreDbTerminalName({
  card,
  savedName,
}: {
  card: StoreDbSettings;
  /** The name the settings hold now: saving it again is not offered. */
  savedName: string | null;
}) {
  const t = useT();
  const { name, busy } = card;
  const nameValid = name.trimmed.length >= 1 && name.trimmed.length <= 32;
  return (
    <>
      <TextField
        id="terminal-name"
        label={t('storeDb.settings.terminalName')}
        value={name.value}
        onValue={name.edit}
        state={
          name.trimmed === ''
            ? { status: 'empty' }
            : nameValid
              ? { status: 'valid' }
              : { status: 'hint', message: 'storeDb.settings.terminalNameHint' }
        }
        submitted={false}
        maxLength={32}
      />
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={busy !== null || !nameValid || name.trimmed === (savedName ?? '')}
          onClick={() => void name.save()}
        >
          <BusyLabel
            busy={busy === 'name'}
            idle={t('storeDb.settings.terminalNameSave')}
            working={t('common.saving')}
          />
        </button>
      </div>
      <p role="status" className={name.saved ? 'note-ok' : undefined}>
        {name.saved ? `✓ ${t('storeDb.settings.terminalNameSaved')}` : null}
      </p>
    </>
  );
}
