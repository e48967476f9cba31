// Sends a rule's answer (MockReply) through Fastify: the one way every mock route sends one. A
// text body (the vouchers' documented 400 form) goes as text, letter for letter; any other as JSON.
import type { FastifyReply } from 'fastify';
import type { MockReply } from './reply';

export const sendReply = (reply: FastifyReply, answer: MockReply) =>
  typeof answer.body === 'string'
    ? reply.status(answer.status).type('text/plain; charset=utf-8').send(answer.body)
    : reply.status(answer.status).send(answer.body);
