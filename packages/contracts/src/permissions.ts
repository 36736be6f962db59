import type { Role } from './auth';

/**
 * What each `/api/v1` operation asks of the person calling it, keyed by operationId: the one
 * place the server's auth plugin reads and the web app asks before showing a control
 * (decision 032). An operation missing here refuses every signed-in caller (403), and the role
 * matrix test fails until it is added.
 *
 * - `public`: anyone, no sign-in.
 * - `signed_in`: any member of the session's organisation, about their own account.
 * - `read`: every role, viewers included: dashboard, orders, analytics, balance.
 * - `send`: owners, admins and senders: sending rewards.
 * - `manage`: owners and admins: members, invitations, settings, keys, webhooks, funds.
 * - `own`: owners only: ownership.
 * - `operator`: GiftRelay's platform operators, whatever their role (decision 041); everyone else,
 *   signed in or not, is answered 404 as if the operation did not exist.
 *
 * API keys are not people: they never reach `signed_in`, `manage` or `own` operations (those take
 * no key scope; one exception, voidOrder, takes `orders:write`), and on the others their scopes decide.
 */
export type AccessLevel = 'public' | 'signed_in' | 'read' | 'send' | 'manage' | 'own' | 'operator';

export const ROLES_FOR_LEVEL: Readonly<Record<Exclude<AccessLevel, 'public'>, readonly Role[]>> = {
  signed_in: ['owner', 'admin', 'sender', 'viewer'],
  read: ['owner', 'admin', 'sender', 'viewer'],
  send: ['owner', 'admin', 'sender'],
  manage: ['owner', 'admin'],
  own: ['owner'],
  // Not a role: the route's own check asks whether the person is an operator.
  operator: ['owner', 'admin', 'sender', 'viewer'],
};

