import {
  CreateLiveRequestBodySchema,
  DecideLiveRequestBodySchema,
  LiveRequestParamsSchema,
  LiveStatusSchema,
  OperatorLiveRequestResponseSchema,
  OperatorLiveRequestsQuerySchema,
  OperatorLiveRequestsResponseSchema,
  RejectLiveRequestBodySchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses } from '../../lib/openapi';
import { sessionOf } from '../../plugins/auth';
import { operatorGuard } from '../operators';
import {
  approveLiveRequest,
  listLiveRequests,
  liveStatus,
  rejectLiveRequest,
  requestLive,
  withdrawLiveRequest,
} from './service';

/** Sandbox and live (decision 045): the owner's request, and the operators' decision. */
export const liveModeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['organisation'];

  app.get(
    '/organisation/live',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'getLiveStatus',
        summary: 'Whether the organisation is in sandbox or live mode, and its latest request to go live',
        tags,
        security: BEARER,
        response: { 200: LiveStatusSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => liveStatus(app, request.auth.organisationId),
  );

  app.post(
    '/organisation/live-requests',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'requestLive',
        summary: 'Ask GiftRelay to take the organisation live (owners)',
        description:
          'A platform operator reviews the request. 409 `LIVE_UNAVAILABLE` when this instance has no real gift-card provider, `ALREADY_LIVE`, or `LIVE_REQUEST_PENDING` while one waits.',
        tags,
        security: BEARER,
        body: CreateLiveRequestBodySchema,
        response: { 200: LiveStatusSchema, ...errorResponses(...BODY_ERRORS, 401, 403, 409, 429) },
      },
    },
    async (request) => requestLive(app, sessionOf(request), request.body),
  );

  app.delete(
    '/organisation/live-requests/pending',
    {
      preHandler: app.authenticate,
      schema: {
        operationId: 'withdrawLiveRequest',
        summary: 'Take back the waiting request to go live (owners)',
        tags,
        security: BEARER,
        response: { 200: LiveStatusSchema, ...errorResponses(401, 403, 409, 429) },
      },
    },
    async (request) => withdrawLiveRequest(app, sessionOf(request)),
  );

  // The operators' side: to anyone else these routes do not exist (404, decision 041).
  const guard = operatorGuard(app);
  const operatorId = (request: { auth: { userId: string | null } }) => request.auth.userId as string;
  const operatorTags = ['operators'];

  app.get(
    '/operator/live-requests',
    {
      onRequest: guard,
      schema: {
        operationId: 'listLiveRequests',
        summary: 'Requests to go live: the waiting ones oldest first (status=pending), or all newest first',
        tags: operatorTags,
        security: BEARER,
        querystring: OperatorLiveRequestsQuerySchema,
        response: { 200: OperatorLiveRequestsResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => listLiveRequests(app, request.query.status),
  );

  app.post(
    '/operator/live-requests/:id/approve',
    {
      onRequest: guard,
      schema: {
        operationId: 'approveLiveRequest',
        summary: 'Take the organisation live: its sandbox balance closes, a live one opens at zero, its test keys end',
        description:
          '409 `SANDBOX_WORK_IN_FLIGHT` while its sandbox orders or batches are unsettled, `NOT_PENDING` once decided or withdrawn, `LIVE_UNAVAILABLE` without a real provider.',
        tags: operatorTags,
        security: BEARER,
        params: LiveRequestParamsSchema,
        body: DecideLiveRequestBodySchema,
        response: { 200: OperatorLiveRequestResponseSchema, ...errorResponses(...BODY_ERRORS, 404, 409, 429) },
      },
    },
    async (request) => approveLiveRequest(app, operatorId(request), request.params.id, request.body.note ?? null),
  );

  app.post(
    '/operator/live-requests/:id/reject',
    {
      onRequest: guard,
      schema: {
        operationId: 'rejectLiveRequest',
        summary: 'Refuse a request to go live, telling the owner why',
        tags: operatorTags,
        security: BEARER,
        params: LiveRequestParamsSchema,
        body: RejectLiveRequestBodySchema,
        response: { 200: OperatorLiveRequestResponseSchema, ...errorResponses(...BODY_ERRORS, 404, 409, 429) },
      },
    },
    async (request) => rejectLiveRequest(app, operatorId(request), request.params.id, request.body.note),
  );
};
