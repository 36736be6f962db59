/** The feature's barrel: everything outside the feature imports it from here (decision 018). */

export { ApprovalQueue } from './components/approval-queue';
export { ApprovalRulesSection } from './components/approval-rules-section';
export { WaitingBatches } from './components/waiting-batches';
