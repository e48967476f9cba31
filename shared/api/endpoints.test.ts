import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EndpointSpec } from './common';
import { connectorEndpoints } from './connector';
import { serviceEndpoints } from './endpoints';
import { htmlEndpoints } from './html';
import { inStoreEndpoints } from './in-store';
import { limitsEndpoints } from './limits';
import { ordersEndpoints } from './orders';
import { voucherEndpoints } from './vouchers';

// ../shared sits beside the repository root, here and in CI.
const doc = readFileSync(new URL('../../../shared/SERVICE-API.md', import.meta.url), 'utf8');

const areas: Record<string, Record<string, EndpointSpec>> = {
  inStoreEndpoints,
  limitsEndpoints,
  ordersEndpoints,
  htmlEndpoints,
  voucherEndpoints,
  connectorEndpoints,
};
const all: [string, EndpointSpec][] = Object.entries(serviceEndpoints);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A path written in the document between backticks, whole (a query may follow it). */
const writtenWhole = (path: string) => new RegExp(`\`${escapeRegExp(path)}[\`?]`).test(doc);

// The `/mock/` test endpoints are documented as a prefix and a list of last segments.
const mockSentence = doc.split('\n').find((line) => line.startsWith('Test endpoints with')) ?? '';
const MOCK_PREFIX = '/pos/client/inhouse-downpayment/mock/';
const writtenAsMock = (path: string) =>
  path.startsWith(MOCK_PREFIX) &&
  mockSentence.includes(`\`${MOCK_PREFIX}\``) &&
  mockSentence.includes(`\`${path.slice(MOCK_PREFIX.length)}\``);

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
      expect(writtenWhole(e.path) || writtenAsMock(e.path)).toBe(true);
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
    const documented = [...doc.matchAll(/\b(GET|POST|PUT) `(\/[^`?]*)/g)].map(
      ([, method, path]) => `${method} ${path}`,
    );
    expect(documented.length).toBeGreaterThan(20);
    const catalogued = new Set(all.map(([, e]) => `${e.method} ${e.path}`));
    expect(documented.filter((entry) => !catalogued.has(entry))).toEqual([]);
  });

  it('gives each /mock/ test endpoint the method of its v2 twin', () => {
    const mocks = all.filter(([, e]) => e.path.startsWith(MOCK_PREFIX));
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
