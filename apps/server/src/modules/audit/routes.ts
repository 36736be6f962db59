import {
  AuditEventsExportQuerySchema,
  ListAuditEventsQuerySchema,
  ListAuditEventsResponseSchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvAttachment } from '../../lib/csv';
import { streamCsv } from '../../lib/csv-response';
import { BEARER, errorResponses, mediaResponse } from '../../lib/openapi';
import { sessionOf } from '../../plugins/auth';
import { exportAudit, listAudit } from './service';

// No `apiKeyScope`: the audit log is for signed-in owners and admins (an API key answers 403).
const errors = errorResponses(400, 401, 403, 429);
const FILTERS =
  'Filter by `action`, `area` (the part before the dot: `auth`, `organisation`, `api_key`…), `actor_id` or `actor_email`, and `created_after` / `created_before` (exclusive).';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit-events',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'listAuditEvents',
        summary: 'The organisation’s audit log, newest first (owners and admins)',
        description: `Who did what and when: sign-ins, settings changes, API keys and more; append-only, kept at least a year. ${FILTERS} Pass \`next_cursor\` back as \`cursor\`.`,
        tags: ['audit'],
        security: BEARER,
        querystring: ListAuditEventsQuerySchema,
        response: { 200: ListAuditEventsResponseSchema, ...errors },
      },
    },
    async (request) => listAudit(app, sessionOf(request), request.query),
  );

  app.get(
    '/audit-events/export',
    {
      preHandler: app.authenticate,
      config: { rateLimit: 'exports' },
      schema: {
        operationId: 'exportAuditEvents',
        summary: 'The audit log lines matching the filters as CSV, streamed (owners and admins)',
        description: `${FILTERS} The CSV is an attachment; errors are JSON like everywhere else.`,
        tags: ['audit'],
        security: BEARER,
        querystring: AuditEventsExportQuerySchema,
        response: { 200: mediaResponse('text/csv', 'CSV, one row per audit line'), ...errors },
      },
    },
    async (request, reply) =>
      streamCsv(reply, csvAttachment('giftrelay-audit-log'), exportAudit(app, sessionOf(request), request.query)),
  );
};
