// A path parameter that cannot be encoded (a lone UTF-16 surrogate) is refused before sending,
// as a validation error: encodeURIComponent would throw out of a client that promises not to.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoints } from '../../shared/api/common';
import { buildRequest } from './build-request';

const { item } = defineEndpoints({
  item: {
    method: 'GET',
    path: '/items/{id}',
    summary: 'An item',
    auth: 'none',
    params: z.object({ id: z.string() }),
    response: z.object({}),
    errors: {},
  },
});

describe('buildRequest path segments', () => {
  it.each(['\ud800', 'a\udc00', '..', '.', ''])('refuses %j as a path segment', (id) => {
    expect(buildRequest(item, { params: { id } })).toEqual({
      ok: false,
      error: { category: 'validation', fieldErrors: { id: 'not a path segment' } },
    });
  });

  it('encodes a well-formed one, astral characters included', () => {
    const built = buildRequest(item, { params: { id: 'a b/😀' } });
    expect(built).toMatchObject({ ok: true, request: { path: '/items/a%20b%2F%F0%9F%98%80' } });
  });
});
