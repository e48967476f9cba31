import { describe, expect, it } from 'vitest';
import {
  AddOnHeaders,
  AddOnParams,
  HtmlFragment,
  InfoStepsParams,
  UnauthorizedDetail,
} from './html';

describe('embeddable HTML', () => {
  it.each([
    ['an integer amount', AddOnParams, { amount: '1500' }],
    ['a float amount', AddOnParams, { amount: '1500.5' }],
    ['a 2-decimal amount', AddOnParams, { amount: '0.99' }],
    ['the Client_id header, as Node reads it', AddOnHeaders, { client_id: 'store-17', host: 'x' }],
    ['info-steps client id', InfoStepsParams, { client_id: 'store-17' }],
    ['an HTML fragment', HtmlFragment, '<style>.a{}</style><div class="a">4 cuotas</div>'],
    ['a { detail } 401', UnauthorizedDetail, { detail: 'Unauthorized' }],
    ['an { error } 401', UnauthorizedDetail, { error: 'Unauthorized' }],
  ] as const)('accepts %s', (_, schema, value) => {
    expect(schema.safeParse(value).error?.issues).toBeUndefined();
  });

  it.each([
    ['a negative amount', AddOnParams, { amount: '-5' }],
    ['a 3-decimal amount', AddOnParams, { amount: '1.005' }],
    ['an exponent', AddOnParams, { amount: '1e3' }],
    ['a leading zero', AddOnParams, { amount: '0150' }],
    ['a word', AddOnParams, { amount: 'mil' }],
    ['an amount with an extra param', AddOnParams, { amount: '1', client_id: 'x' }],
    ['no client id header', AddOnHeaders, { host: 'x' }],
    ['an empty client id', InfoStepsParams, { client_id: '' }],
    ['JSON instead of HTML', HtmlFragment, { html: '<div/>' }],
  ] as const)('rejects %s', (_, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});
