// Small helpers for the mock's HTTP tests. Paths are the catalogue's (shared/api/in-store.ts), the
// one place an endpoint's method and path are written: never a second list here.
import { expect } from 'vitest';
import type { z } from 'zod';
import {
  DaySummary,
  FundingConditions,
  FundingInfo,
  inStoreEndpoints,
  type PaymentOrigin,
} from '../../shared/api/in-store';
import { FundingCreated } from '../../shared/api/trainer';
import { createMockApp, type MockApp, type MockOptions } from './app';

export const TOKEN = 'mock-token';

/** The path of every in-store endpoint, by its catalogue name. */
export const PATHS = Object.fromEntries(
  Object.entries(inStoreEndpoints).map(([name, spec]) => [name, spec.path]),
) as { readonly [Name in keyof typeof inStoreEndpoints]: string };

export type Answer = {
  status: number;
  /** The parsed JSON body (undefined when the body is not JSON). */
  body: unknown;
  text: string;
  contentType: string;
};

/** The answer is a documented refusal: this status and exactly `{ error }`, nothing more. */
export function expectRefusal(answer: Answer, status: number, error: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.body).toEqual({ error });
}

/** `string`: sent as `Authorization: Bearer <token>`; `null`: no Authorization header. */
export type TokenOption = string | null;

export type RequestOptions = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, string>;
  /** Serialised as JSON with `Content-Type: application/json`. */
  body?: unknown;
  /** Sent as is, with the headers given (for malformed bodies and other content types). */
  rawBody?: string;
  token?: TokenOption;
  headers?: Record<string, string>;
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function request(app: MockApp, options: RequestOptions): Promise<Answer> {
  const token = options.token === undefined ? TOKEN : options.token;
  const headers: Record<string, string> = {};
  if (token !== null) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (options.rawBody !== undefined) {
    payload = options.rawBody;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }
  Object.assign(headers, options.headers);
  const search = options.query ? `?${new URLSearchParams(options.query)}` : '';
  const response = await app.inject({
    method: options.method,
    url: `${options.path}${search}`,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  return {
    status: response.statusCode,
    body: parseJson(response.body),
    text: response.body,
    contentType: String(response.headers['content-type'] ?? ''),
  };
}

export const post = (app: MockApp, path: string, body: unknown, token?: TokenOption) =>
  request(app, { method: 'POST', path, body, token });

export const put = (app: MockApp, path: string, body: unknown, token?: TokenOption) =>
  request(app, { method: 'PUT', path, body, token });

export const get = (
  app: MockApp,
  path: string,
  query?: Record<string, string>,
  token?: TokenOption,
) => request(app, { method: 'GET', path, token, ...(query ? { query } : {}) });

/**
 * The one frozen clock of every test that starts a fresh mock (the mock's own tests, the client's,
 * the handlers' through electron/ipc/compose/test-support.ts, the fuzz): 10:00 in America/Lima.
 */
export const NOW = '2026-03-10T15:00:00.000Z';
/** The store day of NOW in America/Lima. */
export const TODAY = '2026-03-10';

/**
 * A fresh mock, its clock frozen at NOW so the day of every billing is known. The one `freshMock`
 * of the project: every test imports this one (docs/decisions.md "One place per endpoint").
 */
export const freshMock = (options: MockOptions = {}) => createMockApp({ now: NOW, ...options });

/** Asserts a 200 and parses its body with a schema (so the response shape is checked too). */
export function okBody<T>(answer: Answer, schema: z.ZodType<T>): T {
  if (answer.status !== 200) {
    throw new Error(`expected 200, got ${answer.status}: ${answer.text}`);
  }
  return schema.parse(answer.body);
}

export type NewFunding = {
  dni?: string;
  ruc?: string;
  credit_line: number;
  approved_amount?: number;
  parts?: number;
  paid_to_service?: number;
  paid_to_service_origin?: 'card' | 'transfer';
  downpayment_channel?: 'Tienda' | 'Service';
  requires_schedule_acceptance?: boolean;
  active?: boolean;
};

/** POST /__mock/fundings: a funding as an approved application leaves it. */
export async function newFunding(app: MockApp, body: NewFunding) {
  return okBody(await post(app, '/__mock/fundings', body), FundingCreated);
}

export type Who = { dni: string } | { ruc: string };

export type Sale = { who: Who; code: string; billed: number; cashier: string };

export const verify = (app: MockApp, sale: Sale) =>
  post(app, PATHS.v3Verify, {
    ...sale.who,
    funding_code: sale.code,
    billed_amount: sale.billed,
    cashier_id: sale.cashier,
  });

export const paidAndBilled = (app: MockApp, sale: Sale) =>
  post(app, PATHS.v3PaidAndBilled, {
    ...sale.who,
    funding_code: sale.code,
    billed_amount: sale.billed,
    cashier_id: sale.cashier,
  });

export const conditions = (answer: Answer) => okBody(answer, FundingConditions);

/** Verify then Paid-and-billed, both expected to answer 200. */
export async function sell(app: MockApp, sale: Sale) {
  const verified = conditions(await verify(app, sale));
  const billed = await paidAndBilled(app, sale);
  if (billed.status !== 200) throw new Error(`paid-and-billed: ${billed.status} ${billed.text}`);
  return verified;
}

export async function info(app: MockApp, dni: string, code: string, path: string = PATHS.v2Info) {
  return okBody(await get(app, path, { dni, funding_code: code }), FundingInfo);
}

/** The v2 day summary's answer as sent, whatever its status (a total past the wire's bound). */
export async function daySummaryAnswer(
  app: MockApp,
  day: string,
  detail?: 'true' | 'false',
  path: string = PATHS.v2DaySummary,
) {
  return get(app, path, { day, ...(detail ? { detail } : {}) });
}

export async function daySummary(
  app: MockApp,
  day: string,
  detail?: 'true' | 'false',
  path?: string,
) {
  return okBody(await daySummaryAnswer(app, day, detail, path), DaySummary);
}

export type Row = { order_id: string; dni: string; payment_origin: PaymentOrigin; amount: number };

/** PUT /__mock/fundings/{code}/payments with the bare array. */
export async function setPayments(
  app: MockApp,
  code: string,
  payments: { origin: PaymentOrigin; amount: number }[],
) {
  const answer = await put(app, `/__mock/fundings/${code}/payments`, payments);
  if (answer.status !== 200) throw new Error(`payments: ${answer.status} ${answer.text}`);
}
