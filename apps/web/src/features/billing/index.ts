export { balanceQueryOptions, useBalance } from './api/get-balance';
export { AvailableBalance } from './components/available-balance';
export { BillingPage } from './components/billing-page';
export { FundsShortfall } from './components/funds-shortfall';
export { HeaderBalance } from './components/header-balance';
export { SendingFrozenBanner } from './components/sending-frozen-banner';
