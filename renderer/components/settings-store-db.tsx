// Settings → Store with several counters (docs/store-database.md): this counter's name and id, the
// store database's URL (write-only, like the token: only host, port, database and user come back),
// "Probar conexión" with each check the main process made, and, while the database refuses this
// counter for want of the technician's code, its enrollment (store-db-enroll.tsx). The supervisor
// is already past the PIN gate.
import { useEffect, useRef, useState } from 'react';
import type { StoreDbStatus, StoreDbTest } from '../../shared/bridge';
import { call } from '../bridge/call';
import type { MessageKey } from '../i18n/catalogue';
import { useT } from '../i18n/use-t';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';
import { formatStoreClock } from '../logic/store-day';
import { storeDbTargetLine } from '../logic/store-db-card';
import { enrollmentNeeded } from '../logic/store-enrollment';
import { useLanguage, useSettingsStore, useTimeZone } from '../stores/settings-store';
import { BusyLabel } from './busy-label';
import { GuidancePanel } from './guidance-panel';
import { StoreDbEnroll } from './store-db-enroll';
import { TextField } from './text-field';

const STATUS_EVERY_MS = 3_000;

/**
 * The replication's state in words: "catching up" only with lines to send; with none yet, it is
 * connecting (the state a replication starts in), never "(0 records to send)".
 */
export function replicationKey(repl: StoreDbStatus['replication']): MessageKey {
  if (repl.state === 'behind' && repl.waiting_lines === 0) return 'storeDb.state.starting';
  if (enrollmentNeeded(repl)) {
    return repl.waiting_lines === 0 ? 'storeDb.state.notEnrolledNone' : 'storeDb.state.notEnrolled';
  }
  return `storeDb.state.${repl.state}`;
}

