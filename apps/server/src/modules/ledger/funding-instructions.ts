import type { FundingInstructions } from '@giftrelay/contracts';
import type { FastifyInstance } from 'fastify';
import { bankReference, displayAccount } from '../../lib/bank-transfer';
import { organisationBilling } from './repository';

/** How long a transfer takes to show, as the panel and the API say it. */
export const TRANSFER_PROCESSING_TIME =
  'Domestic transfers usually arrive in 1–2 business days, international (SWIFT) ones in 2–5. The funds show in your available balance once the transfer is matched to your reference.';

/**
 * GET /balance/funding-instructions: where a live organisation sends a bank transfer and the
 * reference that finds it (decision 047); a sandbox organisation is told transfers are for live
 * ones, and an instance without BANK_TRANSFER_* says it takes none.
 */
export async function fundingInstructions(app: FastifyInstance, organisationId: string): Promise<FundingInstructions> {
  const org = await organisationBilling(app.db, organisationId);
  const bank = app.config.bankTransfer;
  if (org.sandbox) return { success: true, bank_transfer: { status: 'sandbox' } };
  if (!bank) return { success: true, bank_transfer: { status: 'not_configured' } };
  return {
    success: true,
    bank_transfer: {
      status: 'available',
      currency: org.billing_currency,
      beneficiary: bank.beneficiary,
      bank_name: bank.bankName,
      account_number: displayAccount(bank.account),
      routing_number: bank.routing,
      swift_code: bank.swift,
      bank_address: bank.bankAddress,
      reference: bankReference(organisationId),
      processing_time: TRANSFER_PROCESSING_TIME,
    },
  };
}
