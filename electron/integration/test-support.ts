// Shared by the integration API tests: a backend with the API listening on a random loopback
// port, a till that speaks HTTP to it, and the cashier's bridge calls.
import type { SaleRequest } from '../../shared/integration/sale-request';
import type { Backend } from '../ipc/compose/open-backend';
import { ok, openTestBackend, type TestBackendOptions } from '../ipc/compose/test-support';
import { raw } from '../web/test-support';

export const KEY = 'till-key-for-tests-0123456789abcdefghij';
export const BASE = '/integration/v1/sale-requests';

export type Till = {
  port: number;
  send(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; json: Record<string, unknown>; headers: Record<string, string> }>;
  create(body: Record<string, unknown>): Promise<{ status: number; request: SaleRequest }>;
  read(id: string, query?: string, etag?: string): Promise<SaleRequest>;
};

export async function openTill(
  options: TestBackendOptions & { envKey?: string },
): Promise<{ backend: Backend; till: Till }> {
  const { envKey = KEY, integration, ...rest } = options;
  const backend = await openTestBackend({
    ...rest,
    integration: { envKey, port: 0, ...integration },
  });
  return { backend, till: tillFor(backend) };
}

export function tillFor(backend: Backend, key = KEY): Till {
  const port = backend.integration.status().port;
  const send: Till['send'] = async (method, path, body, headers = {}) => {
    const answer = await raw(port, {
      method,
      path,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(answer.body) as Record<string, unknown>;
    } catch {
      json = { unparsed: answer.body };
    }
    return { status: answer.status, json, headers: answer.headers };
  };
  return {
    port,
    send,
    async create(body) {
      const answer = await send('POST', BASE, body);
      return { status: answer.status, request: answer.json as SaleRequest };
    },
    async read(id, query = '', etag) {
      const answer = await send('GET', `${BASE}/${id}${query}`, undefined, {
        ...(etag ? { 'if-none-match': `"${etag}"` } : {}),
      });
      if (answer.status !== 200) throw new Error(`read ${id}: ${answer.status}`);
      return answer.json as SaleRequest;
    },
  };
}

export const VENTA1 = { kind: 'dni' as const, value: '41000001' };

/** The cashier's Verify of the till's sale (plain-sale scenario: S/ 1,200.00). */
export function verifyFor(backend: Backend, requestId: string, billedCents = 120_000) {
  return ok(backend.table, 'v3.verify', {
    identity: VENTA1,
    funding_code: 'VENTA1',
    billed_cents: billedCents,
    sale_request_id: requestId,
  });
}

export async function verifiedOpId(backend: Backend, requestId: string): Promise<string> {
  const verified = await verifyFor(backend, requestId);
  if (verified.status !== 'succeeded') throw new Error(`verify ${verified.status}`);
  return verified.op_id;
}
