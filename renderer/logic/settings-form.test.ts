import { describe, expect, it } from 'vitest';
import type { Settings } from '../../shared/bridge';
import { baseUrlState, changeOf, draftOf, timeZoneState } from './settings-form';

const settings: Settings = {
  mode: 'training',
  base_url: null,
  store_name: 'Tienda Centro',
  cashier_id: 'CAJA-01',
  api_generation: 'v3',
  language: 'es-PE',
  time_zone: 'America/Lima',
  supervisor_pin_set: true,
  token: { configured: false, fingerprint: null, encryption: 'memory' },
  pos_client_id: null,
  store_url: null,
  terminal_id: null,
  receipt_printer: null,
  terminal_name: null,
  identity_retention_days: 90,
};

describe('baseUrlState', () => {
  it('wants https, allowing plain http only to this machine', () => {
    expect(baseUrlState('https://api.example.pe', 'live')).toEqual({ status: 'valid' });
    expect(baseUrlState('http://127.0.0.1:4010', 'live')).toEqual({ status: 'valid' });
    expect(baseUrlState('http://api.example.pe', 'live')).toMatchObject({
      message: 'settings.baseUrlHttps',
    });
    expect(baseUrlState('https://user:pw@api.example.pe', 'live')).toMatchObject({
      message: 'settings.baseUrlCredentials',
    });
    expect(baseUrlState('api.example.pe', 'live')).toMatchObject({
      message: 'settings.baseUrlInvalid',
    });
  });

  it('requires an address only in live mode', () => {
    expect(baseUrlState('', 'live')).toMatchObject({
      status: 'error',
      message: 'settings.baseUrlRequired',
    });
    expect(baseUrlState('', 'training')).toEqual({ status: 'empty' });
  });
});

describe('changeOf', () => {
  it('sends only what changed', () => {
    expect(changeOf(settings, draftOf(settings))).toEqual({});
    expect(
      changeOf(settings, { ...draftOf(settings), language: 'en', store_name: ' Tienda Norte ' }),
    ).toEqual({
      language: 'en',
      store_name: 'Tienda Norte',
    });
    expect(
      changeOf(settings, {
        ...draftOf(settings),
        mode: 'live',
        base_url: 'https://api.example.pe',
      }),
    ).toEqual({
      mode: 'live',
      base_url: 'https://api.example.pe',
    });
  });
});

describe('timeZoneState', () => {
  it('knows real zones', () => {
    expect(timeZoneState('America/Lima')).toEqual({ status: 'valid' });
    expect(timeZoneState('Mars/Olympus')).toMatchObject({ status: 'error' });
  });

  it('takes IANA names only: no offsets, no abbreviations (issue 26, item 8)', () => {
    expect(timeZoneState('Asia/Tokyo')).toEqual({ status: 'valid' });
    for (const zone of ['+09:00', '-05:00', 'IST']) {
      expect(timeZoneState(zone)).toEqual({ status: 'error', message: 'settings.timeZoneNotIana' });
    }
  });
});
