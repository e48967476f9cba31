// Settings → Till integration (docs/integration-api.md): the supervisor (already past the PIN
// gate) turns the local API on or off, picks its port, and makes a key. The key and its callback
// secret are shown this once and live only in this component's state; the terminal keeps a hash.
import { useEffect, useState } from 'react';
import type { IntegrationStatus } from '../../shared/bridge';
import { call } from '../bridge/call';
import { useT } from '../i18n/use-t';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';
import { GuidancePanel } from './guidance-panel';
import { TextField } from './text-field';

export function SettingsIntegration({ pin }: { pin: string }) {
  const t = useT();
  const [status, setStatus] = useState<IntegrationStatus | null>(null);
  const [port, setPort] = useState('');
  const [shown, setShown] = useState<{ key: string; webhook_secret: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Guidance | null>(null);

  useEffect(() => {
    void call('integration.status', {}).then((answer) => {
      if (!answer.ok) return;
      setStatus(answer.result);
      setPort(String(answer.result.port));
    });
  }, []);
  if (!status) return null;

  const portNumber = Number(port);
  const portValid = /^\d{4,5}$/.test(port) && portNumber >= 1024 && portNumber <= 65535;
  const fromEnv = status.source === 'env';

  const configure = async (enabled: boolean) => {
    setBusy(true);
    const answer = await call('integration.configure', { pin, enabled, port: portNumber });
    setBusy(false);
    if (answer.ok) setStatus(answer.result);
    setError(answer.ok ? null : guidanceForBridgeError('other', answer.error, answer.lost));
  };

  const rotate = async () => {
    setBusy(true);
    const answer = await call('integration.rotateKey', { pin });
    setBusy(false);
    if (answer.ok) {
      setShown({ key: answer.result.key, webhook_secret: answer.result.webhook_secret });
      setStatus(answer.result.status);
    }
    setError(answer.ok ? null : guidanceForBridgeError('other', answer.error, answer.lost));
  };

  const state = fromEnv
    ? t('settings.integration.state.env', { port: status.port })
    : status.enabled
      ? t('settings.integration.state.on', { port: status.port })
      : t('settings.integration.state.off');

  return (
    <section className="card" aria-labelledby="integration-title">
      <h2 id="integration-title">{t('settings.integration.title')}</h2>
      <p>{t('settings.integration.help', { port: status.port })}</p>
      <p role="status" className={status.enabled ? 'note-ok' : undefined}>
        {status.enabled ? '● ' : '○ '}
        {state}
      </p>
      {status.problem ? <p className="note-warning">⚠ {status.problem}</p> : null}
      {fromEnv ? null : (
        <>
          <TextField
            id="integration-port"
            label={t('settings.integration.port')}
            value={port}
            onValue={setPort}
            state={
              portValid
                ? { status: 'valid' }
                : { status: 'hint', message: 'settings.integration.portHint' }
            }
            submitted={false}
            inputMode="numeric"
            maxLength={5}
          />
          <div className="button-row">
            <button type="button" className="button" disabled={busy} onClick={() => void rotate()}>
              {t('settings.integration.rotate')}
            </button>
            {status.enabled ? (
              <button
                type="button"
                className="button"
                disabled={busy || !portValid}
                onClick={() => void configure(false)}
              >
                {t('settings.integration.disable')}
              </button>
            ) : (
              <button
                type="button"
                className="button button--primary"
                disabled={busy || !portValid || !status.key_set}
                onClick={() => void configure(true)}
              >
                {t('settings.integration.enable')}
              </button>
            )}
          </div>
        </>
      )}
      {shown ? (
        <div className="note-warning" role="alert">
          <p>{t('settings.integration.keyOnce')}</p>
          <dl className="conditions">
            <div>
              <dt>{t('settings.integration.key')}</dt>
              <dd className="break">
                <code data-testid="integration-key">{shown.key}</code>
              </dd>
            </div>
            <div>
              <dt>{t('settings.integration.webhookSecret')}</dt>
              <dd className="break">
                <code>{shown.webhook_secret}</code>
              </dd>
            </div>
          </dl>
        </div>
      ) : null}
      {error ? <GuidancePanel guidance={error} headingLevel={3} /> : null}
    </section>
  );
}
