import { z } from 'zod';

/**
 * Platform operators (issue 14, decision 041): GiftRelay's own staff, who run the marketing studio
 * and approve going live. Not a role in a customer organisation: anyone else is answered 404, as
 * if these operations did not exist.
 */
export const OperatorSchema = z.object({
  user_id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  /** `granted`: by an operator (or as the instance's first verified account); `config`: OPERATOR_EMAILS. */
  source: z.enum(['granted', 'config']),
  /** When it was granted; null for `config`. */
  granted_at: z.string().nullable(),
  /** Who granted it; null for the first account, `config`, or once they are gone. */
  granted_by_email: z.string().nullable(),
});
export type Operator = z.infer<typeof OperatorSchema>;

export const ListOperatorsResponseSchema = z.object({
  success: z.literal(true),
  operators: z.array(OperatorSchema),
});
export type ListOperatorsResponse = z.infer<typeof ListOperatorsResponseSchema>;

export const OperatorStatusSchema = z.object({ success: z.literal(true), operator: z.literal(true) });

export const GrantOperatorBodySchema = z
  .object({
    email: z.email({ error: 'email must be the email address of a verified account' }).max(255),
  })
  .strict();
export type GrantOperatorBody = z.infer<typeof GrantOperatorBodySchema>;

export const OperatorParamsSchema = z.object({ user_id: z.uuid('user_id must be an account id') });

/**
 * `POST /api/v1/operator/bootstrap` (decision 056): the one-time token a production instance
 * without OPERATOR_EMAILS prints at start; a signed-in verified account redeems it once to become
 * the first operator.
 */
export const RedeemOperatorBootstrapBodySchema = z
  .object({
    token: z
      .string({ error: 'token must be the bootstrap token the server printed at start' })
      .trim()
      .min(1, 'token must be the bootstrap token the server printed at start')
      .max(200, 'token must be at most 200 characters'),
  })
  .strict();
export type RedeemOperatorBootstrapBody = z.infer<typeof RedeemOperatorBootstrapBodySchema>;
