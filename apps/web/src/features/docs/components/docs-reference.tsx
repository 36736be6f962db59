import { EVENT_EXAMPLES, EVENT_SUMMARIES } from '@giftrelay/contracts/event-examples';
import type { EventType } from '@giftrelay/contracts/events';
import { Link } from 'react-router';
import { CodeBlock } from '@/components/ui/code-block';
import { paths } from '@/config/paths';
import { getPublicUrl } from '@/lib/public-url';
import { API_EXAMPLES, DOCUMENTED_ERRORS, type DocsTab } from '../api-examples';
import { WEBHOOK_RECEIVER_SNIPPET } from '../webhook-snippet';
import { AiAgents } from './ai-agents';
import { ApiExampleBlock } from './api-example';
import { Code } from './inline-code';

/**
 * The documentation's reference sections, Auth to Errors, with every example: loaded when a reader
 * turns to one of them (./docs-sections.tsx, decision 053).
 */

function Examples({ tab }: { tab: DocsTab }) {
  return (
    <>
      {API_EXAMPLES.filter((e) => e.tab === tab).map((e) => (
        <ApiExampleBlock key={e.id} example={e} />
      ))}
    </>
  );
}

const API_KEY_CURL = `curl ${getPublicUrl()}/api/v1/balance \\
  -H "Authorization: Bearer $GIFTRELAY_API_KEY"`;

function Auth() {
  return (
    <>
      <h3 className="text-lg font-semibold">API keys</h3>
      <p className="mt-3">
        An integration authenticates with an API key: create one in{' '}
        <Link to={paths.settings}>Settings → Developers</Link>, give it a name, the scopes it needs and, if you like, an
        expiry date. The key is shown once; we keep only a hash of it. Sandbox keys start with <Code>gr_test_</Code> (
        <Code>gr_live_</Code> is reserved for live mode). Send it as a bearer token:
      </p>
      <CodeBlock code={API_KEY_CURL} language="sh" data-testid="api-key-example" />
      <ul className="mt-3 list-disc space-y-2 pl-6">
        <li>
          Scopes: <Code>orders:write</Code> (send rewards, resend), <Code>orders:read</Code> (orders, dashboard,
          analytics), <Code>balance:read</Code>, <Code>catalog:read</Code>, <Code>webhooks:write</Code>. “Read only” is
          the three reads; “Full access” is all of them. A key without the scope a request needs gets 403{' '}
          <Code>FORBIDDEN</Code> whose message names the scope.
        </li>
        <li>
          A revoked or expired key gets 401 <Code>UNAUTHORIZED</Code> from the next request on. Keys cannot manage keys
          or the account: those need a signed-in user.
        </li>
        <li>
          Each key acts only for its organisation and spends the organisation’s rate limits. Keep keys out of source
          control and browsers; one key per integration lets you revoke one without touching the others.
        </li>
      </ul>
      <h3 className="mt-8 text-lg font-semibold">Sessions</h3>
      <p className="mt-3">
        The web app uses sessions, and so can a script: exchange an account’s email and password for a short-lived
        access token to send as a bearer token, and a refresh token to get the next session.
      </p>
      <p className="mt-4">
        A new account signs in once it has opened the link in its verification email. Sign-in, sign-up and password
        resets are rate limited per address and per account: past the limit they answer 429 <Code>RATE_LIMITED</Code>{' '}
        with a <Code>Retry-After</Code> header.
      </p>
      <CodeBlock code={'export GIFTRELAY_TOKEN="<the access_token from the session>"'} language="sh" />
      <Examples tab="auth" />
    </>
  );
}

function ListProducts() {
  return (
    <>
      <p>
        The catalogue is synchronised from our gift-card providers. Each product has a <Code>code</Code> (the{' '}
        <Code>product_code</Code> you order with), a currency and the <Code>minValue</Code> and <Code>maxValue</Code> an
        order may ask for. Reading the catalogue needs no sign-in.
      </p>
      <Examples tab="list-products" />
    </>
  );
}

