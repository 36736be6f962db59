import { OPERATION_ACCESS, type OperationId, ROLES_FOR_LEVEL, type Role } from '@giftrelay/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, type SignedUpUser, signIn, signUpVerifiedUser, uniqueEmail } from './factories';
import { invite, joinAs } from './factories/members';
import { type ProductPick, pickProduct, postOrder, recipient, settledOrder } from './factories/orders';
import { createTestApp, eventually, TEST_DB, type TestApp } from './helpers';

/**
 * The role matrix (decision 032): every operation of the API × owner, admin, sender, viewer ×
 * the caller's own organisation's object and another organisation's. Whether a role may call an
 * operation comes from OPERATION_ACCESS; this table gives, for each operation, a request on an
 * object of the caller's organisation (and of the other's, when it names one) and the status an
 * allowed caller gets. A refused role gets 403; an allowed one gets 404 for the other
 * organisation's object, and no answer carries any of the other organisation's ids. An operation
 * in the OpenAPI document without a row here (or a rule there) fails the first test.
 */

const ROLES = ['owner', 'admin', 'sender', 'viewer'] as const;

interface Org {
  members: Record<Role, SignedUpUser>;
  organisationId: string;
  orderId: string;
  /** A batch of one invalid row: nothing sent, complete at once. */
  batchId: string;
  endpointId: string;
  apiKeyId: string;
  choiceSetId: string;
  eventId: string;
  invitationId: string;
}
interface Ctx {
  a: Org;
  b: Org;
  product: ProductPick;
  /** A new object in the caller's organisation, for a request that uses it up. */
  fresh: {
    member(): Promise<string>;
    invitation(): Promise<string>;
    endpoint(): Promise<string>;
    choiceSet(): Promise<string>;
    apiKey(): Promise<string>;
    /** A delivered order, for a request that voids it. */
    order(): Promise<string>;
    /** An order scheduled for tomorrow, for a request that cancels or moves it. */
    scheduledOrder(): Promise<string>;
    /** A new account made an operator, for a request that revokes it. */
    operator(): Promise<string>;
    /** A waiting request to go live, for a decision on it (inserted: this instance has no real provider). */
    liveRequest(): Promise<string>;
  };
}
interface Req {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object;
  headers?: Record<string, string>;
}
interface Row {
  own: (c: Ctx) => Req | Promise<Req>;
  other?: (c: Ctx) => Req;
  /** What an allowed caller gets on its own organisation's object (public operations: not checked). */
  ok?: number;
  /** The call ends or changes the caller's session: each role calls on a session of its own. */
  freshSession?: boolean;
  /** The call ends the caller's other sessions: the member signs in again for the rows after it. */
  endsOtherSessions?: boolean;
}

const MADE_UP = '00000000-0000-4000-8000-000000000000';
const AGENT_CAPS = {
  currency: 'USD',
  per_reward_minor: 5000,
  per_day_minor: null,
  per_month_minor: null,
  allowed_domains: null,
};
const BIG_BUDGET = { monthly_minor: 100_000_000 };
const MADE_UP_TOKEN = 'x'.repeat(43);
const OAUTH_REQUEST = new URLSearchParams({
  client_id: `grc_${'x'.repeat(24)}`,
  redirect_uri: 'https://assistant.example/callback',
  response_type: 'code',
  code_challenge: 'x'.repeat(43),
  code_challenge_method: 'S256',
  resource: 'http://localhost/mcp',
}).toString();

