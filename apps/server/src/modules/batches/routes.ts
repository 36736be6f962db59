import {
  BATCH_FIELD_ALIASES,
  BATCH_MAX_ROWS,
  type BatchField,
  BatchIdParamsSchema,
  BatchPreviewSchema,
  BatchResponseSchema,
  CreateBatchBodySchema,
  CreateBatchQuerySchema,
  CsvError,
  csvToBatchRows,
  DecideBatchBodySchema,
  guessBatchColumns,
  ListBatchesQuerySchema,
  ListBatchesResponseSchema,
  ListBatchRowsQuerySchema,
  ListBatchRowsResponseSchema,
  listPage,
  RECIPIENT_BATCH_FIELDS,
  REQUIRED_BATCH_FIELDS,
  RequiredIdempotencyKeyHeaderSchema,
  readCsv,
} from '@giftrelay/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvAttachment } from '../../lib/csv';
import { streamCsv } from '../../lib/csv-response';
import { validationError } from '../../lib/errors';
import { BEARER, BODY_ERRORS, errorResponses, mediaResponse } from '../../lib/openapi';
import { sessionOf } from '../../plugins/auth';
import { sendStoredAnswer } from '../idempotency';
import { decideBatch } from './approvals';
import { createBatch, previewBatch } from './create-batch';
import { exportBatchRows, getBatch, listBatches, listBatchRows } from './read-batches';

const errors = errorResponses(400, 401, 403, 429);
/** 10,000 rows of JSON or CSV, with room for long messages. */
const BATCH_BODY_LIMIT = 8 * 1024 * 1024;

const CREATE_DESCRIPTION = `Up to ${BATCH_MAX_ROWS} rows, as JSON (this body) or as a CSV file (\`Content-Type: text/csv\`, a heading line naming the columns — ${REQUIRED_BATCH_FIELDS.join(', ')} required, and email or phone (a row needs one of them, or both: a row with only a phone is sent by text, one with neither is invalid with \`RECIPIENT_REQUIRED\`); product_code required unless the batch names \`default_product_code\`, the product for rows without one (a row's own code overrides it); quantity, recipient_name, message, send_at optional — and the batch's options in the query). Rows are numbered as a spreadsheet shows them: the heading is line 1, the first row line 2 (\`line\` in the answers, the errors and the export). Every row is checked; a bad row is kept with its errors (\`status: invalid\`) and never blocks the others; a cell with NUL, another control character (line breaks only in message) or an unpaired surrogate refuses the whole request with 400 naming its line, and nothing is written. \`all_or_nothing\` (the default) holds the valid rows' total at once, or answers 402 \`INSUFFICIENT_FUNDS\` and writes nothing; \`send_what_fits\` holds row by row and marks rows the balance cannot cover \`insufficient_funds\`. A sender's batch that an approval rule catches waits (\`pending_approval\`). Answers 202: follow it with GET /api/v1/batches/{id}; \`batch.completed\` is sent when every order has settled. \`Idempotency-Key\` is required: the same key and body answer the first answer again.`;

