import type { BankTransfer, RecordBankTransferBodySchema } from '@giftrelay/contracts';
import { addDays, utcDay } from '@giftrelay/contracts';
import { formatMoney, parseAmount, toMajor } from '@giftrelay/money';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { bankReference } from '../../lib/bank-transfer';
import { renderEmail } from '../../lib/email/layout';
import { AppError, validationError } from '../../lib/errors';
import { recordAudit } from '../audit';
import { credit } from '../card-funding';
import { organisationBilling } from '../ledger';
import { ownerEmails } from '../members';
import * as repo from './repository';

type Body = z.output<typeof RecordBankTransferBodySchema>;

/** How far back a transfer may be dated: a statement reconciled late, not a typo of the year. */
const OLDEST_DAYS = 400;

function present(row: repo.TransferRow): BankTransfer {
  const minor = Number(row.amount_minor);
  return {
    id: row.id,
    organisation_id: row.organisation_id,
    organisation_name: row.organisation_name,
    organisation_reference: bankReference(row.organisation_id),
    amount: toMajor(minor, row.currency),
    amount_minor: minor,
    currency: row.currency,
    bank_reference: row.bank_reference,
    received_on: row.received_on,
    note: row.note,
    recorded_by_email: row.recorded_by_email,
    created_at: row.created_at.toISOString(),
  };
}

export async function listTransfers(app: FastifyInstance) {
  return { success: true as const, data: (await repo.recentTransfers(app.db, 100)).map(present) };
}

/**
 * Records a bank transfer received for a live organisation and credits its balance through the
 * shared credit path (which pays a shortfall first and unfreezes sending). Once per bank reference.
 */
export async function recordTransfer(app: FastifyInstance, operatorId: string, body: Body) {
  const today = utcDay();
  // A day ahead is allowed: the bank's date may be in a time zone ahead of UTC.
  if (body.received_on > addDays(today, 1) || body.received_on < addDays(today, -OLDEST_DAYS)) {
    const message = `received_on must be within the last ${OLDEST_DAYS} days, and not in the future`;
    throw validationError(`body.received_on: ${message}`, [{ path: 'body.received_on', message }]);
  }
  // References are not stored: each is a hash of the organisation's id, and only live
  // organisations (few, each approved by an operator) can receive transfers.
  const matches = (await repo.liveOrganisations(app.db)).filter(
    (o) => bankReference(o.id) === body.organisation_reference,
  );
  // Two organisations sharing a reference (about 1 in 200,000 at 100,000: decision 047) are
  // never guessed between: the transfer is matched by hand, with the sender's details.
  if (matches.length > 1) {
    throw new AppError(
      'CONFLICT',
      `${matches.length} live organisations share the reference ${body.organisation_reference}: match this transfer by the sender's details and contact engineering`,
    );
  }
  const organisation = matches[0];
  if (!organisation) {
    throw new AppError('NOT_FOUND', `No live organisation quotes the reference ${body.organisation_reference}`, [
      { path: 'body.organisation_reference', message: 'no live organisation quotes this reference' },
    ]);
  }
  const id = await app.db.transaction().execute(async (tx) => {
    const earlier = await repo.findByBankReference(tx, body.bank_reference);
    if (earlier) throw alreadyRecorded(body.bank_reference);
    const { billing_currency: currency } = await organisationBilling(tx, organisation.id);
    const amountMinor = parseAmount(body.amount, currency, { exact: true });
    if (!amountMinor) {
      const message = `amount must be a positive amount of ${currency} with at most its ${currency === 'JPY' ? 0 : 2} decimals`;
      throw validationError(`body.amount: ${message}`, [{ path: 'body.amount', message }]);
    }
    const credited = await credit(tx, organisation.id, {
      kind: 'funding',
      amountMinor,
      description: `Bank transfer received (${body.bank_reference})`,
      source: 'bank_transfer',
      detail: { bank_reference: body.bank_reference },
    });
    const inserted = await repo.insertTransfer(tx, {
      organisationId: organisation.id,
      amountMinor,
      currency,
      bankReference: body.bank_reference,
      receivedOn: body.received_on,
      note: body.note || null,
      recordedBy: operatorId,
      creditEntryId: credited.entryId,
    });
    // Recorded at the same moment by another operator: this credit rolls back.
    if (!inserted) throw alreadyRecorded(body.bank_reference);
    await recordAudit(tx, {
      organisationId: organisation.id,
      action: 'balance.topped_up',
      userId: operatorId,
      apiKeyId: null,
      detail: { amount_minor: amountMinor, currency, source: 'bank_transfer', bank_reference: body.bank_reference },
    });
    const amount = formatMoney(amountMinor, currency);
    for (const email of await ownerEmails(tx, organisation.id)) {
      await app.mail.send(
        {
          to: email,
          subject: `${amount} received by bank transfer`,
          ...renderEmail({
            preview: `${amount} is in ${organisation.name}'s balance.`,
            heading: 'Your bank transfer arrived',
            paragraphs: [
              `We received ${amount} by bank transfer on ${body.received_on} (bank reference ${body.bank_reference}) and added it to ${organisation.name}'s balance.`,
              ...(credited.recoveredMinor > 0
                ? [
                    `${formatMoney(credited.recoveredMinor, currency)} of it paid the shortfall left by a card refund or dispute.${credited.unfrozen ? ' Sending is open again.' : ''}`,
                  ]
                : []),
            ],
            action: { label: 'Open Billing', url: `${app.config.publicUrl}/billing` },
          }),
        },
        { db: tx },
      );
    }
    return inserted;
  });
  return { success: true as const, transfer: present(await repo.findTransfer(app.db, id)) };
}

const alreadyRecorded = (reference: string) =>
  new AppError('CONFLICT', `The transfer with bank reference ${reference} is already recorded: it was credited once`);
