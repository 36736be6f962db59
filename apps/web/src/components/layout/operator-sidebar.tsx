import {
  ArrowLeftRight,
  ChartLine,
  Inbox,
  Landmark,
  LayoutTemplate,
  PenLine,
  Quote,
  Rocket,
  SearchCheck,
  ShieldCheck,
} from 'lucide-react';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth/use-session';
import { type SidebarContentProps, SidebarNav } from './app-sidebar';

/**
 * The operator area's navigation (issue 35): GiftRelay's own work (going live, rewards in review,
 * bank transfers, who is an operator), the marketing studio (decisions 041, 048), and the way
 * back to the organisation the operator also belongs to.
 */
export function OperatorSidebarContent(props: SidebarContentProps) {
  const user = useUser();
  return (
    <SidebarNav
      {...props}
      groups={[
        {
          title: 'Operations',
          items: [
            { to: paths.operatorLiveRequests, label: 'Go-live requests', icon: Rocket },
            { to: paths.operatorRewardReviews, label: 'Reward review', icon: SearchCheck },
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