function CreateOrder() {
  return (
    <>
      <p>
        An order sends <Code>quantity</Code> rewards of <Code>amount</Code> to one email address. Amounts are in the
        product’s currency and must lie between its <Code>minValue</Code> and <Code>maxValue</Code> (or be one of its{' '}
        <Code>denominations</Code>). The order costs the subtotal plus the 2.5% processing fee (25.00 → fee 0.63, total
        25.63), which is held on your balance when the order is accepted. <Code>charged</Code> is what your balance
        pays, in your billing currency: an order in another currency is converted at the <Code>rate</Code> of the
        moment, which the order keeps.
      </p>
      <h3 className="mt-8 text-lg font-semibold">Order status</h3>
      <p className="mt-3">
        Every order starts <Code>pending</Code> and ends in one of two states, once:
      </p>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        <li>
          <Code>completed</Code>: every reward was issued and the recipient’s email was sent; the hold is charged.{' '}
          <Code>completed_at</Code> says when.
        </li>
        <li>
          <Code>failed</Code>: the provider could not issue the rewards; the hold is released in full and nothing is
          sent. <Code>failed_at</Code> and <Code>failure_reason</Code> say when and why.
        </li>
      </ul>
      <h3 className="mt-8 text-lg font-semibold">Idempotency-Key</h3>
      <p className="mt-3">
        Send an <Code>Idempotency-Key</Code> header (up to 255 printable characters without spaces, unique per business
        event, for example the id of the referral you reward) with every order, so a retry after a timeout cannot send
        twice. Keys belong to your organisation and are kept for 48 hours.
      </p>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        <li>
          The same key with the same body returns the first answer byte for byte, with the header{' '}
          <Code>Idempotent-Replayed: true</Code>, and sends nothing again. That holds for refusals too: an order refused
          with 402 <Code>INSUFFICIENT_FUNDS</Code> is refused again under its key, so use a new key once you have topped
          up.
        </li>
        <li>
          While the first request with the key is still running: 409 <Code>IDEMPOTENCY_KEY_IN_USE</Code>, with{' '}
          <Code>Retry-After</Code>. Retry shortly.
        </li>
        <li>
          The same key with a different body: 422 <Code>IDEMPOTENCY_KEY_REUSED</Code>, and nothing is sent.
        </li>
        <li>A failure on our side (5xx) frees the key: retrying with it is safe and runs the order once.</li>
      </ul>
      <h3 className="mt-8 text-lg font-semibold">Sending in bulk</h3>
      <p className="mt-3">
        <Code>POST /api/v1/batches</Code> takes up to 10,000 rows (JSON <Code>{'{"rows": [...]}'}</Code>, or a CSV file
        with <Code>Content-Type: text/csv</Code> and a heading line) and answers 202 with the batch. Every row is
        checked like an order; a bad row is kept with its errors, each with a stable code such as{' '}
        <Code>INVALID_EMAIL</Code>, <Code>UNKNOWN_PRODUCT</Code> or <Code>DUPLICATE_ROW</Code>, and never blocks the
        others. With <Code>mode: all_or_nothing</Code> (the default) the valid rows’ total is held at once, or the batch
        is refused with 402 and nothing written; with <Code>send_what_fits</Code> rows are held in order and those the
        balance cannot cover are marked <Code>insufficient_funds</Code>. <Code>Idempotency-Key</Code> is required.
        Follow it with <Code>GET /api/v1/batches/{'{id}'}</Code> (counts) and{' '}
        <Code>GET /api/v1/batches/{'{id}'}/rows</Code> (each row’s result and order), or wait for{' '}
        <Code>batch.completed</Code>. <Code>POST /api/v1/batches/preview</Code> checks the same body without sending
        anything.
      </p>
      <h3 className="mt-8 text-lg font-semibold">Risk rules and reviews</h3>
      <p className="mt-3">
        Rules at <Code>/api/v1/risk/rules</Code> (owners, admins, or keys with <Code>risk:write</Code>) hold an order
        for review or block it, through the API, the send dialog and batches alike. A held order is accepted (201) as{' '}
        <Code>pending_review</Code> with its total held and nothing sent, and <Code>reward.held</Code> says which rules
        matched and why; a block is refused with 422 <Code>RISK_BLOCKED</Code> and nothing held. Decide held ones with{' '}
        <Code>POST /api/v1/risk/reviews/{'{id}'}/release</Code> (it is delivered; <Code>reward.released</Code>) or{' '}
        <Code>/block</Code> (its total comes back exactly; <Code>reward.blocked</Code>), each with an{' '}
        <Code>Idempotency-Key</Code>; a second decision is 409 <Code>CONFLICT</Code>.
      </p>
      <p className="mt-3">Sandbox triggers, so CI can see each path without any rule:</p>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        <li>
          An address at <Code>hold.sandbox.giftrelay.test</Code>, or a reward of exactly <Code>13.13</Code>: held (
          <Code>pending_review</Code>).
        </li>
        <li>
          An address at <Code>block.sandbox.giftrelay.test</Code>: refused with 422 <Code>RISK_BLOCKED</Code>.
        </li>
      </ul>
      <Examples tab="create-order" />
    </>
  );
}

