import type { AudienceSegment, GenerateLandingCopyBody, LandingCopy, OfferType } from '@giftrelay/contracts';
import { FEE_RATE_LABEL } from '@giftrelay/money';
import { type InstanceFacts, listOf, numberWord } from '../writer';

/**
 * The built-in writer's landing copy: written sentences chosen by the seed (Generate again gives
 * other wording), shaped by the audience and the offer, and claiming only what this instance can
 * back (issue 35): its own catalogue, the funding its configuration sets up, email delivery. The
 * keyword is the page's H1 (the page sets it in title case), so the copy names it once, in one FAQ
 * question, rather than in every block. Used when no LLM is configured, and when an LLM's answer is
 * not the JSON asked for.
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

const AUDIENCE: Record<AudienceSegment, { who: string; outcome: string; pain: string }> = {
  hr_leaders: {
    who: 'HR leaders',
    outcome: 'recognition that lands the day it is earned',
    pain: 'spreadsheets of gift-card codes and weeks-late thank-yous',
  },
  marketing_ops: {
    who: 'marketing ops teams',
    outcome: 'incentives that pay out when a prospect converts',
    pain: 'manual fulfilment that stalls every promotion',
  },
  finance_directors: {
    who: 'finance directors',
    outcome: 'every reward recorded to the cent in one ledger',
    pain: 'untracked card purchases and expense claims',
  },
};

const OFFER: Record<OfferType, string> = {
  free_account: 'Open a free account and send a first test reward to your own inbox; no credit card is needed.',
  demo: 'Book a 20-minute demo and watch a reward travel from the dashboard to an inbox.',
  enterprise: 'Talk to our sales team about volume terms, invoicing on Net-30 terms and a named account manager.',
  trial: 'Start with sandbox funds and try every feature before any real money moves.',
};

const HEADLINES = [
  'Rewards your people can spend where they live',
  'One balance, one send button, every reward on record',
  'Send a reward by email the moment it is earned',
  'Recognition on the day, not three weeks later',
];

const plural = (n: number, one: string, many: string) => `${numberWord(n)} ${n === 1 ? one : many}`;

/** "100 brands in 7 countries", or null when the catalogue is empty (then no figure is claimed). */
export function catalogueSize(facts: InstanceFacts): string | null {
  if (facts.brands === 0) return null;
  return `${plural(facts.brands, 'brand', 'brands')} in ${plural(facts.countries, 'country', 'countries')}`;
}

/** How a live organisation can fund its balance here, or null when the configuration offers nothing. */
export function fundingPhrase(facts: InstanceFacts): string | null {
  const { card, bankTransfer } = facts.funding;
  if (card && bankTransfer) return 'by card on Stripe’s payment page or by bank transfer';
  if (card) return 'by card on Stripe’s payment page';
  if (bankTransfer) return 'by bank transfer';
  return null;
}

function subheadline(facts: InstanceFacts, audience: (typeof AUDIENCE)[AudienceSegment], pick: <T>(x: T[]) => T) {
  const size = catalogueSize(facts);
  const choose = size
    ? `Choose from ${size}, among them ${listOf(facts.sampleBrands.slice(0, 3))}, and send by email from the web app or the API.`
    : 'Choose a card from the catalogue and send it by email from the web app or the API.';
  return pick([
    `GiftRelay gives ${audience.who} ${audience.outcome}. ${choose}`,
    `Built for ${audience.who} who want ${audience.outcome}. ${choose}`,
  ]);
}

