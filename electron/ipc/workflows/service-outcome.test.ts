// Which answers count as the service's definite word, for the journal and the retry loop.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoints } from '../../../shared/api/common';
import type { ServiceResult } from '../../../shared/service-error';
import { createServiceClient } from '../../service/service-client';
import { createInjectTransport } from '../../service/transports';
import { journalOutcome, retryAnswer } from './service-outcome';

const failed = (error: Extract<ServiceResult<never>, { ok: false }>['error']) =>
  ({ ok: false, error }) as const;

describe('service outcomes', () => {
  it('are succeeded only for a 2xx, refused for a 4xx, unknown without a definite answer', () => {
    expect(journalOutcome({ ok: true, status: 200, data: {} }).status).toBe('succeeded');
    expect(
      journalOutcome(
        failed({ category: 'state-conflict', httpStatus: 400, message: 'billed_amount changed' }),
      ),
    ).toEqual({
      status: 'refused',
      http_status: 400,
      service_message: 'billed_amount changed',
      error_category: 'state-conflict',
    });
    for (const category of ['network', 'timeout', 'server', 'bad-response'] as const) {
      expect(journalOutcome(failed({ category })).status).toBe('unknown');
    }
  });

  it("keep a retry's 401 unknown: a changed token says nothing about the first call", () => {
    expect(retryAnswer(failed({ category: 'auth', httpStatus: 401 })).kind).toBe('unknown');
    expect(retryAnswer(failed({ category: 'not-found', httpStatus: 404 }))).toMatchObject({
      kind: 'definite',
      status: 'refused',
    });
    expect(retryAnswer({ ok: true, status: 200, data: {} })).toMatchObject({
      kind: 'definite',
      status: 'succeeded',
    });
  });

  it('keep a 200 whose body is not the success body unknown, in the journal and for a retry', () => {
    for (const body of [[true], null, { error: 'upstream connect error' }, '<html>portal</html>']) {
      const answer = failed({ category: 'bad-response', httpStatus: 200, body });
      expect(journalOutcome(answer)).toMatchObject({ status: 'unknown', http_status: 200 });
      expect(retryAnswer(answer).kind).toBe('unknown');
    }
  });
});

const UNSPECIFIED = defineEndpoints({
  x: {
    method: 'POST',
    path: '/x',
    summary: 'x',
    auth: 'bearer',
    body: z.object({}),
    response: z.object({ never: z.literal(true) }),
    errors: {},
  },
}).x;

describe('an over-long 2xx body', () => {
  const call = (payload: string) =>
    createServiceClient({
      baseUrl: 'http://localhost',
      credentials: { bearerToken: () => 't' },
      transport: createInjectTransport({
        inject: async () => ({ statusCode: 200, headers: {}, payload }),
      }),
    }).call(UNSPECIFIED, { body: {} });

  it('past the 1 MiB cap is not taken as the yes of a paid-and-billed', async () => {
    const result = await call(`[${'1,'.repeat(600_000)}1]`);
    expect(result).toMatchObject({ ok: false, error: { category: 'bad-response' } });
    expect(journalOutcome(result).status).toBe('unknown');
  });

  it('under the cap, a body that is not the success body is unknown, kept short', async () => {
    const result = await call(`[${'1,'.repeat(100_000)}1]`);
    expect(result).toMatchObject({ ok: false, error: { category: 'bad-response' } });
    expect(JSON.stringify(result).length).toBeLessThan(4_096);
  });
});