const TABLE: Record<OperationId, Row> = {
  // Public: no role is involved; called without a token.
  getHealth: { own: () => ({ url: '/api/health' }) },
  getLiveness: { own: () => ({ url: '/api/health/live' }) },
  getReadiness: { own: () => ({ url: '/api/health/ready' }) },
  getInstanceInfo: { own: () => ({ url: '/api/v1/instance' }) },
  listProducts: { own: () => ({ url: '/api/v1/products' }) },
  getProduct: { own: (c) => ({ url: `/api/v1/products/${c.product.code}` }) },
  getProductLogo: { own: (c) => ({ url: `/api/v1/products/${c.product.code}/logo.svg` }) },
  listCatalogFacets: { own: () => ({ url: '/api/v1/catalog/facets' }) },
  getFxRate: { own: () => ({ url: '/api/v1/fx/rates?from=EUR&to=USD' }) },
  createLead: { own: () => ({ method: 'POST', url: '/api/v1/leads', payload: {} }) },
  // A published landing page (decision 051): a slug nobody published is a 404 for everyone.
  getPublishedLandingPage: { own: () => ({ url: '/api/v1/landing-pages/no-such-page' }) },
  // Published blog posts (decision 050): a slug nobody published is a 404 for everyone.
  listBlogPosts: { own: () => ({ url: '/api/v1/blog-posts' }) },
  getBlogPost: { own: () => ({ url: '/api/v1/blog-posts/no-such-post' }) },
  recordAnalyticsEvents: { own: () => ({ method: 'POST', url: '/api/v1/analytics/events', payload: {} }) },
  createLandingPageLead: { own: () => ({ method: 'POST', url: '/api/v1/leads/landing-page', payload: {} }) },
  listTestimonials: { own: () => ({ url: '/api/v1/testimonials' }) },
  getClaim: { own: () => ({ url: `/api/v1/claims/${MADE_UP_TOKEN}` }) },
  getClaimChoice: { own: () => ({ url: `/api/v1/claims/${MADE_UP_TOKEN}/choice` }) },
  pickClaimChoice: {
    own: () => ({ method: 'POST', url: `/api/v1/claims/${MADE_UP_TOKEN}/choice`, payload: { product_code: 'X' } }),
  },
  getOrganisationLogo: { own: () => ({ url: `/api/v1/organisation-logos/${MADE_UP}` }) },
  listMailboxMessages: { own: () => ({ url: '/api/mailbox' }) },
  getMailboxMessage: { own: () => ({ url: `/api/mailbox/${MADE_UP}` }) },
  signUp: { own: () => ({ method: 'POST', url: '/api/v1/auth/signup', payload: {} }) },
  createSession: { own: () => ({ method: 'POST', url: '/api/v1/auth/token?grant_type=password', payload: {} }) },
  verifyEmail: { own: () => ({ method: 'POST', url: '/api/v1/auth/verify', payload: { token: MADE_UP_TOKEN } }) },
  resendVerificationEmail: { own: () => ({ method: 'POST', url: '/api/v1/auth/resend', payload: {} }) },
  requestPasswordReset: { own: () => ({ method: 'POST', url: '/api/v1/auth/recover', payload: {} }) },
  resetPassword: { own: () => ({ method: 'POST', url: '/api/v1/auth/reset-password', payload: {} }) },
  inspectInvitation: {
    own: () => ({ method: 'POST', url: '/api/v1/invitations/inspect', payload: { token: MADE_UP_TOKEN } }),
  },
  acceptInvitationAsNewUser: {
    own: () => ({ method: 'POST', url: '/api/v1/invitations/accept-new', payload: { token: MADE_UP_TOKEN } }),
  },
  confirmEmailChange: {
    own: () => ({ method: 'POST', url: '/api/v1/auth/email/confirm', payload: { token: MADE_UP_TOKEN } }),
  },

  // The caller's own account.
  signOut: { own: () => ({ method: 'POST', url: '/api/v1/auth/logout' }), ok: 200, freshSession: true },
  getCurrentUser: { own: () => ({ url: '/api/v1/auth/user' }), ok: 200 },
  updateProfile: { own: () => ({ method: 'PATCH', url: '/api/v1/auth/user', payload: { name: 'Pat Lee' } }), ok: 200 },
  listSessions: { own: () => ({ url: '/api/v1/auth/sessions' }), ok: 200 },
  // Another person's session id is as absent as a made-up one: 404 to every role.
  revokeSession: { own: () => ({ method: 'DELETE', url: `/api/v1/auth/sessions/${MADE_UP}` }), ok: 404 },
  revokeOtherSessions: {
    own: () => ({ method: 'POST', url: '/api/v1/auth/sessions/revoke-others' }),
    ok: 200,
    freshSession: true,
    endsOtherSessions: true,
  },
  // A wrong current password: answered (400) only once the role rule let the caller through.
  changePassword: {
    own: () => ({
      method: 'POST',
      url: '/api/v1/auth/password',
      payload: { current_password: 'not-the-password', password: 'another-Harbour-43' },
    }),
    ok: 400,
  },
  // A wrong current password: refused (400) only once the role rule let the caller through.
  requestEmailChange: {
    own: () => ({
      method: 'POST',
      url: '/api/v1/auth/email',
      payload: { email: 'someone-new@example.com', current_password: 'not-the-password' },
    }),
    ok: 400,
  },
  getTwoFactor: { own: () => ({ url: '/api/v1/auth/two-factor' }), ok: 200 },
  setUpTwoFactor: {
    own: () => ({
      method: 'POST',
      url: '/api/v1/auth/two-factor/setup',
      payload: { current_password: 'not-the-password' },
    }),
    ok: 400,
  },
  // Nothing set up yet: 409 once the role rule let the caller through.
  enableTwoFactor: {
    own: () => ({ method: 'POST', url: '/api/v1/auth/two-factor/enable', payload: { code: '123456' } }),
    ok: 409,
  },
  regenerateRecoveryCodes: {
    own: () => ({ method: 'POST', url: '/api/v1/auth/two-factor/recovery-codes', payload: { code: '123456' } }),
    ok: 400,
  },
  disableTwoFactor: {
    own: () => ({
      method: 'POST',
      url: '/api/v1/auth/two-factor/disable',
      payload: { current_password: 'not-the-password', code: '123456' },
    }),
    ok: 400,
  },
  listMyOrganisations: { own: () => ({ url: '/api/v1/auth/organisations' }), ok: 200 },
  switchOrganisation: {
    own: (c) => ({ method: 'POST', url: '/api/v1/auth/switch', payload: { organisation_id: c.a.organisationId } }),
    other: (c) => ({ method: 'POST', url: '/api/v1/auth/switch', payload: { organisation_id: c.b.organisationId } }),
    ok: 200,
    freshSession: true,
  },
  acceptInvitation: {
    own: () => ({ method: 'POST', url: '/api/v1/invitations/accept', payload: { token: MADE_UP_TOKEN } }),
    ok: 400,
  },

  // Reading.
  listOrders: { own: () => ({ url: '/api/v1/orders' }), ok: 200 },
  getOrder: {
    own: (c) => ({ url: `/api/v1/orders/${c.a.orderId}` }),
    other: (c) => ({ url: `/api/v1/orders/${c.b.orderId}` }),
    ok: 200,
  },
  getOrderStats: { own: () => ({ url: '/api/v1/orders/stats' }), ok: 200 },
  exportOrders: { own: () => ({ url: '/api/v1/orders/export' }), ok: 200 },
  getBalance: { own: () => ({ url: '/api/v1/balance' }), ok: 200 },
  listBalanceTransactions: { own: () => ({ url: '/api/v1/balance/transactions' }), ok: 200 },
  getBalanceStatement: { own: () => ({ url: '/api/v1/balance/statement?from=2026-01-01&to=2026-01-31' }), ok: 200 },
  getFundingInstructions: { own: () => ({ url: '/api/v1/balance/funding-instructions' }), ok: 200 },
  getDashboard: { own: () => ({ url: '/api/v1/dashboard' }), ok: 200 },
  getDashboardCharts: { own: () => ({ url: '/api/v1/dashboard/charts' }), ok: 200 },
  getAnalytics: { own: () => ({ url: '/api/v1/analytics' }), ok: 200 },
  exportAnalytics: { own: () => ({ url: '/api/v1/analytics/export' }), ok: 200 },
  listEvents: { own: () => ({ url: '/api/v1/events' }), ok: 200 },
  getEvent: {
    own: (c) => ({ url: `/api/v1/events/${c.a.eventId}` }),
    other: (c) => ({ url: `/api/v1/events/${c.b.eventId}` }),
    ok: 200,
  },

  getOrganisationSettings: { own: () => ({ url: '/api/v1/organisation' }), ok: 200 },

  // Sending.
  createOrder: {
    own: (c) => ({
      method: 'POST',
      url: '/api/v1/orders',
      payload: { product_code: c.product.code, amount: 25, email: recipient(), quantity: 1 },
    }),
    ok: 201,
  },
  // Choice sets (decision 080): senders read them, owners and admins manage them.
  listChoiceSets: { own: () => ({ url: '/api/v1/choice-sets' }), ok: 200 },
  getChoiceSet: {
    own: (c) => ({ url: `/api/v1/choice-sets/${c.a.choiceSetId}` }),
    other: (c) => ({ url: `/api/v1/choice-sets/${c.b.choiceSetId}` }),
    ok: 200,
  },
  getChoiceSetOptions: {
    own: (c) => ({ url: `/api/v1/choice-sets/${c.a.choiceSetId}/options?amount=25&currency=USD` }),
    other: (c) => ({ url: `/api/v1/choice-sets/${c.b.choiceSetId}/options?amount=25&currency=USD` }),
    ok: 200,
  },
  createChoiceSet: {
    own: (c) => ({
      method: 'POST',
      url: '/api/v1/choice-sets',
      payload: { name: 'Matrix', product_codes: [c.product.code] },
    }),
    ok: 201,
  },
  updateChoiceSet: {
    own: (c) => ({ method: 'PATCH', url: `/api/v1/choice-sets/${c.a.choiceSetId}`, payload: { name: 'Renamed' } }),
    other: (c) => ({ method: 'PATCH', url: `/api/v1/choice-sets/${c.b.choiceSetId}`, payload: { name: 'Renamed' } }),
    ok: 200,
  },
  deleteChoiceSet: {
    own: async (c) => ({ method: 'DELETE', url: `/api/v1/choice-sets/${await c.fresh.choiceSet()}` }),
    other: (c) => ({ method: 'DELETE', url: `/api/v1/choice-sets/${c.b.choiceSetId}` }),
    ok: 200,
  },
  createFxQuote: {
    own: () => ({ method: 'POST', url: '/api/v1/fx/quotes', payload: { from: 'GBP' } }),
    ok: 201,
  },
  cancelOrder: {
    own: async (c) => ({ method: 'POST', url: `/api/v1/orders/${await c.fresh.scheduledOrder()}/cancel` }),
    other: (c) => ({ method: 'POST', url: `/api/v1/orders/${c.b.orderId}/cancel` }),
    ok: 200,
  },
  rescheduleOrder: {
    own: async (c) => ({
      method: 'PATCH',
      url: `/api/v1/orders/${await c.fresh.scheduledOrder()}`,
      payload: { send_at: new Date(Date.now() + 2 * 86_400_000).toISOString() },
    }),
    other: (c) => ({
      method: 'PATCH',
      url: `/api/v1/orders/${c.b.orderId}`,
      payload: { send_at: new Date(Date.now() + 2 * 86_400_000).toISOString() },
    }),
    ok: 200,
  },
  voidOrder: {
    own: async (c) => ({
      method: 'POST',
      url: `/api/v1/orders/${await c.fresh.order()}/void`,
      payload: {},
      headers: { 'idempotency-key': crypto.randomUUID() },
    }),
    other: (c) => ({
      method: 'POST',
      url: `/api/v1/orders/${c.b.orderId}/void`,
      payload: {},
      headers: { 'idempotency-key': crypto.randomUUID() },
    }),
    ok: 200,
  },
  // Bulk batches (decision 043): the matrix's batch never waited, so a decision is 409.
  createBatch: {
    own: (c) => ({
      method: 'POST',
      url: '/api/v1/batches',
      payload: { rows: [{ email: recipient(), amount: 25, product_code: c.product.code }] },
      headers: { 'idempotency-key': crypto.randomUUID() },
    }),
    ok: 202,
  },
  previewBatch: {
    own: (c) => ({
      method: 'POST',
      url: '/api/v1/batches/preview',
      payload: { rows: [{ email: recipient(), amount: 25, product_code: c.product.code }] },
    }),
    ok: 200,
  },
  listBatches: { own: () => ({ url: '/api/v1/batches' }), ok: 200 },
  getBatch: {
    own: (c) => ({ url: `/api/v1/batches/${c.a.batchId}` }),
    other: (c) => ({ url: `/api/v1/batches/${c.b.batchId}` }),
    ok: 200,
  },
  listBatchRows: {
    own: (c) => ({ url: `/api/v1/batches/${c.a.batchId}/rows` }),
    other: (c) => ({ url: `/api/v1/batches/${c.b.batchId}/rows` }),
    ok: 200,
  },
  exportBatchRows: {
    own: (c) => ({ url: `/api/v1/batches/${c.a.batchId}/rows/export` }),
    other: (c) => ({ url: `/api/v1/batches/${c.b.batchId}/rows/export` }),
    ok: 200,
  },
  approveBatch: {
    own: (c) => ({ method: 'POST', url: `/api/v1/batches/${c.a.batchId}/approve`, payload: {} }),
    other: (c) => ({ method: 'POST', url: `/api/v1/batches/${c.b.batchId}/approve`, payload: {} }),
    ok: 409,
  },
  rejectBatch: {
    own: (c) => ({ method: 'POST', url: `/api/v1/batches/${c.a.batchId}/reject`, payload: {} }),
    other: (c) => ({ method: 'POST', url: `/api/v1/batches/${c.b.batchId}/reject`, payload: {} }),
    ok: 409,
  },
  // Platform operators (decision 041): the instance's first verified account (organisation a's
  // owner) is one; to everyone else, signed in or not, these answer 404.
  // The first-operator token (decision 056): any signed-in account may try; this instance prints
  // none (it is not production), so every token is refused.
  redeemOperatorBootstrap: {
    own: () => ({ method: 'POST', url: '/api/v1/operator/bootstrap', payload: { token: 'grop_not-this-one' } }),
    ok: 400,
  },
  getOperatorStatus: { own: () => ({ url: '/api/v1/operator' }), ok: 200 },
  listOperators: { own: () => ({ url: '/api/v1/operators' }), ok: 200 },
  grantOperator: {
    own: (c) => ({ method: 'POST', url: '/api/v1/operators', payload: { email: c.b.members.viewer.email } }),
    ok: 200,
  },
  revokeOperator: {
    own: async (c) => ({ method: 'DELETE', url: `/api/v1/operators/${await c.fresh.operator()}` }),
    ok: 200,
  },
  // Sandbox and live (decision 045): this instance has no real provider, so asking and approving
  // are refused with 409 LIVE_UNAVAILABLE, and nothing waits to be withdrawn.
  getLiveStatus: { own: () => ({ url: '/api/v1/organisation/live' }), ok: 200 },
  requestLive: {
    own: () => ({
      method: 'POST',
      url: '/api/v1/organisation/live-requests',
      payload: {
        company_name: 'Matrix Ltd',
        website: 'https://matrix.example.com',
        use_case: 'Rewards for the role matrix, nothing else at all.',
        expected_monthly_volume: 'under_1k',
      },
    }),
    ok: 409,
  },
  withdrawLiveRequest: {
    own: () => ({ method: 'DELETE', url: '/api/v1/organisation/live-requests/pending' }),
    ok: 409,
  },
  listLiveRequests: { own: () => ({ url: '/api/v1/operator/live-requests?status=pending' }), ok: 200 },
  approveLiveRequest: {
    own: async (c) => ({
      method: 'POST',
      url: `/api/v1/operator/live-requests/${await c.fresh.liveRequest()}/approve`,
      payload: {},
    }),
    ok: 409,
  },
  rejectLiveRequest: {
    own: async (c) => ({
      method: 'POST',
      url: `/api/v1/operator/live-requests/${await c.fresh.liveRequest()}/reject`,
      payload: { note: 'Not for the matrix.' },
    }),
    ok: 200,
  },
  // Risk rules and reviews (decision 083): a rule made, one nobody made (404), reviews nobody has.
  listRiskRules: { own: () => ({ url: '/api/v1/risk/rules' }), ok: 200 },
  createRiskRule: {
    own: () => ({ method: 'POST', url: '/api/v1/risk/rules', payload: { kind: 'disposable_email', action: 'hold' } }),
    ok: 201,
  },
  updateRiskRule: {
    own: () => ({
      method: 'PUT',
      url: `/api/v1/risk/rules/${MADE_UP}`,
      payload: { kind: 'disposable_email', action: 'block' },
    }),
    ok: 404,
  },
  deleteRiskRule: { own: () => ({ method: 'DELETE', url: `/api/v1/risk/rules/${MADE_UP}` }), ok: 404 },
  listRiskReviews: { own: () => ({ url: '/api/v1/risk/reviews' }), ok: 200 },
  getRiskReview: { own: () => ({ url: `/api/v1/risk/reviews/${MADE_UP}` }), ok: 404 },
  releaseRiskReview: {
    own: () => ({ method: 'POST', url: `/api/v1/risk/reviews/${MADE_UP}/release`, payload: {} }),
    ok: 404,
  },
  blockRiskReview: {
    own: () => ({ method: 'POST', url: `/api/v1/risk/reviews/${MADE_UP}/block`, payload: {} }),
    ok: 404,
  },
  listPlatformRiskRules: { own: () => ({ url: '/api/v1/operator/risk/rules' }), ok: 200 },
  createPlatformRiskRule: { own: () => ({ method: 'POST', url: '/api/v1/operator/risk/rules', payload: {} }), ok: 400 },
  deletePlatformRiskRule: { own: () => ({ method: 'DELETE', url: `/api/v1/operator/risk/rules/${MADE_UP}` }), ok: 404 },
  listPlatformRiskReviews: { own: () => ({ url: '/api/v1/operator/risk/reviews' }), ok: 200 },
  getPlatformRiskReview: { own: () => ({ url: `/api/v1/operator/risk/reviews/${MADE_UP}` }), ok: 404 },
  releasePlatformRiskReview: {
    own: () => ({ method: 'POST', url: `/api/v1/operator/risk/reviews/${MADE_UP}/release`, payload: {} }),
    ok: 404,
  },
  blockPlatformRiskReview: {
    own: () => ({ method: 'POST', url: `/api/v1/operator/risk/reviews/${MADE_UP}/block`, payload: {} }),
    ok: 404,
  },
  // Rewards in review (decision 058): the list, and a decision on a reward that is not in review.
  listRewardReviews: { own: () => ({ url: '/api/v1/operator/reward-reviews' }), ok: 200 },
  resolveRewardReview: {
    own: () => ({
      method: 'POST',
      url: '/api/v1/operator/reward-reviews/00000000-0000-4000-8000-000000000000',
      payload: { decision: 'not_issued' },
    }),
    ok: 404,
  },
  // Bank transfers (decision 045): an operator's empty body is checked (400), anyone else's is not (404).
  listBankTransfers: { own: () => ({ url: '/api/v1/operator/bank-transfers' }), ok: 200 },
  recordBankTransfer: { own: () => ({ method: 'POST', url: '/api/v1/operator/bank-transfers', payload: {} }), ok: 400 },
  // Landing pages (decision 051): an operator's empty body is checked (400) and a page nobody
  // saved is a 404; anyone else gets the 404 of a route that does not exist.
  generateLandingCopy: {
    own: () => ({ method: 'POST', url: '/api/v1/operator/landing-pages/generate', payload: {} }),
    ok: 400,
  },
  generateHeroImage: {
    own: () => ({
      method: 'POST',
      url: '/api/v1/operator/landing-pages/hero-image',
      payload: { hero_visual: 'globe', primary_keyword: 'role matrix' },
    }),
    ok: 200,
  },
  listLandingPages: { own: () => ({ url: '/api/v1/operator/landing-pages' }), ok: 200 },
  getLandingPage: { own: () => ({ url: '/api/v1/operator/landing-pages/no-such-page' }), ok: 404 },
  publishLandingPage: {
    own: () => ({ method: 'PUT', url: '/api/v1/operator/landing-pages/no-such-page', payload: {} }),
    ok: 400,
  },
  updateLandingPage: {
    own: () => ({ method: 'PATCH', url: '/api/v1/operator/landing-pages/no-such-page', payload: {} }),
    ok: 404,
  },
  unpublishLandingPage: {
    own: () => ({ method: 'POST', url: '/api/v1/operator/landing-pages/no-such-page/unpublish' }),
    ok: 404,
  },
  deleteLandingPage: { own: () => ({ method: 'DELETE', url: '/api/v1/operator/landing-pages/no-such-page' }), ok: 404 },
  // Site analytics (decision 049): an operator's range is answered, anyone else's is not (404).
  getSiteAnalytics: { own: () => ({ url: '/api/v1/operator/site-analytics?from=2026-01-01&to=2026-01-31' }), ok: 200 },
  // The marketing studio (decision 048): an operator's empty body or malformed id is checked
  // (400), anyone else's is not (404).
  listOperatorTestimonials: { own: () => ({ url: '/api/v1/operator/testimonials?status=pending' }), ok: 200 },
  createTestimonial: { own: () => ({ method: 'POST', url: '/api/v1/operator/testimonials', payload: {} }), ok: 400 },
  updateTestimonial: {
    own: () => ({ method: 'PATCH', url: `/api/v1/operator/testimonials/${MADE_UP}`, payload: {} }),
    ok: 400,
  },
  deleteTestimonial: { own: () => ({ method: 'DELETE', url: '/api/v1/operator/testimonials/not-an-id' }), ok: 400 },
  // The blog generator (decision 050): an operator's empty body or made-up id is answered
  // (400, 404), anyone else's is the 404 of a route that does not exist.
  generateBlogPost: { own: () => ({ method: 'POST', url: '/api/v1/operator/blog/generate', payload: {} }), ok: 400 },
  listBlogDrafts: { own: () => ({ url: '/api/v1/operator/blog/drafts' }), ok: 200 },
  getBlogDraft: { own: () => ({ url: `/api/v1/operator/blog/drafts/${MADE_UP}` }), ok: 404 },
  updateBlogDraft: {
    own: () => ({ method: 'PATCH', url: `/api/v1/operator/blog/drafts/${MADE_UP}`, payload: {} }),
    ok: 400,
  },
  deleteBlogDraft: { own: () => ({ method: 'DELETE', url: '/api/v1/operator/blog/drafts/not-an-id' }), ok: 400 },
  listOperatorBlogPosts: { own: () => ({ url: '/api/v1/operator/blog-posts' }), ok: 200 },
  createBlogPost: { own: () => ({ method: 'POST', url: '/api/v1/operator/blog-posts', payload: {} }), ok: 400 },
  unpublishBlogPost: {
    own: () => ({ method: 'POST', url: `/api/v1/operator/blog-posts/${MADE_UP}/unpublish` }),
    ok: 404,
  },
  republishBlogPost: {
    own: () => ({ method: 'POST', url: `/api/v1/operator/blog-posts/${MADE_UP}/publish` }),
    ok: 404,
  },
  listLeads: { own: () => ({ url: '/api/v1/operator/leads?source=landing_page' }), ok: 200 },
  listLeadCampaigns: { own: () => ({ url: '/api/v1/operator/leads/campaigns' }), ok: 200 },
  exportLeads: { own: () => ({ url: '/api/v1/operator/leads/export?source=contact_form' }), ok: 200 },
  resendOrder: {
    own: (c) => ({ method: 'POST', url: `/api/v1/orders/${c.a.orderId}/resend`, payload: {} }),
    other: (c) => ({ method: 'POST', url: `/api/v1/orders/${c.b.orderId}/resend`, payload: {} }),
    ok: 200,
  },

  // Approvals: the matrix's order was never caught by a rule, so an allowed caller is told 409
  // (nothing to decide); approvals.test.ts decides waiting orders.
  getApprovalRules: { own: () => ({ url: '/api/v1/approval-rules' }), ok: 200 },
  updateApprovalRules: {
    own: () => ({ method: 'PATCH', url: '/api/v1/approval-rules', payload: { monthly_cap_usd_minor: null } }),
    ok: 200,
  },
  approveOrder: {
    own: (c) => ({ method: 'POST', url: `/api/v1/orders/${c.a.orderId}/approve`, payload: {} }),
    other: (c) => ({ method: 'POST', url: `/api/v1/orders/${c.b.orderId}/approve`, payload: {} }),
    ok: 409,
  },
  rejectOrder: {
    own: (c) => ({ method: 'POST', url: `/api/v1/orders/${c.a.orderId}/reject`, payload: { note: 'No' } }),
    other: (c) => ({ method: 'POST', url: `/api/v1/orders/${c.b.orderId}/reject`, payload: { note: 'No' } }),
    ok: 409,
  },

  // Running the organisation.
  updateOrganisationSettings: {
    own: () => ({ method: 'PATCH', url: '/api/v1/organisation', payload: { default_message: 'Thank you!' } }),
    ok: 200,
  },
  // Not a PNG: answered (400) only once the role rule let the caller through.
  uploadOrganisationLogo: {
    own: () => ({
      method: 'PUT',
      url: '/api/v1/organisation/logo',
      payload: { media_type: 'image/png', data: 'AAAA' },
    }),
    ok: 400,
  },
  removeOrganisationLogo: { own: () => ({ method: 'DELETE', url: '/api/v1/organisation/logo' }), ok: 200 },
  listAuditEvents: { own: () => ({ url: '/api/v1/audit-events' }), ok: 200 },
  exportAuditEvents: { own: () => ({ url: '/api/v1/audit-events/export' }), ok: 200 },
  topUpSandboxBalance: {
    own: () => ({ method: 'POST', url: '/api/v1/balance/sandbox-topup', payload: { amount: 10 } }),
    ok: 200,
  },
  // Card funding (decision 046): the matrix's organisations are sandboxes, so a checkout is
  // refused with 409 ORGANISATION_NOT_LIVE once the role rule let the caller through.
  createCardCheckoutSession: {
    own: () => ({ method: 'POST', url: '/api/v1/balance/checkout-sessions', payload: { amount: 50 } }),
    ok: 409,
  },
  getCardCheckoutSession: { own: () => ({ url: `/api/v1/balance/checkout-sessions/${MADE_UP}` }), ok: 404 },
  getCardFunding: { own: () => ({ url: '/api/v1/balance/card-funding' }), ok: 200 },
  receiveStripeWebhook: { own: () => ({ method: 'POST', url: '/api/v1/stripe/webhook', payload: {} }) },
  // No Twilio in the matrix's app: 404 whoever calls (decision 082).
  receiveTwilioStatusCallback: { own: () => ({ method: 'POST', url: '/api/v1/sms/twilio/status', payload: {} }) },
  receiveTwilioInboundMessage: { own: () => ({ method: 'POST', url: '/api/v1/sms/twilio/inbound', payload: {} }) },
  createApiKey: {
    own: () => ({ method: 'POST', url: '/api/v1/api-keys', payload: { name: 'Matrix', scopes: 'read_only' } }),
    ok: 201,
  },
  listApiKeys: { own: () => ({ url: '/api/v1/api-keys' }), ok: 200 },
  getApiKeyAgentCaps: {
    own: (c) => ({ url: `/api/v1/api-keys/${c.a.apiKeyId}/agent-caps` }),
    other: (c) => ({ url: `/api/v1/api-keys/${c.b.apiKeyId}/agent-caps` }),
    ok: 200,
  },
  setApiKeyAgentCaps: {
    own: (c) => ({ method: 'PUT', url: `/api/v1/api-keys/${c.a.apiKeyId}/agent-caps`, payload: AGENT_CAPS }),
    other: (c) => ({ method: 'PUT', url: `/api/v1/api-keys/${c.b.apiKeyId}/agent-caps`, payload: AGENT_CAPS }),
    ok: 200,
  },
  listAgentActivity: { own: () => ({ url: '/api/v1/agent-activity' }), ok: 200 },
  // Budgets (decision 084): a key's is set high, as other rows place orders with it.
  setApiKeyBudget: {
    own: (c) => ({ method: 'PUT', url: `/api/v1/api-keys/${c.a.apiKeyId}/budget`, payload: BIG_BUDGET }),
    other: (c) => ({ method: 'PUT', url: `/api/v1/api-keys/${c.b.apiKeyId}/budget`, payload: BIG_BUDGET }),
    ok: 200,
  },
  clearApiKeyBudget: {
    own: async (c) => ({ method: 'DELETE', url: `/api/v1/api-keys/${await c.fresh.apiKey()}/budget` }),
    other: (c) => ({ method: 'DELETE', url: `/api/v1/api-keys/${c.b.apiKeyId}/budget` }),
    ok: 404,
  },
  revokeApiKey: {
    own: async (c) => ({ method: 'DELETE', url: `/api/v1/api-keys/${await c.fresh.apiKey()}` }),
    other: (c) => ({ method: 'DELETE', url: `/api/v1/api-keys/${c.b.apiKeyId}` }),
    ok: 200,
  },
  // OAuth consent (decision 075): an unregistered client is a 400 for everyone; whether the
  // person may grant is checked per organisation (oauth.test.ts covers roles and tenants).
  getOAuthAuthorization: { own: () => ({ url: `/api/v1/oauth/authorization?${OAUTH_REQUEST}` }), ok: 400 },
  approveOAuthAuthorization: {
    own: (c) => ({
      method: 'POST',
      url: '/api/v1/oauth/authorization/approve',
      payload: {
        ...Object.fromEntries(new URLSearchParams(OAUTH_REQUEST)),
        organisation_id: c.a.organisationId,
        mode: 'sandbox',
        scopes: ['orders:read'],
        caps: { per_reward_minor: null, per_day_minor: null, per_month_minor: null, currency: 'USD' },
        allowed_domains: null,
      },
    }),
    ok: 400,
  },
  denyOAuthAuthorization: {
    own: () => ({
      method: 'POST',
      url: '/api/v1/oauth/authorization/deny',
      payload: Object.fromEntries(new URLSearchParams(OAUTH_REQUEST)),
    }),
    ok: 400,
  },
  listOAuthGrants: { own: () => ({ url: '/api/v1/oauth/grants' }), ok: 200 },
  revokeOAuthGrant: { own: () => ({ method: 'DELETE', url: `/api/v1/oauth/grants/${MADE_UP}` }), ok: 404 },
  createWebhookEndpoint: {
    own: () => ({ method: 'POST', url: '/api/v1/webhook-endpoints', payload: { url: 'http://127.0.0.1:9/matrix' } }),
    ok: 201,
  },
  listWebhookEndpoints: { own: () => ({ url: '/api/v1/webhook-endpoints' }), ok: 200 },
  getWebhookEndpoint: {
    own: (c) => ({ url: `/api/v1/webhook-endpoints/${c.a.endpointId}` }),
    other: (c) => ({ url: `/api/v1/webhook-endpoints/${c.b.endpointId}` }),
    ok: 200,
  },
  updateWebhookEndpoint: {
    own: (c) => ({
      method: 'PATCH',
      url: `/api/v1/webhook-endpoints/${c.a.endpointId}`,
      payload: { description: 'x' },
    }),
    other: (c) => ({
      method: 'PATCH',
      url: `/api/v1/webhook-endpoints/${c.b.endpointId}`,
      payload: { description: 'x' },
    }),
    ok: 200,
  },
  rotateWebhookSecret: {
    own: (c) => ({ method: 'POST', url: `/api/v1/webhook-endpoints/${c.a.endpointId}/rotate-secret` }),
    other: (c) => ({ method: 'POST', url: `/api/v1/webhook-endpoints/${c.b.endpointId}/rotate-secret` }),
    ok: 200,
  },
  deleteWebhookEndpoint: {
    own: async (c) => ({ method: 'DELETE', url: `/api/v1/webhook-endpoints/${await c.fresh.endpoint()}` }),
    other: (c) => ({ method: 'DELETE', url: `/api/v1/webhook-endpoints/${c.b.endpointId}` }),
    ok: 200,
  },
  listWebhookDeliveries: {
    own: (c) => ({ url: `/api/v1/webhook-endpoints/${c.a.endpointId}/deliveries` }),
    other: (c) => ({ url: `/api/v1/webhook-endpoints/${c.b.endpointId}/deliveries` }),
    ok: 200,
  },
  replayWebhookEvent: {
    own: (c) => ({
      method: 'POST',
      url: `/api/v1/webhook-endpoints/${c.a.endpointId}/replay`,
      payload: { event_id: c.a.eventId },
    }),
    other: (c) => ({
      method: 'POST',
      url: `/api/v1/webhook-endpoints/${c.b.endpointId}/replay`,
      payload: { event_id: c.b.eventId },
    }),
    ok: 202,
  },
  replayFailedWebhookDeliveries: {
    own: (c) => ({
      method: 'POST',
      url: `/api/v1/webhook-endpoints/${c.a.endpointId}/replay-failed`,
      payload: { since: new Date(Date.now() - 3_600_000).toISOString() },
    }),
    other: (c) => ({
      method: 'POST',
      url: `/api/v1/webhook-endpoints/${c.b.endpointId}/replay-failed`,
      payload: { since: new Date(Date.now() - 3_600_000).toISOString() },
    }),
    ok: 202,
  },
  sendWebhookTestEvent: {
    own: (c) => ({ method: 'POST', url: `/api/v1/webhook-endpoints/${c.a.endpointId}/test` }),
    other: (c) => ({ method: 'POST', url: `/api/v1/webhook-endpoints/${c.b.endpointId}/test` }),
    ok: 202,
  },
  listMembers: { own: () => ({ url: '/api/v1/members' }), ok: 200 },
  updateMemberRole: {
    own: async (c) => ({
      method: 'PATCH',
      url: `/api/v1/members/${await c.fresh.member()}`,
      payload: { role: 'viewer' },
    }),
    other: (c) => ({
      method: 'PATCH',
      url: `/api/v1/members/${c.b.members.owner.user.id}`,
      payload: { role: 'viewer' },
    }),
    ok: 200,
  },
  removeMember: {
    own: async (c) => ({ method: 'DELETE', url: `/api/v1/members/${await c.fresh.member()}` }),
    other: (c) => ({ method: 'DELETE', url: `/api/v1/members/${c.b.members.owner.user.id}` }),
    ok: 200,
  },
  getMyBudget: { own: () => ({ url: '/api/v1/budgets/me' }), ok: 200 },
  setMemberBudget: {
    own: async (c) => ({ method: 'PUT', url: `/api/v1/members/${await c.fresh.member()}/budget`, payload: BIG_BUDGET }),
    other: (c) => ({ method: 'PUT', url: `/api/v1/members/${c.b.members.owner.user.id}/budget`, payload: BIG_BUDGET }),
    ok: 200,
  },
  clearMemberBudget: {
    own: async (c) => ({ method: 'DELETE', url: `/api/v1/members/${await c.fresh.member()}/budget` }),
    other: (c) => ({ method: 'DELETE', url: `/api/v1/members/${c.b.members.owner.user.id}/budget` }),
    ok: 404,
  },
  listInvitations: { own: () => ({ url: '/api/v1/invitations' }), ok: 200 },
  createInvitation: {
    own: () => ({
      method: 'POST',
      url: '/api/v1/invitations',
      payload: { email: uniqueEmail('matrix'), role: 'viewer' },
    }),
    ok: 201,
  },
  resendInvitation: {
    own: async (c) => ({ method: 'POST', url: `/api/v1/invitations/${await c.fresh.invitation()}/resend` }),
    other: (c) => ({ method: 'POST', url: `/api/v1/invitations/${c.b.invitationId}/resend` }),
    ok: 200,
  },
  revokeInvitation: {
    own: async (c) => ({ method: 'DELETE', url: `/api/v1/invitations/${await c.fresh.invitation()}` }),
    other: (c) => ({ method: 'DELETE', url: `/api/v1/invitations/${c.b.invitationId}` }),
    ok: 200,
  },
  // Ownership: the transfer itself is tested in members.test.ts; here one to nobody (404 once allowed).
  transferOwnership: {
    own: () => ({ method: 'POST', url: '/api/v1/members/transfer-ownership', payload: { user_id: MADE_UP } }),
    other: (c) => ({
      method: 'POST',
      url: '/api/v1/members/transfer-ownership',
      payload: { user_id: c.b.members.owner.user.id },
    }),
    ok: 404,
  },
};

