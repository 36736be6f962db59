import {
  AnalyticsQuerySchema,
  AnalyticsSchema,
  DashboardChartsSchema,
  DashboardSchema,
  ErrorBodySchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvAttachment } from '../../lib/csv';
import { streamCsv } from '../../lib/csv-response';
import { analyticsCsv } from './export';
import { analytics, dashboard, dashboardCharts } from './service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'This month’s figures and the latest orders',
        tags: ['reports'],
        security: [{ bearerAuth: [] }],
        response: { 200: DashboardSchema, ...errors },
      },
    },
    async (request) => dashboard(app, request.auth.organisationId),
  );

  app.get(
    '/dashboard/charts',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'Load by day, top brands and top recipients over the last 30 days',
        tags: ['reports'],
        security: [{ bearerAuth: [] }],
        response: { 200: DashboardChartsSchema, ...errors },
      },
    },
    async (request) => dashboardCharts(app, request.auth.organisationId),
  );

  app.get(
    '/analytics',
    {
      preHandler: app.authenticate,
      schema: {
        summary: 'Spend over time and by brand, category and country; fees; rewards claimed',
        tags: ['reports'],
        security: [{ bearerAuth: [] }],
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
      schema: {
        summary: 'The analytics for the range as CSV',
        tags: ['reports'],
        security: [{ bearerAuth: [] }],
        querystring: AnalyticsQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV: section, key, spend, fees, orders'), ...errors },
      },
    },
    async (request, reply) => {
      const figures = await analytics(app, request.auth.organisationId, request.query);
      return streamCsv(reply, csvAttachment('giftrelay-analytics'), analyticsCsv(figures));
    },
  );
};
