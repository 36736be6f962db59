import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { expireDueRewards } from './expire-rewards';

/**
 * A clock seam for the browser journeys (decision 081), registered only with APP_ENV=test and
 * hidden from the OpenAPI document: the end-to-end server is another process on PGlite, so a
 * journey cannot move an order's expiry back as the integration tests do. This moves the order's
 * `expires_at` to a second ago and runs the expiry sweep, exactly as the sweep runs. No session:
 * every API route needs a role rule in the public contract (decision 032), and this one is no
 * part of the API; a test instance's orders are play money, and the id is unguessable.
 */
export const expiryTestHooks: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/orders/:id/expire',
    {
      schema: { hide: true, params: z.object({ id: z.uuid('id must be an order id') }) },
    },
    async (request) => {
      const { rows } = await sql<{ id: string }>`
        UPDATE orders SET expires_at = now() - interval '1 second'
        WHERE id = ${request.params.id} AND expires_at IS NOT NULL AND expired_at IS NULL
        RETURNING id`.execute(app.db);
      if (!rows.length) throw notFound('Order');
      return { success: true, report: await expireDueRewards(app) };
    },
  );
};
