/** The home page's copy that is lists rather than prose. */

export const TEAM_KINDS = ['HR & People', 'Marketing Ops', 'Research & CX', 'Finance', 'Operations', 'Engineering'];

/** Each one true of this codebase; the Security page (/security) says how. */
export const COMPLIANCE_BADGES = [
  {
    title: 'Codes encrypted at rest',
    text: 'Gift-card codes, PINs and claim links are stored encrypted with AES-256-GCM, under keys that rotate.',
  },
  {
    title: 'Card payments on Stripe’s page',
    text: 'Card top-ups go through Stripe Checkout: card details never touch GiftRelay or your systems.',
  },
  {
    title: 'Signed, scoped and audited',
    text: 'Two-factor sign-in, hashed and scoped API keys, signed webhooks and an audit log of every change.',
  },
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