function Choice() {
  return (
    <>
      <p>
        A <strong>choice reward</strong> is a value the recipient turns into the gift card they want. You send an
        amount, a currency and the cards they may pick from, as a list of <Code>product_codes</Code> or a saved{' '}
        <strong>choice set</strong> (a list, or a rule such as “every US retail card in dollars”). The total, value plus
        fee, is held on your balance when you send, exactly as for one card; nothing is asked of the provider until the
        recipient picks. The pick issues the card and charges the hold (charged = issued).
      </p>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        <li>
          The order’s product is <Code>RECIPIENTS-CHOICE</Code> and its reward <Code>awaiting_choice</Code> until the
          pick; then the order takes the chosen card’s code, name and brand, which the history, exports, dashboard (Top
          Brands) and analytics show. <Code>choice</Code> on the order keeps the set, its cards and the pick.
        </li>
        <li>
          The recipient’s email links to the claim page, which lists the cards that take the value and, after the pick,
          shows the code. A card that runs out at the pick shows as unavailable and the recipient picks another; a
          provider failure asks them to try again later. The value is never lost.
        </li>
        <li>
          Events: <Code>reward.choice_made</Code> (which card), then <Code>order.completed</Code> and the usual reward
          events. Two picks at once settle one way: one card, one charge.
        </li>
        <li>
          In bulk, a CSV or JSON row sends a choice with <Code>choice_set</Code> (a set’s id) and <Code>currency</Code>,
          or the batch’s <Code>default_choice_set_id</Code>; a set that is not yours is the row’s{' '}
          <Code>UNKNOWN_CHOICE_SET</Code>, one that offers nothing at the row’s value <Code>CHOICE_EMPTY</Code>.
        </li>
      </ul>
      <h3 className="mt-8 text-lg font-semibold">Expiry</h3>
      <p className="mt-3">
        Any order may carry <Code>expires_at</Code>: send <Code>expires_in_days</Code> (1 to 730 days after it is sent)
        or <Code>expires_at</Code>, or set a default for every order in Settings → Organisation (
        <Code>reward_expiry_days</Code>). The claim page says “Claim by …” and the recipient is reminded before it.
      </p>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        <li>
          At the expiry the claim page stops showing an unopened reward’s code. Within a minute its card is cancelled
          with the provider and its exact share comes back to your balance; <Code>reward.expired</Code> says so, with{' '}
          <Code>refunded</Code> and, when value stayed (the reward was opened or its card chosen in time, or the
          provider would not cancel it), the <Code>reason</Code>. The order’s <Code>expiry</Code> says what happened.
        </li>
        <li>
          A choice reward nobody chose has no card: at its expiry the whole hold comes back, the order is{' '}
          <Code>cancelled</Code>, and a pick after it answers 409 <Code>CHOICE_CLOSED</Code>.
        </li>
        <li>
          Voiding a choice reward before the pick (<Code>POST /api/v1/orders/ID/void</Code>, Void in the web app, or the
          MCP tool <Code>void_reward</Code>) does the same at once: the hold is released in full and{' '}
          <Code>reward.voided</Code> is sent. A void and a pick at the same moment settle one way.
        </li>
      </ul>
      <Examples tab="choice" />
    </>
  );
}