export function SettingsStoreDb({ pin }: { pin: string }) {
  const t = useT();
  const timeZone = useTimeZone();
  const language = useLanguage();
  const settings = useSettingsStore((s) => s.settings);
  const replace = useSettingsStore((s) => s.replace);
  const [status, setStatus] = useState<StoreDbStatus | null>(null);
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

  // Read again when the settings it depends on change (the client id is saved in the Terminal
  // card, which restarts the replication), and every few seconds while shown: the state moves
  // on its own (connecting, sending, unreachable).
  const clientId = settings?.pos_client_id ?? null;
  const terminalName = settings?.terminal_name ?? null;
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
  if (!status || !settings) return null;

  const fromEnv = status.source === 'env';
  const trimmedName = name.trim();
  const nameValid = trimmedName.length >= 1 && trimmedName.length <= 32;
  const urlText = url.trim();
  const urlLooksRight = /^postgres(ql)?:\/\/\S+$/.test(urlText);

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

  const repl = status.replication;
  const since = repl.since ? formatStoreClock(repl.since, timeZone, language) : '—';
  const targetLine = status.target ? storeDbTargetLine(status.target, repl, t) : null;
  const mustEnroll = status.target ? enrollmentNeeded(repl) : null;

  // Enrolled: the replication restarted on the bound key; read its state now rather than in 3 s,
  // and bring the supervisor's focus to what happened (the form is gone with the refusal).
  const enrolled = (store: string) => {
    setEnrolledIn(store);
    void call('storeDb.status', {}).then((answer) => {
      if (answer.ok) setStatus(answer.result);
      enrolledNote.current?.focus();
    });
  };

  return (
    <section className="card" aria-labelledby="store-db-title" data-testid="store-db-settings">
      <h2 id="store-db-title">{t('storeDb.settings.title')}</h2>
      <p>{t('storeDb.settings.help')}</p>

      <TextField
        id="terminal-name"
        label={t('storeDb.settings.terminalName')}
        value={name}
        onValue={(value) => {
          setName(value);
          setNameSaved(false);
        }}
        state={
          trimmedName === ''
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
          disabled={busy !== null || !nameValid || trimmedName === (settings.terminal_name ?? '')}
          onClick={() => void saveName()}
        >
          <BusyLabel
            busy={busy === 'name'}
            idle={t('storeDb.settings.terminalNameSave')}
            working={t('common.saving')}
          />
        </button>
      </div>
      <p role="status" className={nameSaved ? 'note-ok' : undefined}>
        {nameSaved ? `✓ ${t('storeDb.settings.terminalNameSaved')}` : null}
      </p>

      <div data-testid="store-db-status">
        {status.target ? (
          <p className={targetLine?.ok ? 'note-ok' : undefined}>
            <span aria-hidden="true">{targetLine?.ok ? '● ' : '○ '}</span>
            {targetLine?.text}
          </p>
        ) : (
          <p>
            <span aria-hidden="true">○ </span>
            {t('storeDb.settings.none')}
          </p>
        )}
        {status.terminal_id ? (
          <p data-testid="store-db-terminal-id">
            {t('storeDb.settings.terminalId')}:{' '}
            <code className="terminal-id">{status.terminal_id}</code>
          </p>
        ) : null}
        {status.problem ? (
          <p className="note-warning">
            <span aria-hidden="true">⚠ </span>
            {t(`storeDb.settings.problem.${status.problem}`)}
          </p>
        ) : null}
        {status.problem === 'key-needs-consent' ? (
          <>
            <label className="checkbox">
              <input
                type="checkbox"
                checked={allowWeakKey}
                onChange={(e) => setAllowWeakKey(e.target.checked)}
              />
              {t('storeDb.settings.allowWeakKey')}
            </label>
            <div className="button-row">
              <button
                type="button"
                className="button"
                disabled={busy !== null || !allowWeakKey}
                onClick={() => void keepKeyWeakly()}
              >
                <BusyLabel
                  busy={busy === 'key'}
                  idle={t('storeDb.settings.keepKey')}
                  working={t('common.saving')}
                />
              </button>
            </div>
          </>
        ) : null}
        {status.target ? (
          <p
            className={repl.state === 'ok' ? 'note-ok' : 'note-warning'}
            data-testid="store-db-replication"
          >
            <span aria-hidden="true">{repl.state === 'ok' ? '✓ ' : '⚠ '}</span>
            {t(replicationKey(repl), { time: since, count: repl.waiting_lines })}
            {repl.last_error_category && !mustEnroll
              ? ` ${t(`storeDb.category.${repl.last_error_category}`)}`
              : null}
          </p>
        ) : null}
        <p
          ref={enrolledNote}
          tabIndex={-1}
          role="status"
          className={enrolledIn ? 'note-ok' : undefined}
          data-testid="store-db-enrolled"
        >
          {enrolledIn ? (
            <>
              <span aria-hidden="true">✓ </span>
              {t('storeDb.enroll.done', { store: enrolledIn })}
            </>
          ) : null}
        </p>
        {mustEnroll && settings.pos_client_id ? (
          <StoreDbEnroll
            category={mustEnroll}
            store={settings.pos_client_id}
            terminalId={status.terminal_id}
            onEnrolled={enrolled}
          />
        ) : null}
        {fromEnv ? <p>{t('storeDb.settings.fromEnv')}</p> : null}
      </div>

      {fromEnv ? null : (
        <>
          <TextField
            id="store-db-url"
            label={t('storeDb.settings.url')}
            type="password"
            value={url}
            onValue={(value) => {
              setUrl(value);
              setUrlProblem(null);
              setCheck(null);
            }}
            state={
              urlProblem
                ? { status: 'error', message: urlProblem }
                : urlText === '' || urlLooksRight
                  ? { status: 'empty' }
                  : { status: 'hint', message: 'storeDb.settings.urlHint' }
            }
            submitted={urlProblem !== null}
            maxLength={2048}
          />
          <p>{t('storeDb.settings.urlHint')}</p>
        </>
      )}
      <div className="button-row">
        {fromEnv ? null : (
          <button
            type="button"
            className="button button--primary"
            disabled={busy !== null || !urlLooksRight}
            onClick={() => void configure(urlText)}
          >
            <BusyLabel
              busy={busy === 'url'}
              idle={t('storeDb.settings.save')}
              working={t('common.saving')}
            />
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={busy !== null || (urlText === '' ? status.target === null : !urlLooksRight)}
          onClick={() => void test()}
        >
          <BusyLabel
            busy={busy === 'test'}
            idle={t('storeDb.settings.test')}
            working={t('storeDb.settings.testing')}
          />
        </button>
        {!fromEnv && status.source === 'settings' ? (
          <button
            type="button"
            className="button button--danger"
            disabled={busy !== null}
            onClick={() => void configure(null)}
          >
            {t('storeDb.settings.remove')}
          </button>
        ) : null}
      </div>

      <div role="status" data-testid="store-db-check">
        {check ? <CheckList check={check} /> : null}
      </div>
      {error ? <GuidancePanel guidance={error} headingLevel={3} /> : null}
    </section>
  );
}

type Line = {
  name: 'reachable' | 'migrated' | 'privileges' | 'clock';
  ok: boolean | null;
  text: string;
};

/** Each check as a line: passed, failed with what to do, or not reached (the server first). */
function CheckList({ check: test }: { check: StoreDbTest }) {
  const t = useT();
  if (test.url_problem || !test.check) {
    return (
      <p className="note-warning">
        <span aria-hidden="true">⚠ </span>
        {t(
          test.url_problem === 'needs-tls'
            ? 'storeDb.settings.urlNeedsTls'
            : test.url_problem === 'ambiguous'
              ? 'storeDb.settings.urlAmbiguous'
              : 'storeDb.settings.urlBad',
        )}
      </p>
    );
  }
  const { reachable, migrated, privileges, clock } = test.check;
  const skew = clock.skew_ms === null ? '—' : skewText(clock.skew_ms);
  const lines: Line[] = [
    {
      name: 'reachable',
      ok: reachable.ok,
      text: reachable.ok
        ? t('storeDb.check.server', { version: reachable.server_version ?? '?' })
        : t(`storeDb.category.${reachable.category ?? 'server'}`),
    },
    {
      name: 'migrated',
      ok: reachable.ok ? migrated.ok : null,
      text: !reachable.ok
        ? ''
        : migrated.ok
          ? t('storeDb.check.version', { version: migrated.version ?? '?' })
          : migrated.version === null
            ? t('storeDb.check.notMigrated')
            : t('storeDb.check.older', { version: migrated.version, required: migrated.required }),
    },
    {
      name: 'privileges',
      ok: reachable.ok && migrated.version !== null ? privileges.ok : null,
      text:
        !reachable.ok || migrated.version === null
          ? ''
          : privileges.ok
            ? ''
            : [
                privileges.missing.length > 0
                  ? t('storeDb.check.tooFew', { list: privileges.missing.join(', ') })
                  : '',
                privileges.excess.length > 0
                  ? t('storeDb.check.tooMany', { list: privileges.excess.join(', ') })
                  : '',
              ]
                .filter(Boolean)
                .join(' '),
    },
    {
      name: 'clock',
      ok: reachable.ok ? clock.ok : null,
      text: !reachable.ok
        ? ''
        : clock.ok
          ? t('storeDb.check.skew', { skew })
          : t('storeDb.check.clockOff', { skew }),
    },
  ];
  return (
    <ul className="store-checks">
      {lines.map((line) => {
        const status = line.ok === null ? 'not-checked' : line.ok ? 'ok' : 'failed';
        return (
          <li
            key={line.name}
            data-testid={`store-check-${line.name}`}
            data-status={status}
            className={status === 'failed' ? 'note-warning' : undefined}
          >
            <span aria-hidden="true">
              {status === 'ok' ? '✓ ' : status === 'failed' ? '✕ ' : '– '}
            </span>
            <strong>{t(`storeDb.check.${line.name}`)}:</strong>{' '}
            {t(`storeDb.check.status.${status}`)}
            {line.text ? ` — ${line.text}` : null}
          </li>
        );
      })}
    </ul>
  );
}

/** A clock difference as "3 s", "12 min" or "2 h 5 min" (the same in es-PE and English). */
function skewText(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