/** Bulk batches (issue 16, decision 043). */
export const batchRoutes: FastifyPluginAsyncZod = async (app) => {
  // A CSV body becomes the JSON body's `rows`, so the same schema checks both.
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: BATCH_BODY_LIMIT }, (request, body, done) => {
    try {
      // Only whether a default product is named, to know if the file needs a product column; the
      // query schema checks its value before the handler runs.
      const query = request.query as Record<string, unknown> | undefined;
      const hasDefault = Boolean(query?.default_product_code || query?.default_choice_set_id);
      done(null, { rows: rowsOfCsv(body as string, hasDefault) });
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  app.post(
    '/batches',
    {
      // Before the body: a caller who is not signed in never gets 8 MB read and parsed.
      onRequest: app.authenticate,
      bodyLimit: BATCH_BODY_LIMIT,
      config: { apiKeyScope: 'orders:write', rateLimit: 'orders' },
      schema: {
        operationId: 'createBatch',
        summary: 'Send rewards in bulk: up to 10,000 rows, each checked, accepted at once',
        description: CREATE_DESCRIPTION,
        tags: ['batches'],
        security: BEARER,
        headers: RequiredIdempotencyKeyHeaderSchema,
        querystring: CreateBatchQuerySchema,
        body: CreateBatchBodySchema,
        response: { 202: BatchResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS, 402, 409, 422) },
      },
    },
    async (request, reply) =>
      sendStoredAnswer(
        reply,
        await createBatch(app, request.auth, { ...request.query, ...request.body }, request.headers['idempotency-key']),
      ),
  );

  app.post(
    '/batches/preview',
    {
      onRequest: app.authenticate,
      bodyLimit: BATCH_BODY_LIMIT,
      config: { apiKeyScope: 'orders:write', rateLimit: 'orders' },
      schema: {
        operationId: 'previewBatch',
        summary: 'Check a batch without sending it: each row’s problems, the total, the balance after',
        description: 'The same body (JSON or CSV) and checks as POST /api/v1/batches; nothing is written.',
        tags: ['batches'],
        security: BEARER,
        querystring: CreateBatchQuerySchema,
        body: CreateBatchBodySchema,
        response: { 200: BatchPreviewSchema, ...errors, ...errorResponses(...BODY_ERRORS, 409) },
      },
    },
    async (request) => previewBatch(app, request.auth, { ...request.query, ...request.body }),
  );

  app.get(
    '/batches',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:read' },
      schema: {
        operationId: 'listBatches',
        summary: 'The organisation’s batches, newest first, with their counts',
        tags: ['batches'],
        security: BEARER,
        querystring: ListBatchesQuerySchema,
        response: { 200: ListBatchesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const page = await listBatches(app, request.auth.organisationId, request.query);
      return { success: true as const, ...listPage(page.batches, page.next_cursor) };
    },
  );

  app.get(
    '/batches/:id',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:read' },
      schema: {
        operationId: 'getBatch',
        summary: 'One batch: its status and counts (rows accepted, delivered, failed…)',
        tags: ['batches'],
        security: BEARER,
        params: BatchIdParamsSchema,
        response: { 200: BatchResponseSchema, ...errors, ...errorResponses(404) },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await getBatch(app, request.auth.organisationId, request.params.id)),
    }),
  );

  app.get(
    '/batches/:id/rows',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:read' },
      schema: {
        operationId: 'listBatchRows',
        summary: 'A batch’s rows in upload order: each row’s result, errors and order',
        tags: ['batches'],
        security: BEARER,
        params: BatchIdParamsSchema,
        querystring: ListBatchRowsQuerySchema,
        response: { 200: ListBatchRowsResponseSchema, ...errors, ...errorResponses(404) },
      },
    },
    async (request) => {
      const page = await listBatchRows(app, request.auth.organisationId, request.params.id, request.query);
      return { success: true as const, ...listPage(page.rows, page.next_cursor) };
    },
  );

  app.get(
    '/batches/:id/rows/export',
    {
      preHandler: app.authenticate,
      config: { apiKeyScope: 'orders:read', rateLimit: 'exports' },
      schema: {
        operationId: 'exportBatchRows',
        summary: 'Every row of a batch with its result, as CSV',
        tags: ['batches'],
        security: BEARER,
        params: BatchIdParamsSchema,
        response: { 200: mediaResponse('text/csv', 'CSV, one line per row'), ...errors, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      streamCsv(
        reply,
        csvAttachment('giftrelay-batch'),
        exportBatchRows(app, request.auth.organisationId, request.params.id),
      ),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/batches/:id/${decision}`,
      {
        preHandler: app.authenticate,
        schema: {
          operationId: decision === 'approve' ? 'approveBatch' : 'rejectBatch',
          summary:
            decision === 'approve'
              ? 'Approve a waiting batch: its rows become orders'
              : 'Reject a waiting batch with a note: its hold is released',
          description:
            '403 `FORBIDDEN` for one’s own batch; 409 `CONFLICT` when the batch is not waiting (never needed approval, already decided, or waited 7 days and was rejected).',
          tags: ['batches'],
          security: BEARER,
          params: BatchIdParamsSchema,
          body: DecideBatchBodySchema.nullish(),
          response: { 200: BatchResponseSchema, ...errors, ...errorResponses(...BODY_ERRORS, 404, 409) },
        },
      },
      async (request) => ({
        success: true as const,
        ...(await decideBatch(app, sessionOf(request), request.params.id, decision, request.body?.note)),
      }),
    );
  }
};

/** A CSV body's rows, by its heading line; 400 for a file that cannot be read or lacks a column. */
function rowsOfCsv(text: string, hasDefaultProduct: boolean) {
  let lines: string[][];
  try {
    lines = readCsv(text, { maxRows: BATCH_MAX_ROWS + 1 });
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    throw validationError(`body: the CSV cannot be read: ${err.message}`, [{ path: 'body', message: err.message }]);
  }
  const [headings, ...rows] = lines;
  if (!headings || !rows.length) {
    const message = 'the CSV needs a heading line and at least one row';
    throw validationError(`body: ${message}`, [{ path: 'body', message }]);
  }
  const columns = guessBatchColumns(headings);
  // A choice_set column (decision 080) stands in for the product column.
  const required =
    hasDefaultProduct || columns.choice_set !== undefined
      ? REQUIRED_BATCH_FIELDS
      : [...REQUIRED_BATCH_FIELDS, 'product_code' as const];
  const missing: string[] = required.filter((f) => columns[f] === undefined);
  // A recipient's column (decision 088): email, phone, or both.
  if (RECIPIENT_BATCH_FIELDS.every((f) => columns[f] === undefined)) missing.unshift('email or phone');
  if (missing.length) {
    const aliases = (f: string) =>
      f === 'email or phone'
        ? RECIPIENT_BATCH_FIELDS.map((r) => BATCH_FIELD_ALIASES[r].join(' / ')).join(' or ')
        : BATCH_FIELD_ALIASES[f as BatchField].join(' / ');
    const message = `the CSV has no column for ${missing.join(', ')} (headings accepted: ${missing.map(aliases).join('; ')})`;
    throw validationError(`body: ${message}`, [{ path: 'body', message }]);
  }
  return csvToBatchRows(rows, columns);
}
