// Sends a rule's answer (MockReply) through Fastify.
import type { FastifyReply } from 'fastify';
import type { MockReply } from './reply';

export const sendReply = (reply: FastifyReply, answer: MockReply) =>
  reply.status(answer.status).send(answer.body);
