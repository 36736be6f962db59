import {
  FundingInstructionsSchema,
  ListBalanceTransactionsQuerySchema,
  ListBalanceTransactionsResponseSchema,
  StatementQuerySchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { streamDownload } from '../../lib/csv-response';
import { BEARER, errorResponses } from '../../lib/openapi';
import { fundingInstructions } from './funding-instructions';
import { listTransactions } from './history';
import { StatementReader, statementCsv, statementFilename, statementPeriod } from './statement';
import { statementPdf } from './statement-pdf';

/** The balance's history, its statements and how to fund it by bank transfer (decision 047). */
export const balanceHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/balance/transactions',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'balance:read' },
      schema: {
        operationId: 'listBalanceTransactions',
        summary: 'The balance’s history: every movement of the available and held balances, newest first',
        description:
          'Each ledger entry with its movement on the available and the held balance and the available balance right after it. Filters: `kind` (repeat it, or separate kinds with commas), `from`/`to` (inclusive UTC days), `direction` and `order_id`; pass `next_cursor` back as `cursor`.',
        tags: ['balance'],
        security: BEARER,
        querystring: ListBalanceTransactionsQuerySchema,
        response: { 200: ListBalanceTransactionsResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => listTransactions(app, request.auth.organisationId, request.query),
  );

  app.get(
    '/balance/statement',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'balance:read', rateLimit: 'exports' },
      schema: {
        operationId: 'getBalanceStatement',
        summary: 'A statement of a period, as CSV or PDF: opening balance, every movement, closing balance, totals',
        description:
          '`from` and `to` are inclusive UTC days, at most 366 apart; a `to` after today means today, a `from` after today is 400. The file is an attachment named `giftrelay-statement-<from>-<to>.csv|pdf`; errors are JSON like everywhere else.',
        tags: ['balance'],
        security: BEARER,
        querystring: StatementQuerySchema,
        response: {
          200: {
            description: 'The statement: CSV (format=csv) or PDF (format=pdf)',
            content: {
              'text/csv': { schema: z.string() },
              'application/pdf': { schema: z.string().meta({ format: 'binary' }) },
            },
          },
          ...errorResponses(400, 401, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const period = statementPeriod(request.query);
      const reader = await StatementReader.open(app, request.auth.organisationId, period);
      const csv = request.query.format === 'csv';
      return streamDownload(
        reply,
        {
          contentType: csv ? 'text/csv; charset=utf-8' : 'application/pdf',
          disposition: `attachment; filename="${statementFilename(period, csv ? 'csv' : 'pdf')}"`,
        },
        csv ? statementCsv(reader) : statementPdf(reader),
      );
    },
  );

  app.get(
    '/balance/funding-instructions',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'balance:read' },
      schema: {
        operationId: 'getFundingInstructions',
        summary: 'How to fund the balance by bank transfer: the account, and the reference to quote',
        description:
          '`bank_transfer.status` is `available` with the details, `sandbox` for a sandbox organisation (bank transfers fund live ones), or `not_configured` when this instance takes none.',
        tags: ['balance'],
        security: BEARER,
        response: { 200: FundingInstructionsSchema, ...errorResponses(401, 403, 429) },
      },
    },
    async (request) => fundingInstructions(app, request.auth.organisationId),
  );
};
