import { useEffect, useRef, useState } from 'react';
import type { Settings } from '../../shared/bridge';
import { call } from '../bridge/call';
import { useT } from '../i18n/use-t';
import { type Guidance, guidanceForBridgeError } from '../logic/error-guidance';
import {
  baseUrlState,
  changeOf,
  draftOf,
  posClientIdState,
  type SettingsDraft,
  storeNameState,
  storeUrlState,
  timeZoneState,
} from '../logic/settings-form';
import { resetAllFlows } from '../stores/reset-flows';
import { useSettingsStore } from '../stores/settings-store';
import { BusyLabel } from './busy-label';
import { ConnectionTest } from './connection-test';
import { GuidancePanel } from './guidance-panel';
import { TextField } from './text-field';

function Choice<V extends string>({
  name,
  legend,
  value,
  options,
  onChange,
}: {
  name: string;
  legend: string;
  value: V;
  options: Array<{ value: V; label: string }>;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="segmented">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="segmented__option">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Mode, service address, store name, API generation, language, time zone: one PIN-checked save. */
export function SettingsGeneralForm({ settings, pin }: { settings: Settings; pin: string }) {
  const t = useT();
  const replace = useSettingsStore((s) => s.replace);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings));
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<Guidance | null>(null);
  // The save button is disabled once saved (nothing left to save), which drops its focus to the
  // page body: focus goes to what was saved instead.
  const savedRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);
  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setSaved(false);
  };
  const urlState = baseUrlState(draft.base_url, draft.mode);
  const zoneState = timeZoneState(draft.time_zone);
  const nameState = storeNameState(draft.store_name);
  const change = changeOf(settings, draft);
  const clientIdState = posClientIdState(draft.pos_client_id);
  const storeUrlCheck = storeUrlState(draft.store_url);
  const valid =
    clientIdState.status !== 'error' &&
    storeUrlCheck.status !== 'error' &&
    urlState.status !== 'error' &&
    zoneState.status === 'valid' &&
    nameState.status === 'valid';

  return (
    <form
      className="card"
      noValidate
      aria-labelledby="settings-general-title"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!valid || busy || Object.keys(change).length === 0) return;
        setBusy(true);
        setError(null);
        const answer = await call('settings.update', { pin, change });
        setBusy(false);
        if (!answer.ok) {
          setError(guidanceForBridgeError('other', answer.error, answer.lost));
          return;
        }
        if (answer.result.mode !== settings.mode) resetAllFlows(answer.result.api_generation);
        replace(answer.result);
        setDraft(draftOf(answer.result));
        setSaved(true);
      }}
    >
      <h2 id="settings-general-title">{t('settings.general')}</h2>
      <Choice
        name="settings-mode"
        legend={t('settings.mode')}
        value={draft.mode}
        options={[
          { value: 'training', label: t('mode.training') },
          { value: 'live', label: t('mode.live') },
        ]}
        onChange={(v) => set('mode', v)}
      />
      {draft.mode === 'live' && settings.mode === 'training' ? (
        <p className="note-warning">
          <span aria-hidden="true">⚠ </span>
          {t('settings.liveWarning')}
        </p>
      ) : null}
      <TextField
        id="settings-base-url"
        label={t('settings.baseUrl')}
        type="url"
        value={draft.base_url}
        onValue={(v) => set('base_url', v)}
        state={urlState}
        submitted={false}
      />
      <ConnectionTest pin={pin} baseUrl={draft.base_url} />
      <TextField
        id="settings-store-name"
        label={t('settings.storeName')}
        value={draft.store_name}
        onValue={(v) => set('store_name', v)}
        state={nameState}
        submitted={false}
        maxLength={80}
      />
      <TextField
        id="settings-pos-client-id"
        label={t('settings.posClientId')}
        value={draft.pos_client_id}
        onValue={(v) => set('pos_client_id', v)}
        state={clientIdState}
        submitted={false}
        maxLength={128}
      />
      <TextField
        id="settings-store-url"
        label={t('settings.storeUrl')}
        type="url"
        value={draft.store_url}
        onValue={(v) => set('store_url', v)}
        state={storeUrlCheck}
        submitted={false}
      />
      <Choice
        name="settings-api"
        legend={t('settings.apiGeneration')}
        value={draft.api_generation}
        options={[
          { value: 'v3', label: t('settings.apiV3') },
          { value: 'v2', label: t('settings.apiV2') },
        ]}
        onChange={(v) => set('api_generation', v)}
      />
      <Choice
        name="settings-language"
        legend={t('settings.language')}
        value={draft.language}
        options={[
          { value: 'es-PE', label: 'Español (Perú)' },
          { value: 'en', label: 'English' },
        ]}
        onChange={(v) => set('language', v)}
      />
      <TextField
        id="settings-time-zone"
        label={t('settings.timeZone')}
        value={draft.time_zone}
        onValue={(v) => set('time_zone', v)}
        state={zoneState}
        submitted={false}
      />
      <div className="button-row">
        <button
          type="submit"
          className="button button--primary"
          disabled={busy || !valid || Object.keys(change).length === 0}
        >
          <BusyLabel busy={busy} idle={t('settings.save')} working={t('common.saving')} />
        </button>
      </div>
      {saved ? (
        <p className="note-ok" role="status" ref={savedRef} tabIndex={-1}>
          <span aria-hidden="true">✓ </span>
          {t('settings.saved')}
        </p>
      ) : null}
      {error ? <GuidancePanel guidance={error} headingLevel={3} /> : null}
    </form>
  );
}
