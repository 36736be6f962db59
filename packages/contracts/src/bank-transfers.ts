import { z } from 'zod';
import { AmountSchema, safeText } from './primitives';

/**
 * Bank transfers received (issue 17, decisions 045 and 047): a platform operator matches a
 * transfer on GiftRelay's bank statement to the organisation by the reference it quoted
 * (`GR-` and ten characters) and records it; the live balance is credited once per bank
 * transaction reference.
 */
export const ORGANISATION_REFERENCE = /^GR-[0-9A-HJKMNP-TV-Z]{10}$/;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const RecordBankTransferBodySchema = z
  .object({
    organisation_reference: z
      .string({ error: 'organisation_reference must be the reference the organisation quoted, such as GR-7K2M9QXW4B' })
      .max(40, 'organisation_reference must be the reference the organisation quoted, such as GR-7K2M9QXW4B')
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .refine(
        (v) => ORGANISATION_REFERENCE.test(v),
        'organisation_reference must be the reference the organisation quoted, such as GR-7K2M9QXW4B',
      ),
    amount: AmountSchema,
    received_on: z
      .string({ error: 'received_on must be the date the money arrived, as YYYY-MM-DD' })
      .max(10, 'received_on must be the date the money arrived, as YYYY-MM-DD')
      .refine(
        (v) =>
          DAY.test(v) &&
          !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
          new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
        'received_on must be the date the money arrived, as YYYY-MM-DD',
      ),
    bank_reference: safeText({
      max: 100,
      min: 1,
      required: 'bank_reference must be the bank’s own reference for the transaction',
      tooShort: 'bank_reference must be the bank’s own reference for the transaction',
    }),
    note: safeText({ max: 500, multiline: true }).optional(),
  })
  .strict();
export type RecordBankTransferBody = z.input<typeof RecordBankTransferBodySchema>;

export const BankTransferSchema = z.object({
  id: z.uuid(),
  organisation_id: z.uuid(),
  organisation_name: z.string(),
  organisation_reference: z.string(),
  amount: z.number(),
  amount_minor: z.number().int(),
  currency: z.string(),
  bank_reference: z.string(),
  received_on: z.string(),
  note: z.string().nullable(),
  recorded_by_email: z.string().nullable(),
  created_at: z.string(),
});
export type BankTransfer = z.infer<typeof BankTransferSchema>;

export const BankTransferResponseSchema = z.object({ success: z.literal(true), transfer: BankTransferSchema });
export const ListBankTransfersResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(BankTransferSchema),
});
