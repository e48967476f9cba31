import { useState } from 'react';
import type { JournalOperation } from '../../shared/journal-entry';
import { useT } from '../i18n/use-t';
import { guidanceForBridgeError } from '../logic/error-guidance';
import { useOpenOperationsStore } from '../stores/open-operations-store';
import { PinField } from './pin-field';
import { TextField } from './text-field';

/** A supervisor closes an unknown Verify/Info/undo: the PIN and a note, both journaled. */
export function CloseOperationForm({ op, onDone }: { op: JournalOperation; onDone: () => void }) {
  const t = useT();
  const close = useOpenOperationsStore((s) => s.close);
  const [pin, setPin] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `close-${op.op_id}`;
  const noteOk = note.trim().length >= 3;
  return (
    <form
      className="tray__close"
      noValidate
      aria-label={t('tray.closeTitle')}
      onSubmit={async (event) => {
        event.preventDefault();
        if (busy || !noteOk || pin.length < 4) {
          setError(t('tray.closeMissing'));
          return;
        }
        setBusy(true);
        const failure = await close(op.op_id, pin, note.trim());
        setBusy(false);
        if (failure === null) onDone();
        else setError(t(guidanceForBridgeError('other', failure, false).title));
      }}
    >
      <TextField
        id={`${id}-note`}
        label={t('tray.closeNote')}
        value={note}
        onValue={setNote}
        state={{ status: noteOk ? 'valid' : 'empty' }}
        submitted={false}
        maxLength={500}
      />
      <PinField
        id={`${id}-pin`}
        label={t('tray.closePin')}
        value={pin}
        onValue={setPin}
        state={{ status: pin.length >= 4 ? 'valid' : 'empty' }}
        submitted={false}
      />
      {error ? (
        <p className="field__message field__message--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="button-row">
        <button type="submit" className="button button--primary button--small" disabled={busy}>
          {t('tray.closeConfirm')}
        </button>
        <button type="button" className="button button--small" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
