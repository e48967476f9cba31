// Terminal settings as the renderer sees them. The token itself never appears: only whether one
// is configured, its last 4 characters, and how it is protected at rest.
import { z } from 'zod';
import { ServiceCashierId } from '../api/in-store';
import { isIanaTimeZone } from '../domain/store-time';
import { TerminalName } from '../store/store-operation';
import { ReceiptPrinterSettings } from './printer';

export const Mode = z.enum(['training', 'live']);
export type Mode = z.infer<typeof Mode>;
export const ApiGeneration = z.enum(['v3', 'v2']);
export type ApiGeneration = z.infer<typeof ApiGeneration>;
export const Language = z.enum(['es-PE', 'en']);
export type Language = z.infer<typeof Language>;

export const TokenEncryption = z.enum(['os', 'basic_text', 'plain-file', 'memory']);
export const TokenStatus = z.object({
  configured: z.boolean(),
  fingerprint: z
    .string()
    .regex(/^[0-9a-f]{8}$/)
    .nullable(),
  encryption: TokenEncryption,
});
export type TokenStatus = z.infer<typeof TokenStatus>;

/** A live service address: HTTPS, or plain HTTP to this machine only (a local sandbox). */
export const BaseUrl = z
  .url({ protocol: /^https?$/ })
  .max(500)
  .refine((text) => !/^https?:\/\/[^/]*@/.test(text), { message: 'no credentials in the address' });

/**
 * What a cashier types at this terminal at shift start (and what the settings file keeps): at
 * most 32 letters, digits, `.`, `_` or `-`, upper-cased. Narrower than the service's
 * `ServiceCashierId` and built on it, so it is always one the service takes (docs/decisions.md
 * "Two cashier schemas: what the service takes, what a cashier types (issue 22, item 3)").
 */
export const CashierCode = ServiceCashierId.max(32)
  .regex(/^[A-Za-z0-9._-]+$/, { message: 'letters, digits, . _ -' })
  // One cashier, one code: "caja-02" and "CAJA-02" are the same person (docs/decisions.md
  // "Cashier codes and the end-shift warning (issue 18, items 5 and 11)"). Applied at shift
  // start and to every stored code read back.
  .transform((id) => id.toUpperCase());

/**
 * The store's client id issued by the service: `pos_client_id` of new orders, the add-on's
 * `Client_id` header and the info steps' path. Not a secret (it is in every `redirect_to`), but
 * printable ASCII only, since it travels in a header.
 */
export const PosClientId = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[\x21-\x7e]+$/, { message: 'printable characters, no spaces' });

/** Mostrador's own id of this terminal: the `<terminal>` of the order ids it makes. */
export const TerminalId = z.string().regex(/^[A-Z0-9]{4,12}$/);

/**
 * Without a store database, the days a counter keeps a customer's DNI whole in its journal
 * before masking it (docs/personal-data.md "A counter keeps less"): the store database's own
 * retention has the same default and bounds (migration 0115).
 */
export const IdentityRetentionDays = z.int().min(7).max(3650);
export const DEFAULT_IDENTITY_RETENTION_DAYS = 90;

export const Settings = z.object({
  mode: Mode,
  base_url: z.string().nullable(),
  store_name: z.string(),
  /** Chosen by the cashier at shift start; null until then. */
  cashier_id: z.string().nullable(),
  api_generation: ApiGeneration,
  language: Language,
  /** The store's time zone: the day of the day summary. */
  time_zone: z.string(),
  supervisor_pin_set: z.boolean(),
  token: TokenStatus,
  /**
   * Live only (training uses the mock's own client id and address): the store's client id, and
   * the store's web address under which the customer's application redirects to the pages
   * `canceled`, `rejected`, `success` and `downpayment` (each with `?order_id=`). Null until a
   * supervisor sets them; online orders need both, the HTML fragments the client id.
   */
  pos_client_id: z.string().nullable(),
  store_url: z.string().nullable(),
  /** Made once, at the first order; null before. */
  terminal_id: z.string().nullable(),
  /** The counter's ESC/POS receipt printer; null until a supervisor sets one. */
  receipt_printer: ReceiptPrinterSettings.nullable(),
  /** The name a supervisor gives this counter ("Caja 2"), shown to the other counters. */
  terminal_name: z.string().nullable(),
  identity_retention_days: IdentityRetentionDays,
});
export type Settings = z.infer<typeof Settings>;

/** What the supervisor may change; every field optional, every change needs the PIN. */
export const SettingsChange = z.strictObject({
  mode: Mode.optional(),
  base_url: BaseUrl.nullable().optional(),
  store_name: z.string().trim().min(1).max(80).optional(),
  api_generation: ApiGeneration.optional(),
  language: Language.optional(),
  /** An IANA name only (America/Lima): no offset, no abbreviation (shared/domain/store-time.ts). */
  time_zone: z
    .string()
    .min(1)
    .max(64)
    .refine(isIanaTimeZone, { message: 'an IANA time zone name, such as America/Lima' })
    .optional(),
  pos_client_id: PosClientId.nullable().optional(),
  /** HTTPS (plain HTTP only to this machine), like the service's base URL. */
  store_url: BaseUrl.nullable().optional(),
  receipt_printer: ReceiptPrinterSettings.nullable().optional(),
  /** No control characters: it is printed on other counters' screens and on the store's close. */
  terminal_name: TerminalName.regex(/^[^\p{C}]+$/u, { message: 'no control characters' })
    .nullable()
    .optional(),
  identity_retention_days: IdentityRetentionDays.optional(),
});
export type SettingsChange = z.infer<typeof SettingsChange>;

export const SupervisorPin = z.string().regex(/^\d{4,8}$/, { message: '4 to 8 digits' });

/**
 * What Settings' "Test connection" found for an address and the stored token, by calling the
 * funding limits endpoint from the main process (the token never reaches the renderer):
 * - `ok`: the service answered with the store's limits;
 * - `refused-token`: the service refused the token or the client id (401/403);
 * - `unreachable`: no answer (no connection, timeout, or the service failing with 5xx);
 * - `not-https` / `not-a-url`: the address cannot be used, so nothing was sent;
 * - `no-token`: no token is stored, so nothing was sent;
 * - `other-address`: the stored token was entered for the saved address, not this one (another
 *   scheme, host or port), so nothing was sent: save this address, then enter its token;
 * - `unexpected`: an answer, but not the funding limits (a wrong path, another server).
 */
export const ConnectionVerdict = z.enum([
  'ok',
  'refused-token',
  'unreachable',
  'not-https',
  'not-a-url',
  'no-token',
  'other-address',
  'unexpected',
]);
export const ConnectionCheck = z.object({
  verdict: ConnectionVerdict,
  http_status: z.int().min(100).max(599).optional(),
});
export type ConnectionCheck = z.infer<typeof ConnectionCheck>;
