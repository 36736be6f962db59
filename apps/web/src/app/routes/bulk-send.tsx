import { BulkSendPage } from '@/features/batches';

export function Component() {
  return <BulkSendPage />;
}
