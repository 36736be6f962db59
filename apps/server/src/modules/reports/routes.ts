import {
  AnalyticsQuerySchema,
  AnalyticsSchema,
  DashboardChartsSchema,
  DashboardQuerySchema,
  DashboardSchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvAttachment } from '../../lib/csv';
import { streamCsv } from '../../lib/csv-response';
import { BEARER, errorResponses, mediaResponse } from '../../lib/openapi';
import { analyticsCsv } from './export';
import { analytics, dashboard, dashboardCharts } from './service';

const errors = errorResponses(400, 401, 403, 429);

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:read' },
      schema: {
        operationId: 'getDashboard',
        summary: 'This month’s figures and the latest orders',
        tags: ['reports'],
        security: BEARER,
        querystring: DashboardQuerySchema,
        response: { 200: DashboardSchema, ...errors },
      },
    },
    async (request) => dashboard(app, request.auth.organisationId, request.query),
  );

  app.get(
    '/dashboard/charts',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:read' },
      schema: {
        operationId: 'getDashboardCharts',
        summary: 'Load by day, top brands and top recipients over the last 30 days',
        tags: ['reports'],
        security: BEARER,
        querystring: DashboardQuerySchema,
        response: { 200: DashboardChartsSchema, ...errors },
      },
    },
    async (request) => dashboardCharts(app, request.auth.organisationId, request.query),
  );

  app.get(
    '/analytics',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:read' },
      schema: {
        operationId: 'getAnalytics',
        summary: 'Spend over time and by brand, category and country; fees; rewards claimed',
        tags: ['reports'],
        security: BEARER,
        querystring: AnalyticsQuerySchema,
        response: { 200: AnalyticsSchema, ...errors },
      },
    },
    async (request) => analytics(app, request.auth.organisationId, request.query),
  );

  app.get(
    '/analytics/export',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:read', rateLimit: 'exports' },
      schema: {
        operationId: 'exportAnalytics',
        summary: 'The analytics for the range as CSV',
        description: 'The CSV is an attachment; errors are JSON like everywhere else.',
        tags: ['reports'],
        security: BEARER,
        querystring: AnalyticsQuerySchema,
        response: { 200: mediaResponse('text/csv', 'CSV: section, key, spend, fees, orders'), ...errors },
      },
    },
    async (request, reply) => {
      const figures = await analytics(app, request.auth.organisationId, request.query);
      // A sandbox export says so in its name: its figures are not real spend.
      const name = request.query.mode === 'sandbox' ? 'giftrelay-analytics-sandbox' : 'giftrelay-analytics';
      return streamCsv(reply, csvAttachment(name), analyticsCsv(figures));
    },
  );
};
