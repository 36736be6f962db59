export { SendRewardDialog } from './components/send-reward-dialog';
