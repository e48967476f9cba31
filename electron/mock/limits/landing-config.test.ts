import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FundingLimits } from '../../../shared/api/limits';
import type { MockApp } from '../app';
import { freshMock, get, okBody, post, put } from '../mock-test-support';

const PATH = '/pos/client/landing_config';

let app: MockApp;
beforeEach(async () => {
  app = await freshMock();
});
afterEach(() => app.close());

describe('GET /pos/client/landing_config', () => {
  it('answers the store’s funding limits, and nothing else', async () => {
    const answer = await get(app, PATH);
    expect(okBody(answer, FundingLimits)).toEqual({
      landing_version: 'v3',
      min_amount: 100,
      max_amount: 15000,
      min_steps: 2,
      max_steps: 12,
    });
    expect(Object.keys(answer.body as object)).toHaveLength(5);
  });

  it('follows the merchant settings, and reset restores them', async () => {
    await put(app, '/__mock/merchant', { min_amount: 300, max_steps: 18, landing_version: 'v4' });
    expect((await get(app, PATH)).body).toMatchObject({
      min_amount: 300,
      max_steps: 18,
      landing_version: 'v4',
    });
    await post(app, '/__mock/reset', {});
    expect((await get(app, PATH)).body).toMatchObject({ min_amount: 100, max_steps: 12 });
  });

  it.each([
    ['no token', null],
    ['a wrong token', 'nope'],
  ])('answers 401 with %s', async (_, token) => {
    const answer = await get(app, PATH, undefined, token);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: 'Wrong or missing client token' });
  });
});
