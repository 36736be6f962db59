import type { PlanId } from '@giftrelay/contracts/leads';
import { FEE_RATE_LABEL } from '@giftrelay/money';

export interface Plan {
  id: PlanId;
  name: string;
  price: string;
  period?: string;
  /** What every order costs on this plan: the same processing fee on every plan. */
  fee: string;
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
    fee: `Face value + ${FEE_RATE_LABEL} processing fee`,
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
    fee: `Face value + ${FEE_RATE_LABEL} processing fee`,
    summary: 'For programmes that send rewards every week.',
    features: [
      'Everything in Starter',
      'Top Brands, Top Customers and analytics charts',
      'Order events for webhooks and the events API',
      'Priority email support',
    ],
    cta: 'Start with Growth',
    isPopular: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    price: 'Custom',
    fee: `Face value + ${FEE_RATE_LABEL} processing fee`,
    summary: 'For organisations with volume, procurement and invoices.',
    features: [
      'Everything in Growth',
      'Volume terms agreed with sales',
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
      `Every order carries a processing fee of ${FEE_RATE_LABEL} of its subtotal (the amount times the quantity), rounded half-up to the cent. A $25.00 gift card costs $25.00 + $0.63 = $25.63. The send dialog shows the subtotal, the fee and the total before you confirm.`,
  },
  {
    question: 'Does my plan change what an order costs?',
    answer: `No. On every plan an order costs the face value of its gift cards plus the ${FEE_RATE_LABEL} processing fee, and nothing else: what the send dialog shows is what your balance is charged. Plans differ in their monthly price and what they include.`,
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
