import type { PlanId } from '@giftrelay/contracts/leads';

export interface Plan {
  id: PlanId;
  name: string;
  price: string;
  period?: string;
  markup: string;
  summary: string;
  features: string[];
  cta: string;
  isPopular?: boolean;
}

export const PLANS: Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    price: '$0',
    period: 'per month',
    markup: '3% platform markup',
    summary: 'For teams sending their first rewards.',
    features: [
      'The full catalogue',
      'Web app and API access',
      'Email delivery with a claim page',
      'Order history with CSV export',
      'Sandbox mode with 5,000.00 USD of test funds',
    ],
    cta: 'Start Free',
  },
  {
    id: 'growth',
    name: 'Growth',
    price: '$299',
    period: 'per month',
    markup: '2% platform markup',
    summary: 'For programmes that send rewards every week.',
    features: [
      'Everything in Starter',
      'A lower markup on every reward',
      'Dashboard and analytics on all your orders',
      'Order events for your integrations',
      'Priority email support',
    ],
    cta: 'Start with Growth',
    isPopular: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 'Custom',
    markup: 'Under 2% platform markup',
    summary: 'For organisations with volume, procurement and invoices.',
    features: [
      'Everything in Growth',
      'Volume pricing below 2%',
      'Invoicing on Net-30 or Net-60 terms',
      'A named account manager',
      'Security review and custom terms',
    ],
    cta: 'Talk to Sales',
  },
];

export const PRICING_FAQ = [
  {
    question: 'How is the processing fee calculated?',
    answer:
      'Every order carries a processing fee of 2.5% of its subtotal (the amount times the quantity), rounded half-up to the cent. A $25.00 gift card costs $25.00 + $0.63 = $25.63. The send dialog shows the subtotal, the fee and the total before you confirm.',
  },
  {
    question: 'What is the platform markup?',
    answer:
      'It is the margin GiftRelay earns on the gift cards it sources from its fulfilment partners. The rate depends on your plan: 3% on Starter, 2% on Growth and under 2% on Enterprise.',
  },
  {
    question: 'Which currency am I billed in?',
    answer:
      'Your balance is kept in USD. When you send a reward in another currency, it is converted at the rate of that moment; the order keeps the face value, the rate and the amount charged, so every statement reconciles.',
  },
  {
    question: 'Are taxes included?',
    answer:
      'No. Prices and fees do not include taxes. Gift cards given to employees are usually taxable income; check the rules that apply to you with your tax adviser.',
  },
  {
    question: 'When do I pay?',
    answer:
      'Standard terms are due on receipt: you fund your balance before sending. Enterprise customers can be invoiced on Net-30 or Net-60 terms.',
  },
  {
    question: 'Can I try GiftRelay before paying anything?',
    answer:
      'Yes. Sign-up is free and needs no credit card. New organisations start in sandbox mode with 5,000.00 USD of sandbox funds and realistic test codes, so you can try the web app and the API end to end.',
  },
];