export const OPERATION_ACCESS = {
  // Public: the catalogue, the site, claims, sign-up and sign-in, invitation links.
  getHealth: 'public',
  getLiveness: 'public',
  getReadiness: 'public',
  // Whether this is a demo instance and whether going live is possible here (issue 35).
  getInstanceInfo: 'public',
  listProducts: 'public',
  getProduct: 'public',
  getProductLogo: 'public',
  listCatalogFacets: 'public',
  getFxRate: 'public',
  createLead: 'public',
  // A published landing page (decision 051).
  getPublishedLandingPage: 'public',
  // Landing pages' analytics events (decision 049): anyone, rate limited per session and address.
  recordAnalyticsEvents: 'public',
  createLandingPageLead: 'public',
  listTestimonials: 'public',
  getClaim: 'public',
  // Recipient's choice (decision 080): the claim link is the key, as for getClaim.
  getClaimChoice: 'public',
  pickClaimChoice: 'public',
  getOrganisationLogo: 'public',
  listMailboxMessages: 'public',
  getMailboxMessage: 'public',
  signUp: 'public',
  createSession: 'public',
  verifyEmail: 'public',
  resendVerificationEmail: 'public',
  requestPasswordReset: 'public',
  resetPassword: 'public',
  inspectInvitation: 'public',
  acceptInvitationAsNewUser: 'public',
  confirmEmailChange: 'public',
  // The person's own account.
  signOut: 'signed_in',
  getCurrentUser: 'signed_in',
  changePassword: 'signed_in',
  updateProfile: 'signed_in',
  listSessions: 'signed_in',
  revokeSession: 'signed_in',
  revokeOtherSessions: 'signed_in',
  requestEmailChange: 'signed_in',
  getTwoFactor: 'signed_in',
  setUpTwoFactor: 'signed_in',
  enableTwoFactor: 'signed_in',
  regenerateRecoveryCodes: 'signed_in',
  disableTwoFactor: 'signed_in',
  listMyOrganisations: 'signed_in',
  switchOrganisation: 'signed_in',
  acceptInvitation: 'signed_in',
  // Reading the organisation's programme.
  listOrders: 'read',
  getOrder: 'read',
  getOrderStats: 'read',
  exportOrders: 'read',
  getBalance: 'read',
  listBalanceTransactions: 'read',
  getBalanceStatement: 'read',
  getFundingInstructions: 'read',
  getDashboard: 'read',
  getDashboardCharts: 'read',
  getAnalytics: 'read',
  exportAnalytics: 'read',
  listEvents: 'read',
  getEvent: 'read',
  getOrganisationSettings: 'read',
  getApprovalRules: 'read',
  listBatches: 'read',
  getBatch: 'read',
  listBatchRows: 'read',
  exportBatchRows: 'read',
  // Sending.
  createOrder: 'send',
  // Choice sets (decision 080): everyone who sends reads them; owners and admins manage them
  // (API keys: catalog:read to read, orders:write to manage).
  listChoiceSets: 'send',
  getChoiceSet: 'send',
  getChoiceSetOptions: 'send',
  createChoiceSet: 'manage',
  updateChoiceSet: 'manage',
  deleteChoiceSet: 'manage',
  createFxQuote: 'send',
  cancelOrder: 'send',
  rescheduleOrder: 'send',
  createBatch: 'send',
  previewBatch: 'send',
  // Money back: owners and admins, and keys with orders:write (an integration must be able to undo a send).
  voidOrder: 'manage',
  // GiftRelay's own staff (decision 041).
  // Anyone signed in holding the token printed at start (decision 056): they are no operator yet.
  redeemOperatorBootstrap: 'signed_in',
  getOperatorStatus: 'operator',
  listOperators: 'operator',
  grantOperator: 'operator',
  revokeOperator: 'operator',
  // The marketing studio's blog generator and posts (decision 050); reading posts is public.
  generateBlogPost: 'operator',
  listBlogDrafts: 'operator',
  getBlogDraft: 'operator',
  updateBlogDraft: 'operator',
  deleteBlogDraft: 'operator',
  listOperatorBlogPosts: 'operator',
  createBlogPost: 'operator',
  unpublishBlogPost: 'operator',
  republishBlogPost: 'operator',
  listBlogPosts: 'public',
  getBlogPost: 'public',
  // Sandbox and live (decision 045).
  listLiveRequests: 'operator',
  approveLiveRequest: 'operator',
  // Rewards in review (decision 058)
  listRewardReviews: 'operator',
  resolveRewardReview: 'operator',
  rejectLiveRequest: 'operator',
  getLiveStatus: 'read',
  requestLive: 'own',
  withdrawLiveRequest: 'own',
  listBankTransfers: 'operator',
  recordBankTransfer: 'operator',
  // Landing pages (decision 051).
  generateLandingCopy: 'operator',
  generateHeroImage: 'operator',
  listLandingPages: 'operator',
  getLandingPage: 'operator',
  publishLandingPage: 'operator',
  updateLandingPage: 'operator',
  unpublishLandingPage: 'operator',
  deleteLandingPage: 'operator',
  getSiteAnalytics: 'operator',
  // The marketing studio's testimonials and leads inbox (decision 048).
  listOperatorTestimonials: 'operator',
  createTestimonial: 'operator',
  updateTestimonial: 'operator',
  deleteTestimonial: 'operator',
  listLeads: 'operator',
  listLeadCampaigns: 'operator',
  exportLeads: 'operator',
  resendOrder: 'send',
  // Running the organisation.
  updateOrganisationSettings: 'manage',
  updateApprovalRules: 'manage',
  approveOrder: 'manage',
  rejectOrder: 'manage',
  approveBatch: 'manage',
  rejectBatch: 'manage',
  uploadOrganisationLogo: 'manage',
  removeOrganisationLogo: 'manage',
  listAuditEvents: 'manage',
  exportAuditEvents: 'manage',
  topUpSandboxBalance: 'manage',
  // Card funding with Stripe (decision 046): every member sees whether sending is frozen; owners
  // and admins pay; Stripe calls its webhook (signed, checked by the route).
  createCardCheckoutSession: 'manage',
  getCardCheckoutSession: 'manage',
  getCardFunding: 'read',
  receiveStripeWebhook: 'public',
  // Twilio's webhooks (decision 082): signed with X-Twilio-Signature, not a session.
  receiveTwilioStatusCallback: 'public',
  receiveTwilioInboundMessage: 'public',
  createApiKey: 'manage',
  listApiKeys: 'manage',
  revokeApiKey: 'manage',
  // AI agents over MCP (decision 074): a key's spend caps; the agents' recent orders.
  getApiKeyAgentCaps: 'manage',
  setApiKeyAgentCaps: 'manage',
  listAgentActivity: 'read',
  // OAuth for assistants (decision 075): the consent page is any signed-in person's (whether they may
  // grant, as an owner or admin of the organisation they pick, is the service's check); grants are managed.
  getOAuthAuthorization: 'signed_in',
  approveOAuthAuthorization: 'signed_in',
  denyOAuthAuthorization: 'signed_in',
  listOAuthGrants: 'manage',
  revokeOAuthGrant: 'manage',
  createWebhookEndpoint: 'manage',
  listWebhookEndpoints: 'manage',
  getWebhookEndpoint: 'manage',
  updateWebhookEndpoint: 'manage',
  rotateWebhookSecret: 'manage',
  deleteWebhookEndpoint: 'manage',
  listWebhookDeliveries: 'manage',
  replayWebhookEvent: 'manage',
  replayFailedWebhookDeliveries: 'manage',
  sendWebhookTestEvent: 'manage',
  listMembers: 'manage',
  updateMemberRole: 'manage',
  removeMember: 'manage',
  listInvitations: 'manage',
  createInvitation: 'manage',
  resendInvitation: 'manage',
  revokeInvitation: 'manage',
  // Risk rules and the review queue (decision 083): owners and admins, or keys with risk scopes;
  // platform rules and the platform queue: operators.
  listRiskRules: 'manage',
  createRiskRule: 'manage',
  updateRiskRule: 'manage',
  deleteRiskRule: 'manage',
  listRiskReviews: 'manage',
  getRiskReview: 'manage',
  releaseRiskReview: 'manage',
  blockRiskReview: 'manage',
  listPlatformRiskRules: 'operator',
  createPlatformRiskRule: 'operator',
  deletePlatformRiskRule: 'operator',
  listPlatformRiskReviews: 'operator',
  getPlatformRiskReview: 'operator',
  releasePlatformRiskReview: 'operator',
  blockPlatformRiskReview: 'operator',
  // Budgets (decision 084): owners and admins set them; anyone who sends reads their own.
  getMyBudget: 'send',
  setMemberBudget: 'manage',
  clearMemberBudget: 'manage',
  setApiKeyBudget: 'manage',
  clearApiKeyBudget: 'manage',
  // Ownership.
  transferOwnership: 'own',
} as const satisfies Record<string, AccessLevel>;

export type OperationId = keyof typeof OPERATION_ACCESS;

/** The rule of an operation, or undefined for one nobody wrote a rule for (refused). */
export function accessOf(operationId: string | undefined): AccessLevel | undefined {
  if (!operationId || !Object.hasOwn(OPERATION_ACCESS, operationId)) return undefined;
  return OPERATION_ACCESS[operationId as OperationId];
}

/** Whether someone with `role` may call the operation (the web app hides what this refuses). */
export function can(role: Role | undefined, operationId: OperationId): boolean {
  const level = OPERATION_ACCESS[operationId];
  if (level === 'public') return true;
  return role !== undefined && ROLES_FOR_LEVEL[level].includes(role);
}
