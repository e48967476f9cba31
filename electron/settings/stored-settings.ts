// The settings file's shape and defaults. Read field by field, each failing field named; the
// store trusts a file only when none fails (settings-store.ts). A field a file lacks (written by
// an older version) takes its default, so new fields can be added with a default. The file
// carries a SHA-256 checksum of its own content, so a flipped byte that still parses (another
// host in the address, another PIN hash) is caught as damage, not taken as a setting.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ReceiptPrinterSettings } from '../../shared/bridge/printer';
import {
  ApiGeneration,
  CashierCode,
  DEFAULT_IDENTITY_RETENTION_DAYS,
  IdentityRetentionDays,
  Language,
  Mode,
  PosClientId,
  TerminalId,
} from '../../shared/bridge/settings';
import { TerminalName } from '../../shared/store/store-operation';
import { checkBaseUrl } from '../service/base-url';
import { PinHash } from './pin-hash';
import { NO_LOCKOUT, PinLockout } from './pin-lockout';

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const BaseUrlField = z
  .string()
  .nullable()
  .refine((url) => url === null || checkBaseUrl(url).ok, { message: 'not an allowed base URL' });

/**
 * The integration API (docs/integration-api.md): off by default; the key is kept only as its
 * SHA-256, so the settings file holds nothing that lets a reader drive a sale.
 */
export const IntegrationSettings = z.object({
  enabled: z.boolean(),
  port: z.int().min(1024).max(65535),
  key_hash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .nullable(),
});
export type IntegrationSettings = z.infer<typeof IntegrationSettings>;
export const DEFAULT_INTEGRATION_PORT = 4700;

const fields = {
  mode: Mode,
  base_url: BaseUrlField,
  store_name: z.string().trim().min(1).max(80),
  cashier_id: CashierCode.nullable(),
  api_generation: ApiGeneration,
  language: Language,
  // Any zone the runtime knows, as before: a file written when offsets were taken still loads
  // (the terminal is not bricked). New values are IANA names only (settings-handlers.ts); the
  // settings screen shows an old one as an error and the store database replication refuses it
  // (docs/decisions.md "The store time zone is an IANA name (issue 26, item 8)").
  time_zone: z.string().refine(isTimeZone, { message: 'not a time zone' }),
  supervisor_pin: PinHash.nullable(),
  pin_lockout: PinLockout,
  pos_client_id: PosClientId.nullable(),
  // The customer's phone opens these pages: the same HTTPS rule as the service's address.
  store_url: BaseUrlField,
  terminal_id: TerminalId.nullable(),
  integration: IntegrationSettings,
  receipt_printer: ReceiptPrinterSettings.nullable(),
  /** The counter's name for the other counters ("Caja 2"; docs/store-database.md). */
  terminal_name: TerminalName.nullable(),
  /**
   * Without a store database, how many days this counter keeps a customer's DNI whole in its
   * journal before it masks it (docs/personal-data.md "A counter keeps less").
   */
  identity_retention_days: IdentityRetentionDays,
};

export const StoredSettings = z.object(fields);
export type StoredSettings = z.infer<typeof StoredSettings>;

export const DEFAULT_SETTINGS: StoredSettings = {
  mode: 'training',
  base_url: null,
  store_name: 'Mi tienda',
  cashier_id: null,
  api_generation: 'v3',
  language: 'es-PE',
  time_zone: 'America/Lima',
  supervisor_pin: null,
  pin_lockout: NO_LOCKOUT,
  pos_client_id: null,
  store_url: null,
  terminal_id: null,
  integration: { enabled: false, port: DEFAULT_INTEGRATION_PORT, key_hash: null },
  receipt_printer: null,
  terminal_name: null,
  identity_retention_days: DEFAULT_IDENTITY_RETENTION_DAYS,
};

export type ReadSettings = { settings: StoredSettings; problems: string[] };

const CHECKSUM_KEY = 'checksum';
const checksumOf = (json: string) => createHash('sha256').update(json, 'utf8').digest('hex');

/** The file's text for `settings`: their JSON with the checksum of that JSON as a last field. */
export function serializeSettings(settings: StoredSettings): string {
  const checksum = checksumOf(JSON.stringify(settings));
  return `${JSON.stringify({ ...settings, [CHECKSUM_KEY]: checksum }, null, 2)}\n`;
}

/** The settings in `text` (the file's content, or null when there is no file). */
export function parseStoredSettings(text: string | null): ReadSettings {
  if (text === null) return { settings: { ...DEFAULT_SETTINGS }, problems: [] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { settings: { ...DEFAULT_SETTINGS }, problems: ['the file is not JSON'] };
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    return { settings: { ...DEFAULT_SETTINGS }, problems: ['the file is not a JSON object'] };
  }
  const { [CHECKSUM_KEY]: checksum, ...record } = json as Record<string, unknown>;
  const settings: Record<string, unknown> = {};
  const problems: string[] = [];
  // Over the fields as they are in the file (key order included), not as parsed: a file written
  // before a field was added still matches. A file without one (hand-made) is read as it is.
  if (checksum !== undefined && checksum !== checksumOf(JSON.stringify(record))) {
    problems.push('the file does not match its checksum');
  }
  for (const [key, schema] of Object.entries(fields)) {
    if (!(key in record)) {
      settings[key] = DEFAULT_SETTINGS[key as keyof StoredSettings];
      continue;
    }
    const parsed = schema.safeParse(record[key]);
    if (parsed.success) {
      settings[key] = parsed.data;
    } else {
      // The field name only: the value may be a PIN hash or a URL with something private in it.
      problems.push(`${key} is not valid; the default is used`);
      settings[key] = DEFAULT_SETTINGS[key as keyof StoredSettings];
    }
  }
  return { settings: StoredSettings.parse(settings), problems };
}
