import { AppLayout } from '@/components/layout/app-layout';
import { OperatorSidebarContent } from '@/components/layout/operator-sidebar';
import { paths } from '@/config/paths';

const OPERATOR_AREA = { name: 'Operator area', home: paths.operatorLiveRequests, Sidebar: OperatorSidebarContent };

/** The operators' frame (issue 35): the signed-in shell with their navigation and nothing of a customer's. */
export function Component() {
  return <AppLayout area={OPERATOR_AREA} />;
}
