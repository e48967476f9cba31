import { describe, expect, it } from 'vitest';
import { dayInZone, formatStoreDate, formatStoreMoment, isIanaTimeZone } from './store-time';

describe('the store time zone (issue 26, item 8)', () => {
  it('takes IANA names', () => {
    for (const zone of ['America/Lima', 'Asia/Tokyo', 'Asia/Kolkata', 'America/New_York', 'UTC']) {
      expect({ zone, ok: isIanaTimeZone(zone) }).toEqual({ zone, ok: true });
    }
  });

  it('refuses offsets and abbreviations: PostgreSQL reads them otherwise than Intl does', () => {
    // PostgreSQL reads '+09:00' as POSIX (nine hours WEST of Greenwich); Intl as UTC+9. A sale at
    // 17:08Z is the next day at the counter and the day before in the database.
    expect(dayInZone(new Date('2026-03-10T17:08:00Z'), '+09:00')).toBe('2026-03-11');
    for (const zone of [
      '+09:00',
      '-05:00',
      'IST',
      'EST',
      'GMT+5',
      'Etc/GMT+5',
      'PST8PDT',
      '',
      ' ',
    ]) {
      expect({ zone, ok: isIanaTimeZone(zone) }).toEqual({ zone, ok: false });
    }
  });

  it('refuses what no runtime knows', () => {
    expect(isIanaTimeZone('Mars/Olympus')).toBe(false);
    expect(isIanaTimeZone('america/lima')).toBe(false);
  });
});

describe('dates a reader cannot take for another day (issue 35 item 12)', () => {
  it('English names the month: 6 December is never 12/06', () => {
    expect(formatStoreDate('2026-12-06', 'en')).toBe('06 Dec 2026');
    expect(formatStoreMoment('2026-12-07T03:15:32.000Z', 'America/La_Paz', 'en')).toBe(
      '06 Dec 2026, 23:15:32',
    );
  });
  it('Spanish keeps dd/mm/aaaa, as the store writes it', () => {
    expect(formatStoreDate('2026-12-06', 'es-PE')).toBe('06/12/2026');
    expect(formatStoreMoment('2026-12-07T03:15:32.000Z', 'America/La_Paz', 'es-PE')).toBe(
      '06/12/2026, 23:15:32',
    );
  });
});
