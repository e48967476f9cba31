import { describe, expect, it } from 'vitest';
import type { EndpointSpec, ServiceEndpointSpec } from './common';
import { connectorEndpoints } from './connector';
import {
  documentedEndpoints,
  documentedTestEndpointPrefix,
  documentedTestEndpointSegments,
} from './documented-endpoints';
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
const documented = new Set(documentedEndpoints.map((e) => `${e.method} ${e.path}`));
const documentedTests = new Set(
  documentedTestEndpointSegments.map((segment) => `${documentedTestEndpointPrefix}${segment}`),
);
const isDocumented = (e: EndpointSpec) =>
  documented.has(`${e.method} ${e.path}`) || documentedTests.has(e.path);

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
    it.each(Object.entries(area))('%s: path starts with / and is the document’s', (name, e) => {
      expect(e.path.startsWith('/')).toBe(true);
      const where = `${name}: its method and path are not in shared/api/documented-endpoints.ts`;
      expect(isDocumented(e), where).toBe(true);
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

    it.each(Object.entries(area))('%s: body only on POST, HTML as text', (_, e) => {
      if (e.method === 'GET') expect(e.body).toBeUndefined();
      if (e.responseType === 'html') expect(e.response.safeParse('<div></div>').success).toBe(true);
    });
  });

  it('covers every method and path the document lists', () => {
    const catalogued = new Set(all.map(([, e]) => `${e.method} ${e.path}`));
    expect([...documented].filter((entry) => !catalogued.has(entry))).toEqual([]);
    expect([...documentedTests].filter((path) => !all.some(([, e]) => e.path === path))).toEqual(
      [],
    );
  });

  it('gives each /mock/ test endpoint the method of its v2 twin', () => {
    const mocks = all.filter(([, e]) => e.path.startsWith(documentedTestEndpointPrefix));
    expect(mocks).toHaveLength(documentedTestEndpointSegments.length);
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
