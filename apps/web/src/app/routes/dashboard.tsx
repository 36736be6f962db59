import { PageHeading } from '@/components/layout/page-heading';

export function Component() {
  return <PageHeading title="Dashboard" />;
}
