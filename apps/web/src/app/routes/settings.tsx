import { Navigate, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/layout/page-heading';
import { Forbidden } from '@/components/ui/forbidden';
import { Tabs } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { AgentActivitySection } from '@/features/agent-activity';
import { ApiKeysSection } from '@/features/api-keys';
import { ApprovalRulesSection } from '@/features/approvals';
import { AuditLogSection } from '@/features/audit-log';
import { MembersSection } from '@/features/members';
import { ConnectedAppsSection } from '@/features/oauth';
import { OrganisationSettingsSection } from '@/features/organisation-settings';
import { ProfileSection } from '@/features/profile';
import { RiskRulesSection } from '@/features/risk';
import { WebhooksSection } from '@/features/webhooks';
import { useCan } from '@/lib/auth/use-can';
import { useIsOperator } from '@/lib/auth/use-operator';
import { useUser } from '@/lib/auth/use-session';

const TAB_IDS = ['organisation', 'profile', 'members', 'approvals', 'risk', 'audit-log', 'developers'] as const;
type TabId = (typeof TAB_IDS)[number];
const isTab = (v: string | null): v is TabId => TAB_IDS.some((t) => t === v);

/** Settings, one tab per area; `?tab=` names the open one, so a tab can be linked to and reloaded. */
export function Component() {
  const user = useUser();
  const canManageKeys = useCan('listApiKeys');
  const canReadAudit = useCan('listAuditEvents');
  const canManageRisk = useCan('listRiskRules');
  const isOperator = useIsOperator();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  // The Operators tab moved to the operator area (issue 35): old links still lead there. To anyone
  // but an operator it never existed (decision 041): they get Organisation.
  if (requested === 'operators' && isOperator) return <Navigate to={paths.operatorLiveRequests} replace />;
  const tab: TabId = isTab(requested) ? requested : 'organisation';
  const tabs = [
    { id: 'organisation', label: 'Organisation', panel: <OrganisationSettingsSection /> },
    { id: 'profile', label: 'Profile & security', panel: <ProfileSection /> },
    { id: 'members', label: 'Members', panel: <MembersSection /> },
    { id: 'approvals', label: 'Approvals', panel: <ApprovalRulesSection /> },
    {
      id: 'risk',
      label: 'Risk',
      panel: canManageRisk ? (
        <RiskRulesSection />
      ) : (
        <Forbidden role={user.role} title="Only owners and admins manage risk rules" />
      ),
    },
    {
      id: 'audit-log',
      label: 'Audit log',
      panel: canReadAudit ? (
        <AuditLogSection />
      ) : (
        <Forbidden role={user.role} title="Only owners and admins can read the audit log" />
      ),
    },
    {
      id: 'developers',
      label: 'Developers',
      panel: canManageKeys ? (
        <div className="grid gap-12">
          <ApiKeysSection />
          <ConnectedAppsSection />
          <AgentActivitySection />
          <WebhooksSection />
        </div>
      ) : (
        <Forbidden role={user.role} title="Only owners and admins manage API keys and webhooks" />
      ),
    },
  ];
  return (
    <PageHeading title="Settings">
      <div className="mt-8">
        <Tabs
          items={tabs}
          label="Settings"
          variant="side"
          value={tab}
          onValueChange={(next) => setParams({ tab: next }, { replace: true })}
        />
      </div>
    </PageHeading>
  );
}
