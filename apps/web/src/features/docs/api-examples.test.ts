import { ERROR_CODES } from '@giftrelay/contracts';
import { describe, expect, it } from 'vitest';
import { API_EXAMPLES, DOCUMENTED_ERRORS, toCurl } from './api-examples';

describe('the documented API examples', () => {
  it('have unique ids and cover every tab that has requests', () => {
    const ids = API_EXAMPLES.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(API_EXAMPLES.map((e) => e.tab))).toEqual(
      new Set(['overview', 'auth', 'list-products', 'create-order', 'choice', 'reports', 'errors']),
    );
  });

  it('only use paths of our API and error codes the server can send', () => {
    for (const e of API_EXAMPLES) {
      expect(e.path).toMatch(/^\/api\/(v1\/|health$|openapi\.json$)/);
      const code = (e.response.body as { code?: string }).code;
      if (code) expect(ERROR_CODES).toContain(code);
    }
    for (const e of DOCUMENTED_ERRORS) expect(ERROR_CODES).toContain(e.code);
  });

  it('turn into curl commands a shell runs as written', () => {
    const order = API_EXAMPLES.find((e) => e.id === 'create-order');
    expect(order && toCurl(order, 'https://gifts.example.com')).toBe(
      [
        "curl -sS -X POST 'https://gifts.example.com/api/v1/orders'",
        '  -H "Authorization: Bearer $GIFTRELAY_TOKEN"',
        "  -H 'Content-Type: application/json'",
        "  -H 'Idempotency-Key: referral-bonus-8841'",
        `  -d '{"product_code":"PRODUCT_CODE","amount":25,"email":"sam@example.com","quantity":1,"message":"Thanks for the referral!"}'`,
      ].join(' \\\n'),
    );
    // A single quote inside a body would end the shell's quoting.
    for (const e of API_EXAMPLES) expect(JSON.stringify(e.body ?? '')).not.toContain("'");
  });
});
