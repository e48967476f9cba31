// What the store database card (settings-store-db.tsx) keeps and sends: the store database's
// status, read every few seconds while shown; this counter's name, the URL, the consent to keep
// the counter's key without a keyring, "Probar conexión" and the enrollment's end. Each call is
// the supervisor's (the PIN they gave at the gate), one at a time (`busy`); a refusal becomes the
// card's guidance.
import { useEffect, useRef, useState } from 'react';
import type { StoreDbStatus, StoreDbTest } from '../../shared/bridge';
import { call } from '../bridge/call';
import type { MessageKey } from '../i18n/catalogue';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';
import { useSettingsStore } from '../stores/settings-store';

const STATUS_EVERY_MS = 3_000;

/**
 * The store database's status, read again when the settings it depends on change (the client id
 * is saved in the Terminal card, which restarts the replication), and every few seconds while
 * shown: the state moves on its own (connecting, sending, unreachable).
 */
function useStoreDbStatus(clientId: string | null, terminalName: string | null) {
  const [status, setStatus] = useState<StoreDbStatus | null>(null);
  useEffect(() => {
    void clientId;
    void terminalName;
    let gone = false;
    const read = () =>
      void call('storeDb.status', {}).then((answer) => {
        if (answer.ok && !gone) setStatus(answer.result);
      });
    read();
    const timer = setInterval(read, STATUS_EVERY_MS);
    return () => {
      gone = true;
      clearInterval(timer);
    };
  }, [clientId, terminalName]);
  return [status, setStatus] as const;
}

export function useStoreDbSettings(pin: string) {
  const settings = useSettingsStore((s) => s.settings);
  const replace = useSettingsStore((s) => s.replace);
  const [status, setStatus] = useStoreDbStatus(
    settings?.pos_client_id ?? null,
    settings?.terminal_name ?? null,
  );
  const [name, setName] = useState(settings?.terminal_name ?? '');
  const [nameSaved, setNameSaved] = useState(false);
  const [url, setUrl] = useState('');
  const [urlProblem, setUrlProblem] = useState<MessageKey | null>(null);
  const [check, setCheck] = useState<StoreDbTest | null>(null);
  const [busy, setBusy] = useState<'name' | 'url' | 'test' | 'key' | null>(null);
  const [allowWeakKey, setAllowWeakKey] = useState(false);
  const [error, setError] = useState<Guidance | null>(null);
  /** The store this counter was just enrolled in, said until the card is left. */
  const [enrolledIn, setEnrolledIn] = useState<string | null>(null);
  const enrolledNote = useRef<HTMLParagraphElement>(null);
  const trimmedName = name.trim();
  const urlText = url.trim();

  const editName = (value: string) => {
    setName(value);
    setNameSaved(false);
  };

  const saveName = async () => {
    setBusy('name');
    setNameSaved(false);
    const answer = await call('settings.update', {
      pin,
      change: { terminal_name: trimmedName === '' ? null : trimmedName },
    });
    setBusy(null);
    if (answer.ok) {
      await replace(answer.result);
      setNameSaved(true);
      setError(null);
    } else setError(guidanceForBridgeError('other', answer.error, answer.lost));
  };

  const editUrl = (value: string) => {
    setUrl(value);
    setUrlProblem(null);
    setCheck(null);
  };

  const configure = async (value: string | null) => {
    setBusy('url');
    setUrlProblem(null);
    setCheck(null);
    const answer = await call('storeDb.configure', { pin, url: value });
    setBusy(null);
    if (answer.ok) {
      setStatus(answer.result);
      setUrl('');
      setError(null);
      return;
    }
    const issue = answer.error.issues?.url;
    if (issue === 'needs-tls') setUrlProblem('storeDb.settings.urlNeedsTls');
    else if (issue === 'ambiguous') setUrlProblem('storeDb.settings.urlAmbiguous');
    else if (issue === 'not-a-url') setUrlProblem('storeDb.settings.urlBad');
    else setError(guidanceForBridgeError('other', answer.error, answer.lost));
  };

  // On a machine with no keyring the counter's key waits for the supervisor, as the token does.
  const keepKeyWeakly = async () => {
    setBusy('key');
    const answer = await call('storeDb.acceptWeakKey', { pin });
    setBusy(null);
    if (answer.ok) {
      setStatus(answer.result);
      setAllowWeakKey(false);
      setError(null);
    } else setError(guidanceForBridgeError('other', answer.error, answer.lost));
  };

  const test = async () => {
    setBusy('test');
    setCheck(null);
    const answer = await call('storeDb.test', { pin, ...(urlText ? { url: urlText } : {}) });
    setBusy(null);
    if (answer.ok) {
      setCheck(answer.result);
      setError(null);
    } else setError(guidanceForBridgeError('other', answer.error, answer.lost));
  };

  // Enrolled: the replication restarted on the bound key; read its state now rather than in 3 s,
  // and bring the supervisor's focus to what happened (the form is gone with the refusal).
  const enrolled = (store: string) => {
    setEnrolledIn(store);
    void call('storeDb.status', {}).then((answer) => {
      if (answer.ok) setStatus(answer.result);
      enrolledNote.current?.focus();
    });
  };

  return {
    settings,
    status,
    name: { value: name, trimmed: trimmedName, saved: nameSaved, edit: editName, save: saveName },
    url: { value: url, trimmed: urlText, problem: urlProblem, edit: editUrl, configure },
    weakKey: { allowed: allowWeakKey, allow: setAllowWeakKey, keep: keepKeyWeakly },
    check,
    test,
    busy,
    error,
    enrolledIn,
    enrolledNote,
    enrolled,
  };
}

export type StoreDbSettings = ReturnType<typeof useStoreDbSettings>;
