import { describe, expect, it } from 'vitest';
import type { EndpointSpec, ServiceEndpointSpec } from './common';
import { connectorEndpoints } from './connector';
import { serviceEndpoints } from './endpoints';
import { htmlEndpoints } from './html';
import { inStoreEndpoints } from './in-store';
import { limitsEndpoints } from './limits';
import { ordersEndpoints } from './orders';
import { voucherEndpoints } from './vouchers';

const areas: Record<string, Record<string, ServiceEndpointSpec>> = {
  inStoreEndpoints,
  limitsEndpoints,
  ordersEndpoints,
  htmlEndpoints,
  voucherEndpoints,
  connectorEndpoints,
};
const all: [string, EndpointSpec][] = Object.entries(serviceEndpoints);
/** The test endpoints' prefix: "the same shapes" as v2, each with the method of its v2 twin. */
const TEST_ENDPOINT_PREFIX = '/pos/client/inhouse-downpayment/mock/';

describe('the service catalogue', () => {
  it('holds every area, with no name shared by two areas', () => {
    const names = Object.values(areas).flatMap((area) => Object.keys(area));
    expect(new Set(names).size).toBe(names.length);
    expect(Object.keys(serviceEndpoints).sort()).toEqual([...names].sort());
  });

  it('has one entry per method and path', () => {
    const keys = all.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  describe.each(Object.entries(areas))('%s', (_, area) => {
    it.each(Object.entries(area))('%s: path starts with / and holds no query', (_, e) => {
      expect(e.path.startsWith('/')).toBe(true);
      expect(e.path).not.toContain('?');
    });

    it.each(Object.entries(area))('%s: path params are its {template} params', (_, e) => {
      const templateParams = [...e.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      expect(Object.keys(e.params?.shape ?? {})).toEqual(templateParams);
    });

    it.each(Object.entries(area as Record<string, ServiceEndpointSpec>))(
      '%s: a description, and an example its own schemas accept',
      (name, e) => {
        const where = `the example on ${name} (shared/api/)`;
        expect(e.description.trim(), `${name}: the description is empty`).not.toBe('');
        const parts = [
          [e.params, e.example.params, 'params'],
          [e.query, e.example.query, 'query'],
          [e.body, e.example.body, 'body'],
        ] as const;
        for (const [schema, value, part] of parts) {
          if (schema === undefined) {
            expect(value, `${where} has ${part}, the entry none`).toBeUndefined();
            continue;
          }
          const parsed = schema.safeParse(value ?? {});
          expect(parsed.error?.issues ?? [], `${where}: its ${part}`).toEqual([]);
        }
        // The credentials are the client's to add (electron/service/call-endpoint.ts), not the example's.
        const credentials = {
          'client-id': { client_id: 'mock-client' },
          connector: { client_id: 'mock-client', secret_token: 'mock-secret' },
          bearer: {},
          none: {},
        }[e.auth];
        const headers = Object.fromEntries([
          ...Object.entries(credentials),
          ...Object.entries(e.example.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
        ]);
        if (e.headers) expect(e.headers.safeParse(headers).error?.issues ?? [], where).toEqual([]);
      },
    );

    it.each(Object.entries(area as Record<string, ServiceEndpointSpec>))(
      '%s: a sample 200 body its response schema accepts',
      (name, e) => {
        const parsed = e.response.safeParse(e.sample);
        expect(parsed.error?.issues ?? [], `the sample on ${name} (shared/api/)`).toEqual([]);
      },
    );

    it.each(Object.entries(area))('%s: body only on POST, HTML as text', (_, e) => {
      if (e.method === 'GET') expect(e.body).toBeUndefined();
      if (e.responseType === 'html') expect(e.response.safeParse('<div></div>').success).toBe(true);
    });
  });

  it('gives each /mock/ test endpoint the method of its v2 twin', () => {
    const mocks = all.filter(([, e]) => e.path.startsWith(TEST_ENDPOINT_PREFIX));
    expect(mocks.map(([, e]) => e.path.slice(TEST_ENDPOINT_PREFIX.length)).sort()).toEqual([
      'day-summary',
      'info',
      'paid-and-billed',
      'undo-billing',
    ]);
    for (const [, mock] of mocks) {
      const twin = all.find(([, e]) => e.path === mock.path.replace('/mock/', '/v2/'));
      expect(twin?.[1].method).toBe(mock.method);
    }
  });

  it('authenticates each area as the document says', () => {
    const auth = (area: Record<string, EndpointSpec>) =>
      new Set(Object.values(area).map((e) => e.auth));
    expect(auth(inStoreEndpoints)).toEqual(new Set(['bearer']));
    expect(auth(limitsEndpoints)).toEqual(new Set(['bearer']));
    expect(auth(ordersEndpoints)).toEqual(new Set(['bearer']));
    expect(auth(voucherEndpoints)).toEqual(new Set(['bearer']));
    expect(auth(connectorEndpoints)).toEqual(new Set(['connector']));
    expect(htmlEndpoints.financingAddOn.auth).toBe('client-id');
    expect(htmlEndpoints.infoSteps.auth).toBe('none');
  });
});
