import { describe, expect, it } from 'vitest';
import type { EndpointSpec } from './common';
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

const areas: Record<string, Record<string, EndpointSpec>> = {
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
    it.each(Object.entries(area))('%s: path starts with / and is the document’s', (_, e) => {
      expect(e.path.startsWith('/')).toBe(true);
      expect(isDocumented(e)).toBe(true);
    });

    it.each(Object.entries(area))('%s: path params are its {template} params', (_, e) => {
      const templateParams = [...e.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      expect(Object.keys(e.params?.shape ?? {})).toEqual(templateParams);
    });

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
    expect(mocks).toHaveLength(4);
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
