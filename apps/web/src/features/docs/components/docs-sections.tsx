import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CodeBlock } from '@/components/ui/code-block';
import { PlainSpinner } from '@/components/ui/plain-spinner';
import { paths } from '@/config/paths';
import { deferredPart } from '@/lib/deferred-part';
import { getPublicUrl } from '@/lib/public-url';
import { type DocsTab, OVERVIEW_EXAMPLES, PLACEHOLDERS } from '../example-basics';
import { ApiExampleBlock } from './api-example';
import type { ReferenceTab } from './docs-reference';
import { Code } from './inline-code';

// The code apps/server/test/sdk.test.ts runs against the real server.
const SDK_EXAMPLE = `import { createClient } from '@giftrelay/sdk';

const api = createClient({ baseUrl: '${getPublicUrl()}', token: process.env.GIFTRELAY_TOKEN });

const { data: catalog } = await api.GET('/api/v1/products', {
  params: { query: { country: 'US', currency: 'USD' } },
});
const product = catalog?.data.find((p) => p.denominations === null && p.minValue <= 25 && p.maxValue >= 25);
if (!product) throw new Error('No card for 25 USD');

const { data: order, error } = await api.POST('/api/v1/orders', {
  params: { header: { 'idempotency-key': 'referral-bonus-8841' } },
  body: { product_code: product.code, amount: 25, email: 'sam@example.com', quantity: 1 },
});
if (error) throw new Error(\`\${error.code}: \${error.error}\`);

const { data: detail } = await api.GET('/api/v1/orders/{id}', { params: { path: { id: order.order_id } } });`;

function Overview() {
  return (
    <>
      <p>
        The GiftRelay API sends digital rewards from your own systems: the same catalogue, orders and balance as the web
        app. It speaks JSON over HTTPS under <Code>{`${getPublicUrl()}/api/v1`}</Code>.
      </p>
      <h3 className="mt-8 text-lg font-semibold">Conventions</h3>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        <li>
          Send <Code>Authorization: Bearer &lt;API key&gt;</Code> (or a session’s access token) with every request that
          acts for your organisation (see Auth).
        </li>
        <li>
          Successful answers include <Code>"success": true</Code>. Failures are{' '}
          <Code>{'{"success": false, "error": "…", "code": "…"}'}</Code> with a stable code (see Errors).
        </li>
        <li>
          Amounts are numbers in the major unit of the currency they are labelled with (25.5 is 25.50). Beside each one,
          the same amount in integer minor units (<Code>amount_minor</Code>, <Code>fee_minor</Code>,{' '}
          <Code>total_minor</Code>, <Code>available_minor</Code>, …: 2563 is 25.63 USD) spares you decimal arithmetic.
          Fees are 2.5% of the subtotal, rounded half-up to the cent.
        </li>
        <li>
          Lists answer <Code>{'{"success": true, "data": […], "has_more": …, "next_cursor": …}'}</Code>: while{' '}
          <Code>has_more</Code> is true, pass <Code>next_cursor</Code> as <Code>cursor</Code> for the next page. The
          former keys (<Code>products</Code>, <Code>orders</Code>) still hold the same items but are deprecated and go
          in the next release: read <Code>data</Code>.
        </li>
        <li>
          Every answer carries an <Code>X-Request-Id</Code> header: yours when you send one (1 to 128 letters, digits
          and <Code>. _ : -</Code>), else one we make. Quote it when you report a problem.
        </li>
        <li>
          Authenticated requests are rate limited per organisation, with their own budgets for sending orders and for
          exports. Each answer says where you stand in <Code>RateLimit-Limit</Code>, <Code>RateLimit-Remaining</Code>{' '}
          and <Code>RateLimit-Reset</Code> (seconds until the budget is whole again); past it, 429{' '}
          <Code>RATE_LIMITED</Code> with <Code>Retry-After</Code>.
        </li>
        <li>
          Retries are safe for orders sent with an <Code>Idempotency-Key</Code> header (see Create Order).
        </li>
        <li>Another organisation’s object answers 404, exactly like one that does not exist.</li>
      </ul>
      <p className="mt-4">
        The examples use <Code>$GIFTRELAY_TOKEN</Code> for your access token. Words in capitals stand for values you
        fill in:{' '}
        {Object.entries(PLACEHOLDERS).map(([name, meaning], i) => (
          <span key={name}>
            {i > 0 && '; '}
            <Code>{name}</Code> is {meaning}
          </span>
        ))}
        .
      </p>
      <h3 id="sdk" className="mt-8 text-lg font-semibold">
        SDK
      </h3>
      <p className="mt-3">
        <Code>@giftrelay/sdk</Code> is a typed TypeScript client generated from the OpenAPI document (
        <Code>/api/openapi.json</Code>): paths, parameters, bodies and answers, errors included, are checked by the
        compiler.
      </p>
      <CodeBlock code={SDK_EXAMPLE} language="ts" />
      <h3 id="security" className="mt-8 text-lg font-semibold">
        Security
      </h3>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        <li>
          Access tokens are short-lived signed JWTs; refresh tokens rotate on every use, and reusing an old one ends the
          session.
        </li>
        <li>
          Passwords are stored as argon2id hashes. Gift-card codes are encrypted at rest and never written to logs.
        </li>
        <li>Claim links carry an unguessable token of at least 128 random bits.</li>
        <li>Sign-in, sign-up and password resets are rate limited per account and per address.</li>
        <li>
          We keep only what sending a reward needs; our <Link to={paths.privacy}>privacy policy</Link> lists it.
        </li>
      </ul>
      {OVERVIEW_EXAMPLES.map((e) => (
        <ApiExampleBlock key={e.id} example={e} />
      ))}
    </>
  );
}

/**
 * The sections after the Overview, with their examples (most of the page's code): in the page's
 * HTML, but their code loads only when a reader turns to them (decision 053).
 */
export const docsReference = deferredPart('docs-reference', () =>
  import('./docs-reference').then((m) => m.DocsReference),
);

const reference = (tab: ReferenceTab) => () => (
  <docsReference.Part tab={tab} fallback={<PlainSpinner label="Loading the section" />} />
);

export const DOCS_SECTIONS: { id: DocsTab; label: string; title: string; Content: () => ReactNode }[] = [
  { id: 'overview', label: 'Overview', title: 'Overview', Content: Overview },
  { id: 'auth', label: 'Auth', title: 'Authentication', Content: reference('auth') },
  { id: 'list-products', label: 'List Products', title: 'List products', Content: reference('list-products') },
  { id: 'create-order', label: 'Create Order', title: 'Create an order', Content: reference('create-order') },
  { id: 'choice', label: 'Choice & Expiry', title: 'Recipient’s choice and expiry', Content: reference('choice') },
  { id: 'reports', label: 'Orders & Reports', title: 'Order history and reports', Content: reference('reports') },
  { id: 'webhooks', label: 'Webhooks', title: 'Webhooks and events', Content: reference('webhooks') },
  { id: 'errors', label: 'Errors', title: 'Errors', Content: reference('errors') },
  { id: 'ai-agents', label: 'AI agents', title: 'AI agents (MCP)', Content: reference('ai-agents') },
];
