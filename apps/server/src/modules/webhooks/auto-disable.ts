import { WEBHOOK_AUTO_DISABLE_DAYS } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { renderEmail } from '../../lib/email/layout';
import type { OutgoingEmail } from '../../plugins/mail';
import { recordAudit } from '../audit';
import * as repo from './repository-health';

/** Endpoints disabled per transaction; a sweep goes on until none is left. */
const BATCH = 50;

/**
 * Disables every endpoint that has had no 2xx for WEBHOOK_AUTO_DISABLE_DAYS since its first
 * failure, and emails the organisation's owners, in the transaction that disables it: once per
 * disable, however many processes sweep (decision 029). Run by housekeeping's sweep.
 */
export async function disableFailingEndpoints(app: FastifyInstance): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await app.db.transaction().execute(async (tx) => {
      const disabled = await repo.disableFailing(tx, WEBHOOK_AUTO_DISABLE_DAYS, BATCH);
      for (const endpoint of disabled) {
        const org = await repo.organisationOwners(tx, endpoint.organisation_id);
        for (const to of org.emails)
          await app.mail.send(endpointDisabledEmail(app, to, org.name, endpoint), { db: tx });
        await recordAudit(tx, {
          organisationId: endpoint.organisation_id,
          action: 'webhook_endpoint.disabled',
          userId: null,
          detail: { endpoint_id: endpoint.id, reason: 'failing', failing_since: endpoint.failing_since.toISOString() },
        });
      }
      return disabled.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Plain text in; the layout escapes it for HTML. The URL is the customer's own, shown as text, never a link. */
export function endpointDisabledEmail(
  app: FastifyInstance,
  to: string,
  organisation: string,
  endpoint: repo.DisabledEndpoint,
): OutgoingEmail {
  return {
    to,
    subject: 'GiftRelay disabled one of your webhook endpoints',
    ...renderEmail({
      preview: `Every delivery to it failed for ${WEBHOOK_AUTO_DISABLE_DAYS} days.`,
      heading: 'A webhook endpoint was disabled',
      paragraphs: [
        `Every delivery to a webhook endpoint of ${organisation} has failed since ${day(endpoint.failing_since)} (UTC), so after ${WEBHOOK_AUTO_DISABLE_DAYS} days without a successful answer we stopped sending events to it.`,
        'Events are still recorded. Once the endpoint answers again, enable it in Settings, then replay what it missed from its delivery log.',
      ],
      details: [
        { label: 'Endpoint', value: endpoint.url },
        ...(endpoint.description ? [{ label: 'Description', value: endpoint.description }] : []),
        { label: 'Disabled', value: endpoint.disabled_at.toISOString().replace(/\.\d+Z$/, 'Z') },
      ],
      action: { label: 'Open Settings', url: `${app.config.publicUrl}/settings` },
      footnotes: ['You get this email because you are an owner of this GiftRelay organisation.'],
    }),
  };
}
