// The one entry to the handlers: checks the method name and the arguments against the contract,
// runs the handler, and checks its result against the contract too, so a handler bug can never
// send the renderer something the contract does not allow. It never throws: every failure is a
// typed BridgeError, and an unexpected exception is logged (without secrets) and answered as a
// generic `internal` error.
import type { z } from 'zod';
import {
  type BridgeError,
  type BridgeMethod,
  type BridgeResponse,
  bridgeMethods,
  isBridgeMethod,
} from '../../shared/bridge';
import { JournalError } from '../journal/journal-error';
import { isSecretKey, redactForLog } from '../log/redact';
import { SettingsUnavailable } from '../settings/settings-store';
import { BridgeFailure } from './bridge-failure';
import type { HandlerTable } from './compose/create-handlers';
import type { Caller, Handler } from './deps';

const fail = (error: BridgeError): BridgeResponse<never> => ({ ok: false, error });

export async function dispatch(
  table: HandlerTable,
  method: unknown,
  args: unknown,
  caller: Caller,
): Promise<BridgeResponse<unknown>> {
  const { logger } = table;
  try {
    if (caller?.verified !== true) {
      return fail({ code: 'forbidden', message: 'The caller is not the app.' });
    }
    if (!isBridgeMethod(method)) {
      return fail({ code: 'unknown-method', message: 'No such bridge method.' });
    }
    const spec = bridgeMethods[method];
    // `invoke(method)` with no arguments means an empty object.
    const parsed = spec.args.safeParse(args === undefined || args === null ? {} : args);
    if (!parsed.success) {
      return fail({
        code: 'bad-arguments',
        message: 'The arguments do not match the contract.',
        issues: issuesOf(parsed.error),
      });
    }
    let result: unknown;
    try {
      const handler = table.methods[method] as Handler<BridgeMethod>;
      result = await handler(parsed.data as never, caller);
    } catch (error) {
      if (error instanceof BridgeFailure) {
        logger.info('bridge call refused', { method, code: error.code });
        return fail(error.toBridgeError());
      }
      if (error instanceof JournalError && error.code === 'write-failed') {
        logger.error('journal cannot be written', { method, error: redactForLog(error, []) });
        return fail({
          code: 'journal-unavailable',
          message: 'The journal cannot be written (disk full or removed?): nothing may start.',
        });
      }
      if (error instanceof SettingsUnavailable) {
        // A typed state the supervisor can act on, not `internal` (issue 19).
        logger.error('settings unavailable', { method, attention: error.attention });
        return fail({
          code: 'needs-attention',
          message: error.message,
          attention: error.attention,
        });
      }
      // The args' own secrets (a PIN, a token being set) are cut from whatever the error says.
      logger.error('bridge handler failed', {
        method,
        channel: caller.channel,
        error: redactForLog(error, secretsIn(args)),
      });
      return fail({ code: 'internal', message: 'Something went wrong in the app.' });
    }
    const checked = spec.result.safeParse(result);
    if (!checked.success) {
      // Paths and codes only: the values are what must not leave.
      logger.error('bridge handler answered outside the contract', {
        method,
        issues: checked.error.issues.map((i) => `${i.path.join('.') || '$'} (${i.code})`),
      });
      return fail({ code: 'internal', message: 'Something went wrong in the app.' });
    }
    return { ok: true, result: checked.data };
  } catch (error) {
    // Logging itself failed, or a caller object threw on access: still an answer, never a throw.
    try {
      logger.error('bridge dispatch failed', { error: redactForLog(error, secretsIn(args)) });
    } catch {
      // Nothing left to tell.
    }
    return fail({ code: 'internal', message: 'Something went wrong in the app.' });
  }
}

/** `{ 'identity.value': 'Too small…' }`: dotted paths, zod's messages, never the values. */
function issuesOf(error: z.ZodError): Record<string, string> {
  const issues: Record<string, string> = {};
  for (const issue of error.issues)
    issues[issue.path.map(String).join('.') || '_'] ??= issue.message;
  return issues;
}

/** String values under secret-looking keys of the raw arguments (PIN, token). */
function secretsIn(args: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown, depth: number) => {
    if (depth > 4 || value === null || typeof value !== 'object') return;
    for (const [key, item] of Object.entries(value)) {
      if (isSecretKey(key) && typeof item === 'string' && item !== '') found.push(item);
      else walk(item, depth + 1);
    }
  };
  walk(args, 0);
  return found;
}