function benefits(facts: InstanceFacts) {
  const size = catalogueSize(facts);
  return [
    {
      title: 'Delivered by email with a claim page',
      body: 'Each reward is emailed as soon as the order is placed, with a claim page that shows the code, the PIN and how to redeem it.',
    },
    ...(size
      ? [
          {
            title: `${size.charAt(0).toUpperCase()}${size.slice(1)}`,
            body: `Categories such as ${listOf(facts.categories.slice(0, 3).map((c) => c.toLowerCase()))}, each card in its country’s currency, so every recipient gets one they can use.`,
          },
        ]
      : []),
    {
      title: 'The fee shown before you send',
      body: `A ${FEE_RATE_LABEL} processing fee on the subtotal, the same on every plan, in the send dialog before you confirm.`,
    },
    {
      title: 'Controls finance will sign off',
      body: 'Roles, approval rules and an append-only ledger that never goes negative keep every reward accounted for.',
    },
    {
      title: 'An API when you are ready',
      body: 'Send rewards from your own systems with a REST API, signed webhooks and idempotent requests.',
    },
    {
      title: 'Figures you can export',
      body: 'Spend and redemption on the dashboard, and the order history as CSV, filtered the way you see it.',
    },
  ];
}

function steps(facts: InstanceFacts, pick: <T>(x: T[]) => T) {
  const funding = fundingPhrase(facts);
  return [
    pick([
      {
        title: 'Create your account',
        body: 'Sign up with your work email; a sandbox with 5,000 USD of test funds is ready straight away.',
      },
      {
        title: 'Start in the sandbox',
        body: 'Every new organisation gets 5,000 USD of test funds to send sandbox rewards to its own inbox.',
      },
    ]),
    funding
      ? {
          title: 'Fund your balance',
          body: `Once you go live, top up ${funding}; until then, keep testing with sandbox funds.`,
        }
      : pick([
          {
            title: 'Choose the rewards',
            body: 'Filter the catalogue by country, currency and category and pick the brands that fit.',
          },
          { title: 'Set your rules', body: 'Decide who may send, and which orders wait for an approver first.' },
        ]),
    pick([
      {
        title: 'Send and track',
        body: 'Send one reward or upload a CSV for many, then follow each delivery and claim in the order history.',
      },
      {
        title: 'Automate it',
        body: 'Connect the API or webhooks so rewards go out the moment a milestone is reached.',
      },
    ]),
  ];
}

const USE_CASES: LandingCopy['use_cases'] = {
  hr: {
    title: 'HR & People',
    body: 'Work anniversaries, spot awards and onboarding gifts, sent the day they are earned.',
    points: ['Anniversary and birthday rewards', 'Peer-to-peer recognition', 'Referral bonuses'],
  },
  marketing: {
    title: 'Marketing',
    body: 'Survey, webinar and referral incentives that pay out when the lead converts, from the API or a CSV.',
    points: ['Survey and research incentives', 'Demo and webinar attendance rewards', 'Customer referral programmes'],
  },
  finance: {
    title: 'Finance',
    body: 'Every reward is held, captured and recorded in one ledger, with a monthly statement per organisation.',
    points: ['One balance for every team', 'Statements as PDF and CSV', 'Approval rules above an amount'],
  },
};

function faq(keyword: string, offer: OfferType, facts: InstanceFacts): LandingCopy['faq'] {
  const first =
    offer === 'enterprise'
      ? {
          question: 'Do you offer invoicing and volume terms?',
          answer:
            'Yes. Enterprise plans have volume terms agreed with sales, invoicing on Net-30 or Net-60 terms and a named account manager.',
        }
      : offer === 'trial' || offer === 'free_account'
        ? {
            question: 'Do I need a credit card to start?',
            answer:
              'No. Sign-up is free and every new organisation gets sandbox funds to send test rewards before going live.',
          }
        : {
            question: 'What happens in the demo?',
            answer:
              'We send a reward from the dashboard, show the recipient’s claim page and answer your questions about rules, reporting and the API.',
          };
  const size = catalogueSize(facts);
  const shown = facts.countryNames.slice(0, 5);
  const more = facts.countries - shown.length;
  const where = more > 0 ? `${listOf(shown.concat(`${numberWord(more)} more`))}` : listOf(shown);
  return [
    first,
    {
      question: `How do ${keyword.toLowerCase()} reach people?`,
      answer:
        'By email, as soon as the order is placed. Each reward has its own claim link with the code, the PIN and how to redeem it.',
    },
    {
      question: 'Which brands and countries can we send?',
      answer: size
        ? `The catalogue holds ${size}: ${where}. Each card is in its country’s currency; you are charged in USD at the rate of the moment.`
        : 'Whatever the catalogue lists for the recipient’s country; it is copied from the gift-card provider and shown at /catalog.',
    },
  ];
}

