import { z } from 'zod';
import {
  ApiKeyModeSchema,
  ApiKeyResponseSchema,
  ApiKeySchema,
  ApiKeyScopeSchema,
  CreateApiKeyBodySchema,
  CreateApiKeyResponseSchema,
  ListApiKeysResponseSchema,
} from './api-keys';
import {
  ApprovalRulesBodySchema,
  ApprovalRulesSchema,
  OrderDecisionResponseSchema,
  RejectOrderBodySchema,
} from './approvals';
import { AuditActionSchema, AuditEventSchema, ListAuditEventsResponseSchema } from './audit';
import {
  CredentialsSchema,
  MessageResponseSchema,
  OrganisationSchema,
  RoleSchema,
  SessionSchema,
  TokenBodySchema,
  UserResponseSchema,
  UserSchema,
  VerifyEmailResponseSchema,
} from './auth';
import { CatalogFacetsSchema, PayoutTypeSchema, ProductListResponseSchema, ProductResponseSchema } from './catalog';
import {
  ChoiceOptionSchema,
  ChoiceSetResponseSchema,
  ChoiceSetSchema,
  ClaimChoiceSchema,
  CreateChoiceSetBodySchema,
  ListChoiceSetsResponseSchema,
  OrderChoiceSchema,
  PickChoiceBodySchema,
  UpdateChoiceSetBodySchema,
} from './choice';
import { ErrorBodySchema, ErrorCodeSchema } from './errors';
import {
  EVENT_DATA_SCHEMAS,
  EVENT_SCHEMAS,
  EventResponseSchema,
  EventSchema,
  EventTypeSchema,
  ListEventsResponseSchema,
} from './events';
import { HealthSchema } from './health';
import { CreateLeadResponseSchema, CreateLeadSchema } from './leads';
import { MailboxListSchema, MailboxMessageResponseSchema, MailboxMessageSchema } from './mailbox';
import {
  AcceptedInvitationSchema,
  CreateInvitationBodySchema,
  InvitableRoleSchema,
  InvitationPreviewSchema,
  InvitationResponseSchema,
  InvitationSchema,
  ListInvitationsResponseSchema,
  ListMembersResponseSchema,
  ListMyOrganisationsResponseSchema,
  MemberResponseSchema,
  MemberSchema,
  MyOrganisationSchema,
} from './members';
import {
  BalanceSchema,
  ChargeSchema,
  ClaimSchema,
  CreateOrderBodySchema,
  CreateOrderResponseSchema,
  ListOrdersResponseSchema,
  OrderDetailResponseSchema,
  OrderDetailSchema,
  OrderEventSchema,
  OrderStatsSchema,
  OrderStatusSchema,
  OrderSummarySchema,
  ResendOrderResponseSchema,
  RewardSchema,
} from './orders';
import {
  OrganisationSettingsResponseSchema,
  OrganisationSettingsSchema,
  UpdateOrganisationBodySchema,
  UploadLogoBodySchema,
} from './organisation';
import { LivenessSchema, ReadinessSchema } from './probes';
import { AnalyticsSchema, DashboardChartsSchema, DashboardSchema } from './reports';
import {
  ListRiskReviewsResponseSchema,
  ListRiskRulesResponseSchema,
  RiskDecisionBodySchema,
  RiskDecisionResponseSchema,
  RiskMatchSchema,
  RiskReviewDetailSchema,
  RiskReviewResponseSchema,
  RiskReviewSchema,
  RiskRuleBodySchema,
  RiskRuleResponseSchema,
  RiskRuleSchema,
} from './risk';
import {
  CreateWebhookEndpointBodySchema,
  CreateWebhookEndpointResponseSchema,
  ListWebhookDeliveriesResponseSchema,
  ListWebhookEndpointsResponseSchema,
  ReplayFailedWebhooksBodySchema,
  ReplayFailedWebhooksResponseSchema,
  ReplayWebhookBodySchema,
  RotateWebhookSecretResponseSchema,
  UpdateWebhookEndpointBodySchema,
  WebhookAttemptSchema,
  WebhookDeliveryResponseSchema,
  WebhookDeliverySchema,
  WebhookDeliveryStatusSchema,
  WebhookEndpointResponseSchema,
  WebhookEndpointSchema,
} from './webhooks';

