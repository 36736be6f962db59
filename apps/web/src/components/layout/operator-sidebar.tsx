import {
  ArrowLeftRight,
  ChartLine,
  Inbox,
  Landmark,
  LayoutTemplate,
  PenLine,
  Quote,
  Rocket,
  ScanSearch,
  SearchCheck,
  ShieldAlert,
  ShieldCheck,
} from 'lucide-react';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth/use-session';
import { type SidebarContentProps, SidebarNav } from './app-sidebar';
import { useWaitingReviews } from './use-waiting-reviews';

/**
 * The operator area's navigation (issue 35): GiftRelay's own work (going live, rewards in review,
 * bank transfers, who is an operator), the marketing studio (decisions 041, 048), and the way
 * back to the organisation the operator also belongs to.
 */
export function OperatorSidebarContent(props: SidebarContentProps) {
  const user = useUser();
  const held = useWaitingReviews('platform', true);
  return (
    <SidebarNav
      {...props}
      groups={[
        {
          title: 'Operations',
          items: [
            { to: paths.operatorLiveRequests, label: 'Go-live requests', icon: Rocket },
            { to: paths.operatorRewardReviews, label: 'Reward review', icon: SearchCheck },
            // Platform risk rules and what they held (decision 083).
            { to: paths.operatorRiskReviews, label: 'Risk review', icon: ScanSearch, count: held },
            { to: paths.operatorRiskRules, label: 'Risk rules', icon: ShieldAlert },
            { to: paths.operatorBankTransfers, label: 'Bank transfers', icon: Landmark },
            { to: paths.operatorGrants, label: 'Operators', icon: ShieldCheck },
          ],
        },
        {
          title: 'Marketing',
          items: [
            { to: paths.blogGenerator, label: 'Blog generator', icon: PenLine },
            { to: paths.landingPageGenerator, label: 'Landing pages', icon: LayoutTemplate },
            { to: paths.marketingLeads, label: 'Leads', icon: Inbox },
            { to: paths.marketingTestimonials, label: 'Testimonials', icon: Quote },
            { to: paths.marketingAnalytics, label: 'Site analytics', icon: ChartLine },
          ],
        },
        {
          title: 'Your organisation',
          items: [{ to: paths.dashboard, label: `Back to ${user.organisation.name}`, icon: ArrowLeftRight }],
        },
      ]}
    />
  );
}
