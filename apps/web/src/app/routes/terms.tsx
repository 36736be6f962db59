import { LegalPage, termsMarkdown as terms } from '@/features/legal';

export function Component() {
  return (
    <LegalPage
      title="Terms of Service"
      description="The terms for using GiftRelay: accounts, sandbox mode, balance, fees and payment, orders and rewards, acceptable use and the API."
      updated="May 1, 2025"
      body={terms}
    />
  );
}
