export interface Solution {
  id: 'hr' | 'marketing' | 'research' | 'finance';
  tab: string;
  headline: string;
  intro: string;
  figure: { value: string; label: string };
  benefits: { title: string; text: string }[];
  useCases: string[];
}

export const SOLUTIONS: Solution[] = [
  {
    id: 'hr',
    tab: 'HR & People',
    headline: 'Recognition that arrives while it still means something',
    intro:
      'Thank people on the day they hit the milestone, not at the end of the quarter. Managers send a reward in seconds; People Ops keeps the budget and the records.',
    figure: { value: '35%', label: 'lower turnover in teams that recognise people regularly' },
    benefits: [
      {
        title: 'Instant, personal thanks',
        text: 'A reward by email in under 60 seconds, with a claim page the recipient can open on any device.',
      },
      {
        title: 'One budget, many managers',
        text: 'Every send draws on one prepaid balance, so spending is visible and can never run past what you funded.',
      },
      {
        title: 'Choice people actually use',
        text: 'Let people pick from retail, dining and entertainment brands in their own country and currency.',
      },
    ],
    useCases: [
      'Work anniversaries and birthdays',
      'Spot awards from managers',
      'Referral bonuses for new hires',
      'Wellness and learning challenges',
    ],
  },
  {
    id: 'marketing',
    tab: 'Marketing Ops',
    headline: 'Incentives that pay for themselves',
    intro:
      'Reward referrals, reviews and event attendance automatically, the moment the action happens, and see exactly what each campaign cost.',
    figure: { value: '3x', label: 'campaign ROI when incentives are delivered instantly' },
    benefits: [
      {
        title: 'Triggered from your stack',
        text: 'Call the API from your CRM or marketing automation; an Idempotency-Key makes retries safe.',
      },
      {
        title: 'Costs you can attribute',
        text: 'Every order records the amount, the fee and the currency, ready to join with your campaign data.',
      },
      {
        title: 'No fulfilment queue',
        text: 'No codes to buy in advance and no inventory to track: each reward is issued when it is sent.',
      },
    ],
    useCases: ['Customer referral programmes', 'Review and feedback incentives', 'Event and webinar attendance', 'Win-back offers'],
  },
  {
    id: 'research',
    tab: 'Research & CX',
    headline: 'Participants paid on time, every time',
    intro:
      'Thank survey respondents and interview participants as soon as they finish, in their own currency, without collecting bank details.',
    figure: { value: '40%', label: 'higher completion when participants are paid promptly' },
    benefits: [
      {
        title: 'Only an email address',
        text: 'Participants receive a gift card by email; you never handle their payment details.',
      },
      {
        title: 'Global panels',
        text: 'Send in the participant’s currency while your balance stays in USD, at the rate of the moment.',
      },
      {
        title: 'A record for every incentive',
        text: 'Search orders by recipient and export them as CSV for your ethics board or your finance team.',
      },
    ],
    useCases: ['Survey incentives', 'User interviews and usability tests', 'Research panels', 'Customer advisory boards'],
  },
  {
    id: 'finance',
    tab: 'Finance',
    headline: 'Rewards your auditors will like',
    intro:
      'A prepaid balance kept as an append-only ledger, fees you can predict to the cent, and exports that reconcile with your books.',
    figure: { value: '2.5%', label: 'processing fee, the only charge on top of face value' },
    benefits: [
      {
        title: 'Predictable costs',
        text: 'Face value plus a 2.5% processing fee, rounded half-up to the cent, shown before every send.',
      },
      {
        title: 'A ledger, not a guess',
        text: 'Funding, holds, captures and releases are journal entries that are never edited, so the balance always replays.',
      },
      {
        title: 'Terms that fit procurement',
        text: 'Standard terms are due on receipt; Enterprise customers can pay on Net-30 or Net-60.',
      },
    ],
    useCases: ['Centralised reward budgets', 'Month-end reconciliation', 'Multi-currency programmes', 'Audit trails for incentives'],
  },
];