function Reports() {
  return (
    <>
      <p>
        The figures behind the web app’s dashboard, order history and analytics, read at any time: an order counts as
        soon as it is placed. Amounts are in your billing currency, summed from what each order <Code>charged</Code>.
        Spend, load and margin leave out failed orders, whose holds were released; order counts include them. Days,
        weeks and months are UTC calendar periods.
      </p>
      <Examples tab="reports" />
    </>
  );
}

// From the import-free examples, so this page does not load the schemas.
const EVENT_TYPES = Object.keys(EVENT_EXAMPLES) as EventType[];

const WEBHOOK_HEADERS = `webhook-id: 0c4f7d1e-2b9a-4e35-9f62-8d1a3c5b7e90
webhook-timestamp: 1746091804
webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`;

/** The retry schedule, as the server's RETRY_DELAYS_SECONDS says (each ±10 %). */
const RETRY_SCHEDULE = [
  'at once',
  '5 seconds',
  '5 minutes',
  '30 minutes',
  '2 hours',
  '5 hours',
  '10 hours',
  '10 hours',
];

function Webhooks() {
  return (
    <>
      <p>
        Every change GiftRelay makes for your organisation is recorded as an event, in the same transaction as the
        change: an event is never lost, and never sent for a change that was undone. Events can be read with{' '}
        <Code>GET /api/v1/events</Code> (newest first; filter by <Code>type</Code>, <Code>created_after</Code> and{' '}
        <Code>created_before</Code>; kept at least 30 days) and are pushed to the webhook endpoints you add.
      </p>
      <h3 className="mt-8 text-lg font-semibold">Event types</h3>
      <p className="mt-3">
        The body of each delivery is the event as JSON: <Code>id</Code>, <Code>type</Code>, <Code>created_at</Code> and{' '}
        <Code>data</Code>, whose shape the type decides (for <Code>order.*</Code> events, the order as the API shows
        it). The OpenAPI document lists each under <Code>webhooks</Code>, and the SDK names its type (
        <Code>WebhookPayload&lt;'order.completed'&gt;</Code>). Open one to see an example:
      </p>
      <ul className="mt-4 space-y-3">
        {EVENT_TYPES.map((type) => (
          <li key={type}>
            <details>
              <summary className="cursor-pointer">
                <Code>{type}</Code> <span className="text-muted-foreground">{EVENT_SUMMARIES[type]}</span>
              </summary>
              <CodeBlock code={JSON.stringify(EVENT_EXAMPLES[type], null, 2)} language="json" />
            </details>
          </li>
        ))}
      </ul>

      <h3 className="mt-8 text-lg font-semibold">Endpoints</h3>
      <p className="mt-3">
        Add endpoints in <Link to={`${paths.settings}?tab=developers`}>Settings → Developers</Link>, or with{' '}
        <Code>POST /api/v1/webhook-endpoints</Code> and an API key with the <Code>webhooks:write</Code> scope: a URL, a
        description, and the event types it wants (all of them if you leave them out). Each endpoint has its own signing
        secret, starting <Code>whsec_</Code>, shown once when the endpoint is made. Rotating it (
        <Code>POST /api/v1/webhook-endpoints/ID/rotate-secret</Code>) shows the new one; for 24 hours every delivery is
        signed with both, so you can switch without missing one.
      </p>
      <p className="mt-4">
        URLs must be <Code>https://</Code> in live mode, and must not lead to a private, loopback, link-local or other
        reserved address: the address is checked when you save the endpoint and again when each delivery connects.
        Redirects are not followed.
      </p>

      <h3 className="mt-8 text-lg font-semibold">Verifying a delivery</h3>
      <p className="mt-3">
        Deliveries follow the <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> specification. Each is a{' '}
        <Code>POST</Code> with three headers: <Code>webhook-id</Code> (the event’s id, the same on every retry: use it
        to ignore a delivery you have already handled), <Code>webhook-timestamp</Code> (seconds since 1970) and{' '}
        <Code>webhook-signature</Code>: <Code>v1,</Code> and the base64 HMAC-SHA256, keyed with your secret, of{' '}
        <Code>webhook-id.webhook-timestamp.body</Code>.
      </p>
      <CodeBlock code={WEBHOOK_HEADERS} language="http" />
      <p>
        Check the signature against the raw body, before parsing it. The <Code>standardwebhooks</Code> package (npm, and
        its ports to other languages) does it for you. A whole receiver in Node.js:
      </p>
      <CodeBlock code={WEBHOOK_RECEIVER_SNIPPET} language="js" data-testid="webhook-receiver-example" />

      <h3 className="mt-8 text-lg font-semibold">Retries, the delivery log and replays</h3>
      <p className="mt-3">
        Any 2xx answer within 15 seconds counts as delivered. Otherwise the delivery is tried again, with the same{' '}
        <Code>webhook-id</Code>, on this schedule: {RETRY_SCHEDULE.join(', ')} after the previous attempt (each delay
        varies by up to 10 %), eight attempts over about 27 hours, after which the delivery is marked failed. An
        endpoint that has answered no delivery with a 2xx for 5 days is disabled and your organisation’s owners get an
        email; enabling it again starts afresh.
      </p>
      <p className="mt-4">
        Each endpoint’s delivery log (<Code>GET /api/v1/webhook-endpoints/ID/deliveries</Code>, and in Settings) shows
        every attempt with its time, status code, duration, the first 4 KB of your answer and the next retry; filter it
        by event type and outcome. Replay one event with <Code>POST /api/v1/webhook-endpoints/ID/replay</Code>, or,
        after an outage, every event whose delivery failed since a time with{' '}
        <Code>POST /api/v1/webhook-endpoints/ID/replay-failed</Code> and{' '}
        <Code>{'{"since": "2025-05-01T00:00:00Z"}'}</Code> (up to 30 days back).{' '}
        <Code>POST /api/v1/webhook-endpoints/ID/test</Code> sends a <Code>webhook.test</Code> event.
      </p>
    </>
  );
}