let t: TestApp;
let ctx: Ctx;
let otherIds: string[];

async function organisation(product: ProductPick): Promise<Org> {
  const owner = await signUpVerifiedUser(t);
  const [admin, sender, viewer] = [
    await joinAs(t, owner, 'admin'),
    await joinAs(t, owner, 'sender'),
    await joinAs(t, owner, 'viewer'),
  ];
  const as = (method: Req['method'], url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: bearer(owner.accessToken) });
  const order = await postOrder(t, owner.accessToken, {
    product_code: product.code,
    amount: 25,
    email: recipient(),
    quantity: 1,
  });
  const orderId = order.json().order_id as string;
  await settledOrder(t, owner.accessToken, orderId);
  const batch = await t.app.inject({
    method: 'POST',
    url: '/api/v1/batches',
    payload: { rows: [{ email: 'not-an-address' }] },
    headers: { ...bearer(owner.accessToken), 'idempotency-key': crypto.randomUUID() },
  });
  const endpoint = await as('POST', '/api/v1/webhook-endpoints', { url: 'http://127.0.0.1:9/matrix' });
  const key = await as('POST', '/api/v1/api-keys', { name: 'Matrix', scopes: 'read_only' });
  const choiceSet = await as('POST', '/api/v1/choice-sets', { name: 'Matrix', product_codes: [product.code] });
  const eventId = await eventually(async () => (await as('GET', '/api/v1/events')).json().data[0]?.id as string);
  const invitation = await invite(t, owner, uniqueEmail('invited'), 'viewer');
  return {
    members: { owner, admin, sender, viewer },
    organisationId: owner.organisationId,
    orderId,
    batchId: batch.json().batch_id,
    endpointId: endpoint.json().endpoint.id,
    apiKeyId: key.json().id,
    choiceSetId: choiceSet.json().choice_set.id,
    eventId,
    invitationId: invitation.id,
  };
}

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE: 'true' } });
  const product = await pickProduct(t);
  const a = await organisation(product);
  const b = await organisation(product);
  const owner = a.members.owner;
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, payload, headers: bearer(owner.accessToken) });
  ctx = {
    a,
    b,
    product,
    fresh: {
      member: async () => (await joinAs(t, owner, 'sender')).user.id,
      invitation: async () => (await invite(t, owner, uniqueEmail('fresh'), 'viewer')).id,
      endpoint: async () =>
        (await post('/api/v1/webhook-endpoints', { url: 'http://127.0.0.1:9/fresh' })).json().endpoint.id,
      apiKey: async () => (await post('/api/v1/api-keys', { name: 'Fresh', scopes: 'read_only' })).json().id,
      choiceSet: async () =>
        (await post('/api/v1/choice-sets', { name: 'Fresh', product_codes: [product.code] })).json().choice_set.id,
      scheduledOrder: async () => {
        const res = await postOrder(t, owner.accessToken, {
          product_code: product.code,
          amount: 25,
          email: recipient(),
          quantity: 1,
          send_at: new Date(Date.now() + 86_400_000).toISOString(),
        } as never);
        if (res.statusCode !== 201) throw new Error(`scheduled order: ${res.statusCode} ${res.body}`);
        return res.json().order_id as string;
      },
      liveRequest: async () => {
        const organisation = await signUpVerifiedUser(t);
        const row = await t.database.db
          .insertInto('live_requests')
          .values({
            organisation_id: organisation.organisationId,
            requested_by: organisation.user.id,
            company_name: 'Matrix Ltd',
            website: 'https://matrix.example.com',
            use_case: 'Rewards for the role matrix, nothing else at all.',
            expected_monthly_volume: 'under_1k',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      },
      operator: async () => {
        const user = await signUpVerifiedUser(t);
        const res = await post('/api/v1/operators', { email: user.email });
        if (res.statusCode !== 200) throw new Error(`grant: ${res.statusCode} ${res.body}`);
        return user.user.id;
      },
      order: async () => {
        const res = await postOrder(t, owner.accessToken, {
          product_code: product.code,
          amount: 25,
          email: recipient(),
          quantity: 1,
        });
        await settledOrder(t, owner.accessToken, res.json().order_id);
        return res.json().order_id as string;
      },
    },
  };
  otherIds = [
    b.organisationId,
    b.orderId,
    b.endpointId,
    b.apiKeyId,
    b.choiceSetId,
    b.eventId,
    b.invitationId,
    ...ROLES.map((r) => b.members[r].user.id),
  ];
}, 120_000);
afterAll(() => t.close());

