export { SendRewardDialog } from './components/send-reward-dialog';
export type { ChoiceToSend } from './utils/send-form';