function Errors() {
  return (
    <>
      <p>
        Every error answers with an HTTP status and the same body: <Code>success</Code> false, <Code>error</Code>, a
        sentence for people that may change, <Code>code</Code>, which is stable: branch on it, and{' '}
        <Code>request_id</Code>, the answer’s <Code>X-Request-Id</Code>: quote it when you report a problem.
      </p>
      <p className="mt-4">
        Over its rate limit, a request answers 429 <Code>RATE_LIMITED</Code> with a <Code>Retry-After</Code> header
        (seconds to wait) and <Code>RateLimit-Limit</Code>, <Code>RateLimit-Remaining</Code> (0) and{' '}
        <Code>RateLimit-Reset</Code>. The budgets are per organisation and per minute: one for every authenticated
        request, one for sending orders and one for CSV exports.
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard to scroll it. */}
      <div className="mt-6 overflow-x-auto" tabIndex={0}>
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr>
              <th scope="col" className="border-b px-3 py-2 text-left">
                Code
              </th>
              <th scope="col" className="border-b px-3 py-2 text-left">
                Status
              </th>
              <th scope="col" className="border-b px-3 py-2 text-left">
                Meaning
              </th>
            </tr>
          </thead>
          <tbody>
            {DOCUMENTED_ERRORS.map((e) => (
              <tr key={e.code}>
                <td className="border-b px-3 py-2 font-mono">{e.code}</td>
                <td className="border-b px-3 py-2">{e.status}</td>
                <td className="border-b px-3 py-2 text-muted-foreground">{e.meaning}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Examples tab="errors" />
    </>
  );
}

const SECTIONS = {
  auth: Auth,
  'list-products': ListProducts,
  'create-order': CreateOrder,
  choice: Choice,
  reports: Reports,
  webhooks: Webhooks,
  errors: Errors,
  'ai-agents': AiAgents,
} as const;

export type ReferenceTab = Exclude<DocsTab, 'overview'>;

export function DocsReference({ tab }: { tab: ReferenceTab }) {
  const Section = SECTIONS[tab];
  return <Section />;
}
