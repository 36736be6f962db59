import { BatchesPage } from '@/features/batches';

export function Component() {
  return <BatchesPage />;
}
