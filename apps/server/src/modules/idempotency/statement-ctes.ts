/**
 * The idempotency keys' part of the order's single statement (decision 012): CTEs that
 * orders/place-order-statement.ts splices into its text, so only this module writes
 * `idempotency_keys` (decision 065) and an order stays one round trip. Every argument is SQL text
 * (a typed placeholder or an expression of the caller's), never a value.
 */

/** `prior`: the key's earlier answer, if any (request_hash, response_status, response_body, expired). */
export function priorAnswerCte(x: { organisation: string; key: string }): string {
  return `prior AS (
  SELECT request_hash, response_status, response_body, expires_at <= now() AS expired
  FROM idempotency_keys WHERE organisation_id = ${x.organisation} AND key = ${x.key}
)`;
}

/** `k`: the answer stored for the key, as 201, written only when the CTE `from` returns a row. */
export function storeAnswerCte(x: {
  organisation: string;
  key: string;
  requestHash: string;
  body: string;
  keepHours: string;
  from: string;
}): string {
  return `k AS (
  INSERT INTO idempotency_keys (organisation_id, key, request_hash, response_status, response_body, expires_at)
  SELECT ${x.organisation}, ${x.key}, ${x.requestHash}, 201,
         ${x.body},
         now() + make_interval(hours => ${x.keepHours})
  FROM ${x.from}
)`;
}
