export { BatchPage } from './components/batch-page';
export { BatchesPage } from './components/batches-page';
export { BulkSendPage } from './components/bulk-send-page';
