import type { FastifyReply } from 'fastify';
import type { StoredAnswer } from './service';

/**
 * Sends an answer kept for an Idempotency-Key as its stored text itself, so a replay is byte for
 * byte the first answer, and marks a replay with `idempotent-replayed: true`. A stored refusal
 * also names this request (`request_id`), like every error body.
 */
export function sendStoredAnswer(reply: FastifyReply, answer: StoredAnswer) {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  const body = answer.status >= 400 ? withRequestId(answer.body, reply.request.id) : answer.body;
  return reply
    .status(answer.status)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => payload as string)
    .send(body);
}

/** An error body's text with `request_id` added (the stored text is a JSON object). */
function withRequestId(body: string, requestId: string): string {
  return `${body.slice(0, body.lastIndexOf('}'))},"request_id":${JSON.stringify(requestId)}}`;
}
