// Failures of the bridge itself (not of the service): every handler answers one of these rather
// than throwing, and unknown methods or bad arguments get one too, never a crash.
import { z } from 'zod';

export const BridgeErrorCode = z.enum([
  'unknown-method',
  'bad-arguments',
  /** The caller is not the app's own frame, or the browser-mode secret is wrong. */
  'forbidden',
  'pin-required',
  'wrong-pin',
  /** Too many wrong PINs: locked for a while. */
  'pin-locked',
  /** Live mode without a base URL or token, or no cashier at shift start. */
  'not-configured',
  /** The OS offers no real encryption and the supervisor did not accept weak storage. */
  'weak-encryption',
  /** Only in training mode (trainer controls) or only where Electron runs (printing). */
  'not-available',
  /**
   * The journal cannot be written (disk full, device gone): no operation may start until it
   * can, because every operation is on disk before its call.
   */
  'journal-unavailable',
  /** A sale request from the till that was canceled or finished: it takes no more steps. */
  'till-request-closed',
  /**
   * A paid-and-billed of this funding code has no answer from the service yet: no second
   * amount to collect is given until it has.
   */
  'billing-in-doubt',
  /**
   * The terminal needs a technician (docs/decisions.md "Terminal needs attention: PIN, token and settings at the edges (issue 19)"): its settings
   * are damaged or cannot be saved, or its data folder cannot be written. `attention` says which.
   */
  'needs-attention',
  'internal',
]);
export type BridgeErrorCode = z.infer<typeof BridgeErrorCode>;

/**
 * Why the terminal needs attention. `settings-damaged` and `data-dir-unwritable` (and
 * `start-failed`) stop the whole terminal: every call but `app.info` answers `needs-attention`.
 * `settings-unwritable` locks the PIN and refuses changes until the settings can be saved.
 */
export const AttentionReason = z.enum([
  'settings-damaged',
  'settings-unwritable',
  'data-dir-unwritable',
  'start-failed',
]);
export type AttentionReason = z.infer<typeof AttentionReason>;

export const BridgeError = z.object({
  code: BridgeErrorCode,
  message: z.string(),
  /** For bad-arguments: which argument, and why, keyed by dotted path. */
  issues: z.record(z.string(), z.string()).optional(),
  /** For pin-locked: seconds until the PIN may be tried again. */
  retry_after_s: z.int().nonnegative().optional(),
  /** For not-configured: what is missing, so the screen can name it. */
  missing: z
    .enum(['service-url', 'service-token', 'shift', 'store-client-id', 'store-url'])
    .optional(),
  /** For needs-attention: what the technician must see to. */
  attention: AttentionReason.optional(),
});
export type BridgeError = z.infer<typeof BridgeError>;

export const bridgeResponse = <T extends z.ZodType>(result: T) =>
  z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), result }),
    z.object({ ok: z.literal(false), error: BridgeError }),
  ]);

export type BridgeResponse<T> = { ok: true; result: T } | { ok: false; error: BridgeError };