/** The brand strip's facts: the server sets them from the catalogue, whoever wrote the rest. */
export function brandStrip(facts: InstanceFacts): LandingCopy['brands'] {
  const size = catalogueSize(facts);
  if (!size) return undefined;
  return { lead: `Gift cards from ${size}, including`, names: facts.sampleBrands.slice(0, 8) };
}

export function builtInLandingCopy(body: GenerateLandingCopyBody, seed: number, facts: InstanceFacts): LandingCopy {
  const next = random(seed);
  const pick = <T>(items: T[]): T => items[Math.floor(next() * items.length)] as T;
  const keyword = body.primary_keyword.trim().replace(/\s+/g, ' ');
  const audience = AUDIENCE[body.audience_segment];
  const pool = benefits(facts);
  const start = Math.floor(next() * pool.length);
  const chosen = [0, 1, 2].map((i) => pool[(start + i * 2) % pool.length] as (typeof pool)[number]);
  const strip = brandStrip(facts);
  return {
    headline: pick(HEADLINES),
    subheadline: `${subheadline(facts, audience, pick)} ${OFFER[body.offer_type]}`,
    benefits: [...new Map(chosen.map((b) => [b.title, { ...b }])).values()],
    steps: steps(facts, pick),
    use_cases: structuredClone(USE_CASES),
    faq: faq(keyword, body.offer_type, facts),
    ...(strip ? { brands: strip } : {}),
  };
}

export const LANDING_SYSTEM_PROMPT = [
  'You write landing-page copy for GiftRelay, a platform that sends digital gift cards and prepaid rewards by email and API.',
  'Answer with one JSON object only, no prose and no code fences, of this shape:',
  '{"headline": string (≤ 160 chars), "subheadline": string (≤ 600), "benefits": [{"title","body"}] × 3,',
  '"steps": [{"title","body"}] × 3, "use_cases": {"hr": {"title","body","points": [string × 3]}, "marketing": {…}, "finance": {…}},',
  '"faq": [{"question","answer"}] × 3}. Titles ≤ 120 characters, bodies ≤ 600.',
  'State only the facts in the message (the catalogue’s size, countries, funding, delivery): no other figures, no customers, no quotes,',
  'no sentence that could be on any page ("Whether you need X or Y…"), and the primary keyword at most twice.',
].join(' ');

export function landingPrompt(body: GenerateLandingCopyBody, facts: InstanceFacts) {
  const audience = AUDIENCE[body.audience_segment];
  const funding = fundingPhrase(facts);
  return [
    `Primary keyword: ${body.primary_keyword}`,
    `Supporting keywords: ${body.supporting_keywords || 'none'}`,
    `Audience: ${audience.who} (their problem: ${audience.pain})`,
    `Offer: ${OFFER[body.offer_type]}`,
    `Catalogue: ${catalogueSize(facts) ?? 'empty for now (state no size)'}${facts.countryNames.length ? `; countries include ${listOf(facts.countryNames.slice(0, 5))}` : ''}; brands include ${listOf(facts.sampleBrands.slice(0, 5)) || 'none yet'}`,
    `Funding a live balance: ${funding ?? 'not set up on this instance (do not mention cards or bank transfers)'}; new organisations get 5,000 USD of sandbox test funds`,
    `Delivery: ${listOf([...facts.channels])}, with a claim page; a ${FEE_RATE_LABEL} processing fee on the subtotal`,
  ].join('\n');
}
