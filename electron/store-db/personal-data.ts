// Customers' personal data in the store database (docs/personal-data.md, migration 0115): the
// owner's retention and erasures (`npm run store-db -- retention | forget`), and a counter's
// signed calls about its store's customers (`store_db_personal_data`): a supervisor's look-up
// and erasure, and the notices each counter masks its own journal by.
import type pg from 'pg';
import { z } from 'zod';
import { CustomerInStore, ErasureResult } from '../../shared/bridge/personal-data';
import { callInTransaction } from './call-transaction';
import { DEFAULT_TIMEOUTS, type StoreDbTimeouts } from './connection';
import { fieldsMessage, hmacOf } from './signed-fields';

// ---- the owner's ----

/** The retention in days (null: read it; a number: set it, 7 to 3650). */
export async function retentionDays(
  client: Pick<pg.ClientBase, 'query'>,
  days: number | null = null,
): Promise<number> {
  const result = await client.query<{ days: number }>(
    'SELECT public.store_db_retention($1) AS days',
    [days],
  );
  return Number(result.rows[0]?.days);
}

export type ForgottenStore = {
  store: string;
  /** Every operation that began on or before this day is masked (null: none yet). */
  through: string | null;
  lines: number;
  closes: number;
  done: boolean;
};

/** Masks every store's operations that began before `before` (YYYY-MM-DD), and their closes. */
export async function forgetBefore(
  client: Pick<pg.ClientBase, 'query'>,
  before: string,
  store: string | null = null,
): Promise<ForgottenStore[]> {
  const result = await client.query<{
    store: string;
    through: string | null;
    lines: number;
    closes: number;
    done: boolean;
  }>(
    `SELECT store, through::text AS through, lines, closes, done
     FROM public.store_db_forget_before($1::date, $2, NULL)`,
    [before, store],
  );
  return result.rows.map((r) => ({ ...r, lines: Number(r.lines), closes: Number(r.closes) }));
}

/** The owner's erasure of one customer in every store (`forget --dni`/`--ruc`). */
export async function forgetIdentity(
  client: Pick<pg.ClientBase, 'query'>,
  kind: 'dni' | 'ruc',
  value: string,
): Promise<ErasureResult> {
  const result = await client.query<{ answer: unknown }>(
    'SELECT public.store_db_forget_identity($1, $2, NULL, NULL, NULL) AS answer',
    [kind, value],
  );
  return ErasureResult.parse(result.rows[0]?.answer);
}

// ---- a counter's signed calls ----

export type PersonalDataAction = 'look' | 'forget' | 'notices' | 'done';

export type SignedPersonalData = {
  terminalId: string;
  /** The counter's clock, ISO 8601. */
  at: string;
  action: PersonalDataAction;
  /** The arguments' JSON text, exactly as sent and signed. */
  args: string;
};

/** The exact bytes the call's HMAC is taken over; the same as `store_db_personal_data_message`. */
export function personalDataMessage(call: SignedPersonalData): Buffer {
  return fieldsMessage([
    'mostrador-personal-data/1',
    call.terminalId,
    call.at,
    call.action,
    call.args,
  ]);
}

export const PERSONAL_DATA_SQL =
  'SELECT public.store_db_personal_data($1, $2, $3, $4, $5) AS answer';

export function personalDataParams(call: SignedPersonalData, key: Buffer): unknown[] {
  return [call.terminalId, call.at, call.action, call.args, hmacOf(personalDataMessage(call), key)];
}

/** What this counter must mask of its journal after an erasure in its store. */
export const ErasureNotice = z.object({
  id: z.string().regex(/^[0-9]{1,18}$/),
  store: z.string(),
  op_ids: z.array(z.uuid()),
  codes: z.array(z.string()),
  mask: z.string(),
});
export type ErasureNotice = z.infer<typeof ErasureNotice>;

export type Signer = { terminalId: string; signingKey: Buffer };

export { CustomerInStore, ErasureResult };

/** One signed call in a READ WRITE transaction of its own (call-transaction.ts). */
export async function personalDataCall(
  client: Pick<pg.ClientBase, 'query' | 'escapeLiteral'>,
  signer: Signer,
  action: PersonalDataAction,
  args: Record<string, unknown>,
  options: { clock?: () => Date; timeouts?: StoreDbTimeouts } = {},
): Promise<unknown> {
  const call: SignedPersonalData = {
    terminalId: signer.terminalId,
    at: (options.clock ?? (() => new Date()))().toISOString(),
    action,
    args: JSON.stringify(args),
  };
  const result = await callInTransaction<{ answer: unknown }>(
    client,
    'read write',
    options.timeouts ?? DEFAULT_TIMEOUTS,
    PERSONAL_DATA_SQL,
    personalDataParams(call, signer.signingKey),
  );
  return result.rows[0]?.answer ?? null;
}

export type CustomerQuery = { kind: 'dni' | 'ruc'; value: string; supervisor: string };

/** What the store holds of a customer (recorded as a supervisor's look-up). */
export async function lookCustomer(
  client: Pick<pg.ClientBase, 'query' | 'escapeLiteral'>,
  signer: Signer,
  query: CustomerQuery,
  options?: { clock?: () => Date; timeouts?: StoreDbTimeouts },
): Promise<CustomerInStore> {
  return CustomerInStore.parse(await personalDataCall(client, signer, 'look', query, options));
}

/** Erases a customer in this counter's store (recorded; MS015 while one of theirs is open). */
export async function forgetCustomer(
  client: Pick<pg.ClientBase, 'query' | 'escapeLiteral'>,
  signer: Signer,
  query: CustomerQuery,
  options?: { clock?: () => Date; timeouts?: StoreDbTimeouts },
): Promise<ErasureResult> {
  return ErasureResult.parse(await personalDataCall(client, signer, 'forget', query, options));
}

/** The notices of erasures this counter has not done yet. */
export async function erasureNotices(
  client: Pick<pg.ClientBase, 'query' | 'escapeLiteral'>,
  signer: Signer,
  options?: { clock?: () => Date; timeouts?: StoreDbTimeouts },
): Promise<ErasureNotice[]> {
  return z
    .array(ErasureNotice)
    .parse(await personalDataCall(client, signer, 'notices', {}, options));
}

/** Tells the database these notices are done: it deletes them. */
export async function erasureNoticesDone(
  client: Pick<pg.ClientBase, 'query' | 'escapeLiteral'>,
  signer: Signer,
  ids: readonly string[],
  options?: { clock?: () => Date; timeouts?: StoreDbTimeouts },
): Promise<number> {
  const answer = (await personalDataCall(client, signer, 'done', { ids }, options)) as {
    done?: unknown;
  } | null;
  return Number(answer?.done ?? 0);
}
