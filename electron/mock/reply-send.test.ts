// The one way a mock route sends a rule's answer: the status and body as the rule said, a text
// body as text (the vouchers' documented 400 form), anything else as JSON.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { MockReply } from './reply';
import { sendReply } from './reply-send';

async function sent(answer: MockReply) {
  const local = Fastify();
  local.get('/', async (_request, reply) => sendReply(reply, answer));
  const response = await local.inject({ method: 'GET', url: '/' });
  await local.close();
  return {
    status: response.statusCode,
    type: response.headers['content-type'],
    text: response.body,
  };
}

describe('sendReply', () => {
  it('sends a JSON body with its status', async () => {
    expect(await sent({ status: 409, body: { error: 'already billed' } })).toEqual({
      status: 409,
      type: 'application/json; charset=utf-8',
      text: '{"error":"already billed"}',
    });
  });

  it('sends a text body as text, letter for letter', async () => {
    expect(await sent({ status: 400, body: 'amount is required' })).toEqual({
      status: 400,
      type: 'text/plain; charset=utf-8',
      text: 'amount is required',
    });
  });
});
