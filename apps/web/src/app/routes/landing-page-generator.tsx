import { PageHeading } from '@/components/layout/page-heading';
import { OperatorOnly } from './operator-only';

export function Component() {
  return (
    <OperatorOnly>
      <PageHeading title="AI Landing Page Generator" />
    </OperatorOnly>
  );
}
