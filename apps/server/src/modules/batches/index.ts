/** The module's public entry: what other modules may use (decision 018). */
export { expireWaitingBatches } from './approvals';
export { finishSettledBatches } from './completion';
export { batchesPlugin } from './plugin';
