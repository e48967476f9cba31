import { useState } from 'react';
import type { ConnectionCheck } from '../../shared/bridge';
import { call } from '../bridge/call';
import { useT } from '../i18n/use-t';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';
import { BusyLabel } from './busy-label';
import { GuidancePanel } from './guidance-panel';

/**
 * "Test connection" beside the service address: the main process calls the funding limits
 * endpoint at the typed address with the stored token (the token never comes here) and the
 * verdict says what to fix. A verdict belongs to the address it was made for: editing the
 * address hides it (docs/decisions.md "Settings: test connection").
 */
export function ConnectionTest({ pin, baseUrl }: { pin: string; baseUrl: string }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ url: string; check: ConnectionCheck } | null>(null);
  const [error, setError] = useState<Guidance | null>(null);
  const url = baseUrl.trim();

  const run = async () => {
    if (busy || url === '') return;
    setBusy(true);
    setError(null);
    setResult(null);
    const answer = await call('settings.testConnection', { pin, base_url: url });
    setBusy(false);
    if (answer.ok) setResult({ url, check: answer.result });
    else setError(guidanceForBridgeError('other', answer.error, answer.lost));
  };

  const shown = result?.url === url ? result.check : null;
  return (
    <div className="connection-test">
      <button
        type="button"
        className="button"
        onClick={() => void run()}
        disabled={busy || url === ''}
      >
        <BusyLabel
          busy={busy}
          idle={t('settings.testConnection')}
          working={t('settings.testingConnection')}
        />
      </button>
      <div role="status" data-testid="connection-verdict">
        {shown ? (
          <p className={shown.verdict === 'ok' ? 'note-ok' : 'note-warning'}>
            <span aria-hidden="true">{shown.verdict === 'ok' ? '✓ ' : '⚠ '}</span>
            {t(`connection.${shown.verdict}`)}
            {shown.http_status !== undefined
              ? ` ${t('connection.httpStatus', { status: shown.http_status })}`
              : null}
          </p>
        ) : null}
      </div>
      {error ? <GuidancePanel guidance={error} headingLevel={3} /> : null}
    </div>
  );
}
