// Where this counter's lines go and how they get there (settings-store-db.tsx): the database and
// its login, this counter's id, a problem to settle (the key without a keyring, with the
// supervisor's consent), the replication's state, and, while the database refuses this counter
// for want of the technician's code, its enrollment (store-db-enroll.tsx).
import type { StoreDbStatus } from '../../shared/bridge';
import type { MessageKey } from '../i18n/catalogue';
import { useT } from '../i18n/use-t';
import { formatStoreClock } from '../logic/store-day';
import { storeDbTargetLine } from '../logic/store-db-card';
import { enrollmentNeeded } from '../logic/store-enrollment';
import { useLanguage, useTimeZone } from '../stores/settings-store';
import { BusyLabel } from './busy-label';
import { StoreDbEnroll } from './store-db-enroll';
import type { StoreDbSettings } from './use-store-db-settings';

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

/** On a machine with no keyring the counter's key waits for the supervisor, as the token does. */
function WeakKeyConsent({ card }: { card: StoreDbSettings }) {
  const t = useT();
  const { weakKey, busy } = card;
  return (
    <>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={weakKey.allowed}
          onChange={(e) => weakKey.allow(e.target.checked)}
        />
        {t('storeDb.settings.allowWeakKey')}
      </label>
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={busy !== null || !weakKey.allowed}
          onClick={() => void weakKey.keep()}
        >
          <BusyLabel
            busy={busy === 'key'}
            idle={t('storeDb.settings.keepKey')}
            working={t('common.saving')}
          />
        </button>
      </div>
    </>
  );
}

export function StoreDbStatusLines({
  card,
  status,
  store,
}: {
  card: StoreDbSettings;
  status: StoreDbStatus;
  /** The store this counter enrolls in: the settings' client id. */
  store: string | null;
}) {
  const t = useT();
  const timeZone = useTimeZone();
  const language = useLanguage();
  const repl = status.replication;
  const since = repl.since ? formatStoreClock(repl.since, timeZone, language) : '—';
  const targetLine = status.target ? storeDbTargetLine(status.target, repl, t) : null;
  const mustEnroll = status.target ? enrollmentNeeded(repl) : null;
  const { enrolledIn } = card;
  return (
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
      {status.problem === 'key-needs-consent' ? <WeakKeyConsent card={card} /> : null}
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
        ref={card.enrolledNote}
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
      {mustEnroll && store ? (
        <StoreDbEnroll
          category={mustEnroll}
          store={store}
          terminalId={status.terminal_id}
          onEnrolled={card.enrolled}
        />
      ) : null}
      {status.source === 'env' ? <p>{t('storeDb.settings.fromEnv')}</p> : null}
    </div>
  );
}
