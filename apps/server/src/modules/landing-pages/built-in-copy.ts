import type { AudienceSegment, GenerateLandingCopyBody, LandingCopy, OfferType } from '@giftrelay/contracts';

/**
 * The built-in writer's landing copy: written sentences around the keyword, chosen by the seed so
 * that Generate again gives other wording, and shaped by the audience and the offer. Used when no
 * LLM is configured, and when an LLM's answer is not the JSON asked for.
 */

/** A small deterministic generator (mulberry32), so one seed always writes the same page. */
function random(seed: number) {
  let a = seed >>> 0 || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const titleCase = (text: string) =>
  text
    .split(/\s+/)
    .map((w) => (w.length > 3 || /^[a-z]/.test(w) === false ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(' ')
    .replace(/^./, (c) => c.toUpperCase());

const AUDIENCE: Record<AudienceSegment, { who: string; team: string; outcome: string; pain: string }> = {
  hr_leaders: {
    who: 'HR leaders',
    team: 'people team',
    outcome: 'recognition that lands the same day it is earned',
    pain: 'spreadsheets of gift-card codes and weeks-late thank-yous',
  },
  marketing_ops: {
    who: 'marketing ops teams',
    team: 'campaign team',
    outcome: 'incentives that pay out the moment a prospect converts',
    pain: 'manual fulfilment that stalls every promotion',
  },
  finance_directors: {
    who: 'finance directors',
    team: 'finance team',
    outcome: 'every reward reconciled to the cent, with one statement a month',
    pain: 'untracked card purchases and expense claims',
  },
};

const OFFER: Record<OfferType, { promise: string; closing: string }> = {
  free_account: {
    promise: 'Open a free account and send your first reward in minutes, no credit card needed.',
    closing: 'Create your free account today; the sandbox is ready as soon as you are.',
  },
  demo: {
    promise: 'Book a 20-minute demo and see a reward travel from your dashboard to an inbox.',
    closing: 'Book a demo and we will walk your team through a live send.',
  },
  enterprise: {
    promise: 'Talk to our sales team about volume pricing, Net-30 terms and a dedicated manager.',
    closing: 'Contact sales for a plan shaped around your volume and approval rules.',
  },
  trial: {
    promise: 'Start a free trial with sandbox funds and try every feature before you commit.',
    closing: 'Start your free trial and send sandbox rewards to your own inbox first.',
  },
};

const HEADLINES = [
  (k: string) => `${k} that arrive in seconds`,
  (k: string) => `${k}, delivered instantly to any inbox`,
  (k: string) => `The simplest way to run ${k.toLowerCase()}`,
  (k: string) => `${k} your people will actually use`,
];

const SUBHEADLINES = [
  (who: string, outcome: string) =>
    `GiftRelay gives ${who} ${outcome}: choose from thousands of digital gift cards in 190 countries and send them by email or API.`,
  (who: string, outcome: string) =>
    `Built for ${who} who want ${outcome}, with a real-time dashboard, approval rules and a transparent 2.5% processing fee.`,
  (who: string, outcome: string) =>
    `${titleCase(who)} use GiftRelay for ${outcome}. Pick a brand, set an amount, and the reward is in the recipient's inbox in under 60 seconds.`,
];

const BENEFITS = [
  {
    title: 'Delivered in under 60 seconds',
    body: 'Rewards go out by email the moment you press send, with a claim page that shows the code, PIN and how to redeem it.',
  },
  {
    title: 'Thousands of brands worldwide',
    body: 'Retail, food and drink, travel, entertainment and prepaid cards in local currencies, so every recipient gets something they value.',
  },
  {
    title: 'Transparent pricing',
    body: 'A flat 2.5% processing fee on the subtotal, shown before you send. No setup fees, no minimums, no hidden breakage.',
  },
  {
    title: 'Controls finance will sign off',
    body: 'Approval rules, spending caps and an append-only ledger keep every reward accounted for and auditable.',
  },
  {
    title: 'An API when you are ready',
    body: 'Send rewards from your own systems with a REST API, signed webhooks and idempotent requests.',
  },
  {
    title: 'Real-time reporting',
    body: 'See spend, redemption and delivery by day, brand and country, and export any view as CSV.',
  },
];

const STEPS = [
  [
    {
      title: 'Create your account',
      body: 'Sign up with your work email; your sandbox balance is ready straight away.',
    },
    { title: 'Fund your balance', body: 'Top up by card or bank transfer, or keep testing with sandbox funds.' },
  ],
  [
    {
      title: 'Choose the rewards',
      body: 'Filter the catalogue by country, currency and category and pick the brands that fit.',
    },
    { title: 'Set your rules', body: 'Decide who may send, what needs approval and how much each team can spend.' },
  ],
  [
    {
      title: 'Send and track',
      body: 'Send one reward or a CSV of thousands, then follow every delivery and redemption live.',
    },
    { title: 'Automate it', body: 'Connect the API or webhooks so rewards go out the moment a milestone is reached.' },
  ],
];

function useCases(keyword: string) {
  const k = keyword.toLowerCase();
  return {
    hr: {
      title: 'HR & People',
      body: `Use ${k} for work anniversaries, spot awards and onboarding gifts, sent the day they are earned.`,
      points: ['Anniversary and birthday rewards', 'Peer-to-peer recognition', 'Referral bonuses paid instantly'],
    },
    marketing: {
      title: 'Marketing',
      body: `Turn ${k} into campaign incentives that pay out the moment a lead converts or a survey is completed.`,
      points: ['Survey and research incentives', 'Demo and webinar attendance rewards', 'Customer referral programmes'],
    },
    finance: {
      title: 'Finance',
      body: `Keep ${k} on budget: every reward is held, captured and reconciled in one ledger with monthly statements.`,
      points: ['One balance for every team', 'CSV and PDF statements', 'Approval rules above any amount'],
    },
  };
}

function faq(keyword: string, offer: OfferType): LandingCopy['faq'] {
  const k = keyword.toLowerCase();
  const first =
    offer === 'enterprise'
      ? {
          question: 'Do you offer invoicing and volume pricing?',
          answer:
            'Yes. Enterprise plans have Net-30 or Net-60 terms, a platform markup under 2% and a dedicated account manager.',
        }
      : offer === 'trial' || offer === 'free_account'
        ? {
            question: 'Do I need a credit card to start?',
            answer:
              'No. Sign-up is free and every new account gets sandbox funds to send test rewards before going live.',
          }
        : {
            question: 'What happens in the demo?',
            answer:
              'We send a reward live from the dashboard, show the recipient’s claim page and answer your questions about rules, reporting and the API.',
          };
  return [
    first,
    {
      question: `How quickly are ${k} delivered?`,
      answer:
        'Most rewards reach the recipient’s inbox in under 60 seconds. Each one has a secure claim link with the code, PIN and redemption steps.',
    },
    {
      question: 'Which brands and countries can we send?',
      answer:
        'Thousands of gift cards and prepaid cards across about 190 countries, each in its local currency, converted at a locked rate when you send.',
    },
  ];
}

export function builtInLandingCopy(body: GenerateLandingCopyBody, seed: number): LandingCopy {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const keyword = titleCase(body.primary_keyword.trim().replace(/\s+/g, ' '));
  const audience = AUDIENCE[body.audience_segment];
  const offer = OFFER[body.offer_type];
  const supporting = (body.supporting_keywords ?? '')
    .split(',')
    .map((s) => s.trim().slice(0, 40))
    .filter(Boolean)
    .slice(0, 2);

  const start = Math.floor(next() * BENEFITS.length);
  const benefits = [0, 1, 2].map((i) => BENEFITS[(start + i * 2) % BENEFITS.length] as (typeof BENEFITS)[number]);
  if (supporting.length) {
    benefits[2] = {
      title: `Built for ${supporting.join(' and ')}`.slice(0, 120),
      body: `Whether you need ${supporting.join(' or ')}, GiftRelay sends it from the same balance, with the same rules and reporting.`,
    };
  }

  return {
    headline: pick(HEADLINES)(keyword).slice(0, 160),
    subheadline: `${pick(SUBHEADLINES)(audience.who, audience.outcome)} ${offer.promise}`,
    benefits: benefits.map((b) => ({ ...b })),
    steps: STEPS.map((choices) => ({ ...pick(choices) })),
    use_cases: useCases(keyword),
    faq: faq(keyword, body.offer_type).map((f, i) =>
      i === 0 && next() < 0.5
        ? f
        : {
            ...f,
            answer: i === 2 ? `${f.answer} ${offer.closing}` : f.answer,
          },
    ),
  };
}

export const LANDING_SYSTEM_PROMPT = [
  'You write landing-page copy for GiftRelay, a platform that sends digital gift cards and prepaid rewards by email and API.',
  'Answer with one JSON object only, no prose and no code fences, of this shape:',
  '{"headline": string (≤ 160 chars), "subheadline": string (≤ 600), "benefits": [{"title","body"}] × 3,',
  '"steps": [{"title","body"}] × 3, "use_cases": {"hr": {"title","body","points": [string × 3]}, "marketing": {…}, "finance": {…}},',
  '"faq": [{"question","answer"}] × 3}. Titles ≤ 120 characters, bodies ≤ 600. Facts you may use: delivery in under 60 seconds,',
  'about 190 countries, a 2.5% processing fee, a free sandbox, approval rules, a REST API with webhooks.',
].join(' ');

export function landingPrompt(body: GenerateLandingCopyBody, audiencePain = AUDIENCE[body.audience_segment].pain) {
  return [
    `Primary keyword: ${body.primary_keyword}`,
    `Supporting keywords: ${body.supporting_keywords || 'none'}`,
    `Audience: ${AUDIENCE[body.audience_segment].who} (their problem: ${audiencePain})`,
    `Offer: ${OFFER[body.offer_type].promise}`,
  ].join('\n');
}
