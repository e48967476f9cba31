import { useEffect, useState } from 'react';
import type { TokenStatus } from '../../shared/bridge';
import { serviceTokenProblem } from '../../shared/domain/service-token';
import { call } from '../bridge/call';
import type { MessageKey } from '../i18n/catalogue';
import { useT } from '../i18n/use-t';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';
import type { FieldState } from '../logic/sale-form';
import { useSettingsStore } from '../stores/settings-store';
import { BusyLabel } from './busy-label';
import { GuidancePanel } from './guidance-panel';
import { TextField } from './text-field';

const ENCRYPTION: Record<TokenStatus['encryption'], MessageKey> = {
  os: 'settings.encryption.os',
  basic_text: 'settings.encryption.basic',
  'plain-file': 'settings.encryption.file',
  memory: 'settings.encryption.memory',
};

function tokenState(raw: string): FieldState {
  const problem = serviceTokenProblem(raw);
  if (problem === 'empty') return { status: 'empty' };
  if (problem !== null) return { status: 'error', message: 'settings.tokenCharacters' };
  return raw.trim().length < 8
    ? { status: 'hint', message: 'settings.tokenShort' }
    : { status: 'valid' };
}

/**
 * The service token is write-only: the screen learns only whether one is set, its last 4
 * characters and how it is stored. The typed value is cleared as soon as it is sent.
 */
export function TokenForm({ pin }: { pin: string }) {
  const t = useT();
  const settings = useSettingsStore((s) => s.settings);
  const load = useSettingsStore((s) => s.load);
  const [status, setStatus] = useState<TokenStatus | null>(settings?.token ?? null);
  // Saving an address of another origin clears the token (issue 19): the saved settings say so.
  useEffect(() => {
    if (settings) setStatus(settings.token);
  }, [settings]);
  const [token, setToken] = useState('');
  const [allowWeak, setAllowWeak] = useState(false);
  const [needsWeak, setNeedsWeak] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Guidance | null>(null);
  const state = tokenState(token);

  const after = async (answer: Awaited<ReturnType<typeof call<'token.set'>>>) => {
    setBusy(false);
    if (answer.ok) {
      setStatus(answer.result);
      setToken('');
      setNeedsWeak(false);
      setError(null);
      await load();
    } else {
      if (answer.error.code === 'weak-encryption') setNeedsWeak(true);
      setError(guidanceForBridgeError('other', answer.error, answer.lost));
    }
  };

  return (
    <form
      className="card"
      noValidate
      aria-labelledby="token-title"
      onSubmit={async (event) => {
        event.preventDefault();
        if (state.status !== 'valid' || busy) return;
        setBusy(true);
        await after(
          await call('token.set', {
            pin,
            token: token.trim(),
            ...(needsWeak ? { allow_weak_encryption: allowWeak } : {}),
          }),
        );
      }}
    >
      <h2 id="token-title">{t('settings.token')}</h2>
      <p data-testid="token-status">
        {status?.configured
          ? t('settings.tokenConfigured', {
              fingerprint: status.fingerprint ?? '—',
              encryption: t(ENCRYPTION[status.encryption]),
            })
          : t('settings.tokenNotConfigured')}
      </p>
      <TextField
        id="settings-token"
        label={t('settings.tokenNew')}
        type="password"
        value={token}
        onValue={setToken}
        state={state}
        submitted={false}
        maxLength={4096}
      />
      {needsWeak ? (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={allowWeak}
            onChange={(e) => setAllowWeak(e.target.checked)}
          />
          {t('settings.allowWeak')}
        </label>
      ) : null}
      <div className="button-row">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || state.status !== 'valid'}
        >
          <BusyLabel busy={busy} idle={t('settings.tokenSave')} working={t('common.saving')} />
        </button>
        {status?.configured ? (
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              await after(await call('token.clear', { pin }));
            }}
          >
            {t('settings.tokenClear')}
          </button>
        ) : null}
      </div>
      {error ? <GuidancePanel guidance={error} headingLevel={3} /> : null}
    </form>
  );
}
