/** The home page's copy that is lists rather than prose. */

export const TEAM_KINDS = ['HR & People', 'Marketing Ops', 'Research & CX', 'Finance', 'Operations', 'Engineering'];

export const TESTIMONIALS = [
  {
    quote:
      'We replaced a spreadsheet and a pile of plastic cards with one send button. Work anniversaries go out on the day now, not three weeks later.',
    name: 'Maya Okafor',
    role: 'Head of People Operations',
  },
  {
    quote:
      'Our survey incentives used to take a week to reconcile. With the API and the order history export, finance signs off the same afternoon.',
    name: 'Daniel Reyes',
    role: 'Research Operations Lead',
  },
  {
    quote:
      'Idempotent orders were the deciding factor. Our referral service retries freely and nobody ever gets paid twice.',
    name: 'Priya Natarajan',
    role: 'Staff Engineer, Growth',
  },
];

export const COMPLIANCE_BADGES = [
  { title: 'PCI-DSS ready', text: 'No card data touches your systems; codes are encrypted at rest.' },
  { title: 'SOC 2 partner attestations', text: 'Our fulfilment partners hold SOC 2 reports we review every year.' },
  { title: 'GDPR-friendly', text: 'We keep only what sending a reward needs. See our privacy policy.' },
];

export const OPERATIONS_FEATURES = [
  {
    icon: 'dashboard',
    title: 'A dashboard on real numbers',
    text: 'Monthly load, gross margin, order count and redemption rate for the month, straight from your orders.',
  },
  {
    icon: 'history',
    title: 'Order history you can search',
    text: 'Find any order by ID, recipient or reward, filter by status and export exactly what you see as CSV.',
  },
  {
    icon: 'wallet',
    title: 'A balance that cannot overspend',
    text: 'A prepaid balance kept as a double-entry ledger: every order holds funds first, so you never go negative.',
  },
  {
    icon: 'repeat',
    title: 'Retries without double sends',
    text: 'Send an Idempotency-Key with each order and a retried request returns the first answer, not a second reward.',
  },
  {
    icon: 'flask',
    title: 'A sandbox to try it all',
    text: 'New organisations start with 5,000.00 USD of sandbox funds and realistic test codes, labelled Sandbox everywhere.',
  },
  {
    icon: 'globe',
    title: 'Many currencies, one bill',
    text: 'Send rewards in the recipient’s currency; you are charged in USD at the rate of the moment, stored on the order.',
  },
] as const;
