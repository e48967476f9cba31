// What the supervisor types in settings, checked before it is sent: the service address must be
// HTTPS (plain HTTP only to this machine, for a local sandbox), with no credentials in it, and
// live mode needs an address. The contract's BaseUrl schema has the last word.
import { BaseUrl, PosClientId, type Settings, type SettingsChange } from '../../shared/bridge';
import { isIanaTimeZone, isKnownTimeZone } from '../../shared/domain/store-time';
import type { FieldState } from './sale-form';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function baseUrlState(raw: string, mode: Settings['mode']): FieldState {
  const text = raw.trim();
  if (text === '')
    return mode === 'live'
      ? { status: 'error', message: 'settings.baseUrlRequired' }
      : { status: 'empty' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { status: 'error', message: 'settings.baseUrlInvalid' };
  }
  if (url.username || url.password)
    return { status: 'error', message: 'settings.baseUrlCredentials' };
  if (url.protocol === 'http:' && !LOOPBACK.has(url.hostname))
    return { status: 'error', message: 'settings.baseUrlHttps' };
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { status: 'error', message: 'settings.baseUrlHttps' };
  if (!BaseUrl.safeParse(text).success)
    return { status: 'error', message: 'settings.baseUrlInvalid' };
  return { status: 'valid' };
}

export type SettingsDraft = {
  mode: Settings['mode'];
  base_url: string;
  pos_client_id: string;
  store_url: string;
  store_name: string;
  api_generation: Settings['api_generation'];
  language: Settings['language'];
  time_zone: string;
};

export function draftOf(settings: Settings): SettingsDraft {
  return {
    mode: settings.mode,
    base_url: settings.base_url ?? '',
    pos_client_id: settings.pos_client_id ?? '',
    store_url: settings.store_url ?? '',
    store_name: settings.store_name,
    api_generation: settings.api_generation,
    language: settings.language,
    time_zone: settings.time_zone,
  };
}

/** The store's web address (online orders redirect there): same rule as the service's. */
export function storeUrlState(raw: string): FieldState {
  return raw.trim() === '' ? { status: 'empty' } : baseUrlState(raw, 'training');
}

export function posClientIdState(raw: string): FieldState {
  if (raw.trim() === '') return { status: 'empty' };
  return PosClientId.safeParse(raw).success
    ? { status: 'valid' }
    : { status: 'error', message: 'settings.posClientIdInvalid' };
}

export function timeZoneState(raw: string): FieldState {
  const zone = raw.trim();
  if (isIanaTimeZone(zone)) return { status: 'valid' };
  if (zone !== '' && isKnownTimeZone(zone)) {
    // Intl takes it, PostgreSQL reads it otherwise (docs/decisions.md "The store time zone is an
    // IANA name (issue 26, item 8)").
    return { status: 'error', message: 'settings.timeZoneNotIana' };
  }
  return { status: 'error', message: 'settings.timeZoneInvalid' };
}

export function storeNameState(raw: string): FieldState {
  const text = raw.trim();
  if (text === '') return { status: 'error', message: 'settings.storeNameRequired' };
  if (text.length > 80) return { status: 'error', message: 'settings.storeNameLong' };
  return { status: 'valid' };
}

/** Only what changed is sent, so one supervisor's edit never rewrites another's field. */
export function changeOf(settings: Settings, draft: SettingsDraft): SettingsChange {
  const change: SettingsChange = {};
  if (draft.mode !== settings.mode) change.mode = draft.mode;
  const baseUrl = draft.base_url.trim() === '' ? null : draft.base_url.trim();
  if (baseUrl !== settings.base_url) change.base_url = baseUrl;
  if (draft.store_name.trim() !== settings.store_name) change.store_name = draft.store_name.trim();
  if (draft.api_generation !== settings.api_generation)
    change.api_generation = draft.api_generation;
  if (draft.language !== settings.language) change.language = draft.language;
  if (draft.time_zone.trim() !== settings.time_zone) change.time_zone = draft.time_zone.trim();
  const clientId = draft.pos_client_id.trim() === '' ? null : draft.pos_client_id.trim();
  if (clientId !== settings.pos_client_id) change.pos_client_id = clientId;
  const storeUrl = draft.store_url.trim() === '' ? null : draft.store_url.trim();
  if (storeUrl !== settings.store_url) change.store_url = storeUrl;
  return change;
}
