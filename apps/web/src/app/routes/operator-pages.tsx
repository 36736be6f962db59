import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageHeading } from '@/components/layout/page-heading';
import { paths } from '@/config/paths';
import {
  BankTransfersSection,
  LiveRequestsSection,
  OperatorsSection,
  RewardReviewsSection,
} from '@/features/operators';
import { PlatformRulesSection, ReviewQueue } from '@/features/risk';
import { OperatorOnly } from './operator-only';

// The operator area's pages (issue 35), one per piece of GiftRelay's own work; they were the
// Settings → Operators tab, which now sends its visitors here.
const PAGES = {
  'live-requests': { title: 'Go-live requests', section: <LiveRequestsSection /> },
  'reward-reviews': { title: 'Reward review', section: <RewardReviewsSection /> },
  // What platform risk rules held, in any organisation, and the rules themselves (decision 083).
  'risk-reviews': { title: 'Risk review', section: <ReviewQueue scope="platform" /> },
  'risk-rules': { title: 'Risk rules', section: <PlatformRulesSection /> },
  'bank-transfers': { title: 'Bank transfers', section: <BankTransfersSection /> },
  operators: { title: 'Operators', section: <OperatorsSection /> },
} satisfies Record<string, { title: string; section: ReactNode }>;

export function operatorRoute(page: keyof typeof PAGES) {
  const { title, section } = PAGES[page];
  return {
    Component: () => (
      <OperatorOnly>
        <PageHeading title={title}>
          <div className="mt-8">{section}</div>
        </PageHeading>
      </OperatorOnly>
    ),
  };
}

/** /operator: the area's first page. */
export function Component() {
  return (
    <OperatorOnly>
      <Navigate to={paths.operatorLiveRequests} replace />
    </OperatorOnly>
  );
}
