export { AvailableBalance } from './components/available-balance';
export { BillingPage } from './components/billing-page';
export { HeaderBalance } from './components/header-balance';
