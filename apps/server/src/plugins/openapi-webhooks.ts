import { EVENT_EXAMPLES, EVENT_SUMMARIES, EVENT_TYPES, eventSchemaName } from '@giftrelay/contracts';

const header = (name: string, description: string) => ({
  name,
  in: 'header' as const,
  required: true,
  description,
  schema: { type: 'string' as const },
});

/**
 * The OpenAPI 3.1 `webhooks`: one entry per event type, its body the type's named schema and its
 * example (decision 066), so generated clients and the SDK name each payload. What a receiver
 * answers is up to it: any 2xx is a delivery, anything else is retried (decision 027).
 */
export function eventWebhooks() {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `${eventSchemaName(type).replace(/^./, (c) => c.toLowerCase())}Webhook`,
          summary: `The ${type} event`,
          description: `${EVENT_SUMMARIES[type]} Sent to each enabled endpoint that wants \`${type}\` (or every type), signed as Standard Webhooks say.`,
          tags: ['webhooks'],
          security: [],
          parameters: [
            header('webhook-id', 'The event’s id: the same on every retry and replay, to recognise a repeat'),
            header('webhook-timestamp', 'When this attempt was signed, in seconds since 1970'),
            header(
              'webhook-signature',
              '`v1,` and the base64 HMAC-SHA256 of `id.timestamp.body` with the endpoint’s secret',
            ),
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { $ref: `#/components/schemas/${eventSchemaName(type)}` },
                example: EVENT_EXAMPLES[type],
              },
            },
          },
          responses: {
            '200': { description: 'Any 2xx answer: delivered. Anything else, or no answer in 15 seconds, is retried' },
          },
        },
      },
    ]),
  );
}
