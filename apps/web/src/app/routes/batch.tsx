import { BatchPage } from '@/features/batches';

export function Component() {
  return <BatchPage />;
}
