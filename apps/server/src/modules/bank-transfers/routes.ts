import {
  BankTransferResponseSchema,
  ListBankTransfersResponseSchema,
  RecordBankTransferBodySchema,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER, BODY_ERRORS, errorResponses } from '../../lib/openapi';
import { operatorGuard } from '../operators';
import { listTransfers, recordTransfer } from './service';

/** Bank transfers received, recorded by GiftRelay's operators; 404 to anyone else (decision 041). */
export const bankTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = operatorGuard(app);
  const tags = ['operators'];

  app.get(
    '/operator/bank-transfers',
    {
      onRequest: guard,
      schema: {
        operationId: 'listBankTransfers',
        summary: 'The bank transfers recorded lately, newest first (100)',
        tags,
        security: BEARER,
        response: { 200: ListBankTransfersResponseSchema, ...errorResponses(404, 429) },
      },
    },
    async () => listTransfers(app),
  );

  app.post(
    '/operator/bank-transfers',
    {
      onRequest: guard,
      schema: {
        operationId: 'recordBankTransfer',
        summary: 'Record a bank transfer received for a live organisation, crediting its balance once',
        description:
          'The organisation is the live one quoting `organisation_reference` (404 when none does). `bank_reference` is the bank’s own reference: recording it again is 409 `CONFLICT`, never a second credit. A shortfall left by a card refund or dispute is paid first.',
        tags,
        security: BEARER,
        body: RecordBankTransferBodySchema,
        response: { 200: BankTransferResponseSchema, ...errorResponses(...BODY_ERRORS, 404, 409, 429) },
      },
    },
    async (request) => recordTransfer(app, request.auth.userId as string, request.body),
  );
};