/** `reward.email_bounced` → `RewardEmailBouncedEvent`: the name of a type's event schema. */
export function eventSchemaName(type: string): string {
  return `${type.replace(/(^|[._])([a-z])/g, (_, _sep: string, c: string) => c.toUpperCase())}Event`;
}

/**
 * The names the OpenAPI document gives these schemas (`components.schemas`), and so the names of
 * the SDK's types. They are a public API: renaming one breaks integrators' code (decision 014).
 * Kept in one list, beside the schemas rather than in them, so a change of name is one reviewed
 * line. (`Product` and `FxRate` are named where they are defined.)
 */
const NAMES: [z.ZodType, string][] = [
  [ErrorBodySchema, 'Error'],
  [ErrorCodeSchema, 'ErrorCode'],
  [CredentialsSchema, 'Credentials'],
  [TokenBodySchema, 'TokenRequest'],
  [RoleSchema, 'Role'],
  [OrganisationSchema, 'Organisation'],
  [UserSchema, 'User'],
  [SessionSchema, 'Session'],
  [UserResponseSchema, 'UserResponse'],
  [MessageResponseSchema, 'MessageResponse'],
  [VerifyEmailResponseSchema, 'VerifyEmailResponse'],
  [PayoutTypeSchema, 'PayoutType'],
  [ProductListResponseSchema, 'ProductList'],
  [ProductResponseSchema, 'ProductResponse'],
  [CatalogFacetsSchema, 'CatalogFacets'],
  [OrderStatusSchema, 'OrderStatus'],
  [CreateOrderBodySchema, 'CreateOrderRequest'],
  [ChargeSchema, 'Charge'],
  [OrderSummarySchema, 'Order'],
  [CreateOrderResponseSchema, 'CreateOrderResponse'],
  [RewardSchema, 'Reward'],
  [ChoiceSetSchema, 'ChoiceSet'],
  [CreateChoiceSetBodySchema, 'CreateChoiceSetRequest'],
  [UpdateChoiceSetBodySchema, 'UpdateChoiceSetRequest'],
  [ChoiceSetResponseSchema, 'ChoiceSetResponse'],
  [ListChoiceSetsResponseSchema, 'ChoiceSetList'],
  [ChoiceOptionSchema, 'ChoiceOption'],
  [OrderChoiceSchema, 'OrderChoice'],
  [ClaimChoiceSchema, 'ClaimChoice'],
  [PickChoiceBodySchema, 'PickChoiceRequest'],
  [OrderEventSchema, 'OrderEvent'],
  [OrderDetailSchema, 'OrderDetail'],
  [OrderDetailResponseSchema, 'OrderDetailResponse'],
  [ListOrdersResponseSchema, 'OrderList'],
  [OrderStatsSchema, 'OrderStats'],
  [ApprovalRulesSchema, 'ApprovalRules'],
  [ApprovalRulesBodySchema, 'ApprovalRulesRequest'],
  [RejectOrderBodySchema, 'RejectOrderRequest'],
  [OrderDecisionResponseSchema, 'OrderDecisionResponse'],
  [ResendOrderResponseSchema, 'ResendOrderResponse'],
  [BalanceSchema, 'Balance'],
  [ClaimSchema, 'Claim'],
  [DashboardSchema, 'Dashboard'],
  [DashboardChartsSchema, 'DashboardCharts'],
  [AnalyticsSchema, 'Analytics'],
  [HealthSchema, 'Health'],
  [LivenessSchema, 'Liveness'],
  [ReadinessSchema, 'Readiness'],
  [MailboxMessageSchema, 'MailboxMessage'],
  [MailboxListSchema, 'MailboxList'],
  [MailboxMessageResponseSchema, 'MailboxMessageResponse'],
  [CreateLeadSchema, 'CreateLeadRequest'],
  [CreateLeadResponseSchema, 'CreateLeadResponse'],
  [ApiKeyScopeSchema, 'ApiKeyScope'],
  [ApiKeyModeSchema, 'ApiKeyMode'],
  [ApiKeySchema, 'ApiKey'],
  [ApiKeyResponseSchema, 'ApiKeyResponse'],
  [CreateApiKeyBodySchema, 'CreateApiKeyRequest'],
  [CreateApiKeyResponseSchema, 'CreateApiKeyResponse'],
  [ListApiKeysResponseSchema, 'ApiKeyList'],
  [EventTypeSchema, 'EventType'],
  [EventSchema, 'Event'],
  // One per event type: `reward.email_bounced` → `RewardEmailBouncedEvent` and `…EventData`.
  ...Object.entries(EVENT_SCHEMAS).map(([type, schema]): [z.ZodType, string] => [schema, eventSchemaName(type)]),
  ...Object.entries(EVENT_DATA_SCHEMAS).map(([type, schema]): [z.ZodType, string] => [
    schema,
    `${eventSchemaName(type)}Data`,
  ]),
  [RiskRuleSchema, 'RiskRule'],
  [RiskRuleBodySchema, 'RiskRuleRequest'],
  [RiskRuleResponseSchema, 'RiskRuleResponse'],
  [ListRiskRulesResponseSchema, 'RiskRuleList'],
  [RiskMatchSchema, 'RiskMatch'],
  [RiskReviewSchema, 'RiskReview'],
  [RiskReviewDetailSchema, 'RiskReviewDetail'],
  [RiskReviewResponseSchema, 'RiskReviewResponse'],
  [ListRiskReviewsResponseSchema, 'RiskReviewList'],
  [RiskDecisionBodySchema, 'RiskDecisionRequest'],
  [RiskDecisionResponseSchema, 'RiskDecisionResponse'],
  [EventResponseSchema, 'EventResponse'],
  [ListEventsResponseSchema, 'EventList'],
  [WebhookEndpointSchema, 'WebhookEndpoint'],
  [CreateWebhookEndpointBodySchema, 'CreateWebhookEndpointRequest'],
  [UpdateWebhookEndpointBodySchema, 'UpdateWebhookEndpointRequest'],
  [CreateWebhookEndpointResponseSchema, 'CreateWebhookEndpointResponse'],
  [WebhookEndpointResponseSchema, 'WebhookEndpointResponse'],
  [RotateWebhookSecretResponseSchema, 'RotateWebhookSecretResponse'],
  [ListWebhookEndpointsResponseSchema, 'WebhookEndpointList'],
  [WebhookDeliveryStatusSchema, 'WebhookDeliveryStatus'],
  [WebhookAttemptSchema, 'WebhookAttempt'],
  [WebhookDeliverySchema, 'WebhookDelivery'],
  [ListWebhookDeliveriesResponseSchema, 'WebhookDeliveryList'],
  [WebhookDeliveryResponseSchema, 'WebhookDeliveryResponse'],
  [ReplayWebhookBodySchema, 'ReplayWebhookRequest'],
  [ReplayFailedWebhooksBodySchema, 'ReplayFailedWebhooksRequest'],
  [ReplayFailedWebhooksResponseSchema, 'ReplayFailedWebhooksResponse'],
  [InvitableRoleSchema, 'InvitableRole'],
  [MemberSchema, 'Member'],
  [MemberResponseSchema, 'MemberResponse'],
  [ListMembersResponseSchema, 'MemberList'],
  [InvitationSchema, 'Invitation'],
  [InvitationResponseSchema, 'InvitationResponse'],
  [ListInvitationsResponseSchema, 'InvitationList'],
  [CreateInvitationBodySchema, 'CreateInvitationRequest'],
  [InvitationPreviewSchema, 'InvitationPreview'],
  [AcceptedInvitationSchema, 'AcceptedInvitation'],
  [MyOrganisationSchema, 'MyOrganisation'],
  [ListMyOrganisationsResponseSchema, 'MyOrganisationList'],
  [OrganisationSettingsSchema, 'OrganisationSettings'],
  [OrganisationSettingsResponseSchema, 'OrganisationSettingsResponse'],
  [UpdateOrganisationBodySchema, 'UpdateOrganisationRequest'],
  [UploadLogoBodySchema, 'UploadLogoRequest'],
  [AuditActionSchema, 'AuditAction'],
  [AuditEventSchema, 'AuditEvent'],
  [ListAuditEventsResponseSchema, 'AuditEventList'],
];

for (const [schema, id] of NAMES) {
  // The same as `.meta({ id })`, on the exported instance itself, keeping any description.
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  else z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}
