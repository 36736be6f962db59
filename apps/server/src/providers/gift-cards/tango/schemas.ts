import { z } from 'zod';

/**
 * The shapes of Tango Card's RaaS v2 answers that GiftRelay reads, as their public API
 * documentation shows them (https://developers.tangocard.com/reference). Only the fields used are
 * required; the rest pass. Amounts are in major units, as Tango sends them.
 */

export const TangoItemSchema = z.looseObject({
  utid: z.string(),
  rewardName: z.string(),
  currencyCode: z.string().length(3),
  status: z.string(),
  valueType: z.enum(['FIXED_VALUE', 'VARIABLE_VALUE']),
  rewardType: z.string().optional(),
  faceValue: z.number().nullish(),
  minValue: z.number().nullish(),
  maxValue: z.number().nullish(),
  countries: z.array(z.string()).default([]),
  redemptionInstructions: z.string().nullish(),
  lastUpdateDate: z.string().optional(),
});
export type TangoItem = z.infer<typeof TangoItemSchema>;

export const TangoBrandSchema = z.looseObject({
  brandKey: z.string(),
  brandName: z.string(),
  description: z.string().nullish(),
  shortDescription: z.string().nullish(),
  terms: z.string().nullish(),
  disclaimer: z.string().nullish(),
  status: z.string().optional(),
  categories: z.array(z.looseObject({ name: z.string() })).optional(),
  items: z.array(TangoItemSchema),
});
export type TangoBrand = z.infer<typeof TangoBrandSchema>;

/** GET /catalogs */
export const TangoCatalogSchema = z.looseObject({
  catalogName: z.string().optional(),
  brands: z.array(TangoBrandSchema),
});

const CredentialSchema = z.looseObject({
  label: z.string(),
  value: z.string(),
  type: z.string().optional(),
  credentialType: z.string().optional(),
});

/** An order, as POST /orders and GET /orders/{id} answer it. */
export const TangoOrderSchema = z.looseObject({
  referenceOrderID: z.string(),
  externalRefID: z.string().nullish(),
  utid: z.string(),
  status: z.string(),
  createdAt: z.string(),
  amount: z.looseObject({ value: z.number(), currencyCode: z.string() }),
  reward: z
    .looseObject({
      credentials: z.record(z.string(), z.string()).optional(),
      credentialList: z.array(CredentialSchema).optional(),
      redemptionInstructions: z.string().nullish(),
    })
    .nullish(),
});
export type TangoOrder = z.infer<typeof TangoOrderSchema>;

/** GET /orders?externalRefID=… */
export const TangoOrderListSchema = z.looseObject({
  page: z.looseObject({ number: z.number().optional(), totalCount: z.number().optional() }).optional(),
  orders: z.array(TangoOrderSchema),
});

/** GET /accounts/{accountIdentifier} */
export const TangoAccountSchema = z.looseObject({
  accountIdentifier: z.string(),
  currencyCode: z.string(),
  currentBalance: z.number(),
  status: z.string().optional(),
});

/** Every error answer: `httpCode`, `i18nKey`, `message`, and field errors for a 400. */
export const TangoErrorSchema = z.looseObject({
  timestamp: z.string().optional(),
  requestId: z.string().optional(),
  path: z.string().optional(),
  httpCode: z.number().optional(),
  httpPhrase: z.string().optional(),
  i18nKey: z.string().optional(),
  message: z.string().optional(),
  errors: z
    .array(
      z.looseObject({ path: z.string().optional(), i18nKey: z.string().optional(), message: z.string().optional() }),
    )
    .optional(),
});
export type TangoError = z.infer<typeof TangoErrorSchema>;

/** POST /orders: what GiftRelay sends (the contract test checks it against this). */
export const TangoOrderRequestSchema = z.strictObject({
  accountIdentifier: z.string().min(1),
  customerIdentifier: z.string().min(1),
  utid: z.string().min(1),
  amount: z.number().positive(),
  externalRefID: z.string().min(1).max(100),
  sendEmail: z.literal(false),
});
export type TangoOrderRequest = z.infer<typeof TangoOrderRequestSchema>;
