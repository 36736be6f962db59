import { useParams } from 'react-router';
import { PageHeading } from '@/components/layout/page-heading';

export function Component() {
  const { slug = '' } = useParams();
  return <PageHeading title={slug.replace(/-/g, ' ')} />;
}