async function tokenFor(role: Role, row: Row): Promise<string> {
  const member = ctx.a.members[role];
  return row.freshSession ? (await signIn(t, member.email, member.password)).access_token : member.accessToken;
}

const send = (req: Req, token: string | null) =>
  t.app.inject({
    method: req.method ?? 'GET',
    url: req.url,
    payload: req.payload,
    headers: { ...req.headers, ...(token ? bearer(token) : {}) },
    remoteAddress: randomIp(),
  });

describe(`Role matrix (${TEST_DB})`, () => {
  it('has a rule and a row for every operation the API documents, and none for operations it lacks', async () => {
    // As an operator (organisation a's owner, the instance's first verified account): anyone else's
    // document leaves the operators' operations out (decision 057).
    const doc = (
      await t.app.inject({ url: '/api/openapi.json', headers: bearer(ctx.a.members.owner.accessToken) })
    ).json() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const documented = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(documented.filter((id) => !id || !Object.hasOwn(OPERATION_ACCESS, id))).toEqual([]);
    expect(documented.filter((id) => !id || !Object.hasOwn(TABLE, id))).toEqual([]);
    expect(Object.keys(TABLE).filter((id) => !documented.includes(id))).toEqual([]);
  });

  for (const [operationId, row] of Object.entries(TABLE) as [OperationId, Row][]) {
    const level = OPERATION_ACCESS[operationId];
    it(`${operationId} (${level})`, async () => {
      const cells: string[] = [];
      const record = (who: string, status: number, expected: number | 'answered') => {
        const pass = expected === 'answered' ? ![401, 403].includes(status) && status < 500 : status === expected;
        cells.push(`${pass ? 'ok ' : 'BAD'} ${who}: ${status} (expected ${expected})`);
      };
      if (level === 'public') {
        const res = await send(await row.own(ctx), null);
        record('anyone', res.statusCode, 'answered');
      } else if (level === 'operator') {
        // Not a role: an operator gets the answer, anyone else the 404 of a route that does not exist.
        const anonymous = await send(await row.own(ctx), null);
        record('no token', anonymous.statusCode, 404);
        const operators = new Set(
          (await t.database.db.selectFrom('platform_operators').select('user_id').execute()).map((o) => o.user_id),
        );
        for (const role of ROLES) {
          const member = ctx.a.members[role];
          const res = await send(await row.own(ctx), await tokenFor(role, row));
          record(
            `${role} (${operators.has(member.user.id) ? 'operator' : 'not an operator'})`,
            res.statusCode,
            operators.has(member.user.id) ? (row.ok ?? 200) : 404,
          );
        }
      } else {
        const anonymous = await send(await row.own(ctx), null);
        record('no token', anonymous.statusCode, 401);
        for (const role of ROLES) {
          const allowed = ROLES_FOR_LEVEL[level].includes(role);
          const own = await send(await row.own(ctx), await tokenFor(role, row));
          record(`${role} on own`, own.statusCode, allowed ? (row.ok ?? 200) : 403);
          if (row.endsOtherSessions && allowed) {
            const member = ctx.a.members[role];
            member.accessToken = (await signIn(t, member.email, member.password)).access_token;
          }
          for (const id of otherIds) {
            if (own.body.includes(id))
              cells.push(`BAD ${role} on own: the answer carries another organisation's ${id}`);
          }
          if (row.other) {
            const other = await send(row.other(ctx), await tokenFor(role, row));
            record(`${role} on other`, other.statusCode, allowed ? 404 : 403);
          }
        }
      }
      expect(
        cells.filter((c) => c.startsWith('BAD')),
        cells.join('\n'),
      ).toEqual([]);
    });
  }
});
