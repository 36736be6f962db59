import {
  type BlogBrief,
  type CatalogueFacts,
  type Ctx,
  listOf,
  plain,
  splitAudience,
  TONES,
  type Tone,
  titleCase,
} from './blog-context';
import { TOPICS } from './blog-topics';
import { createRng, hash, type Rng } from './prng';

export const VARIANT_LETTERS = ['A', 'B', 'C'] as const;

/**
 * Three complete articles, one per tone (A authoritative, B consultative, C conversational),
 * each after its `## VARIANT X` marker, as the spec's generate-blog-post answers.
 */
export function writeBlogVariants(brief: BlogBrief, facts: CatalogueFacts, seed: number): string {
  return TONES.map(
    (tone, i) => `## VARIANT ${VARIANT_LETTERS[i]}\n\n${writeBlogArticle(brief, facts, tone, seed)}`,
  ).join('\n\n');
}

/** One article of 600+ words in one tone. */
export function writeBlogArticle(brief: BlogBrief, facts: CatalogueFacts, tone: Tone, seed: number): string {
  const rng = createRng(hash(`${seed}:${tone}`));
  const kw = plain(brief.primaryKeyword, 80) || 'employee rewards';
  const audience = plain(brief.audience, 160) || 'HR managers, marketing ops, finance managers';
  const base: Omit<Ctx, 'rng'> = {
    kw,
    Kw: titleCase(kw),
    supporting: brief.supportingKeywords
      .map((k) => plain(k, 60))
      .filter(Boolean)
      .slice(0, 6),
    audience,
    groups: splitAudience(audience),
    facts,
    tone,
    cta: brief.ctaFocus,
  };
  const ctx = (label: string): Ctx => ({ ...base, rng: rng.fork(label) });

  // 'choosing' always, as it carries the catalogue's facts; the others by the seed. The
  // preferred tone's article is one section longer.
  const others = TOPICS.filter((t) => t.id !== 'choosing');
  const picked = new Set(['choosing', ...rng.sample(others, brief.tone === tone ? 7 : 6).map((t) => t.id)]);
  const chosen = TOPICS.filter((t) => picked.has(t.id));
  // Supporting keywords are named once, in the introduction: a sentence per section that only
  // repeats one ("The same reasoning holds for …") is keyword stuffing, not advice (issue 35).
  const sections = chosen.map((topic) => {
    const c = ctx(topic.id);
    return [`## ${topic.heading(c)}`, ...topic.body(c)].join('\n\n');
  });
  return [
    `# ${title(ctx('title'))}`,
    ...intro(ctx('intro')),
    ...sections,
    ...checklist(ctx('checklist')),
    ...closing(ctx('closing')),
  ].join('\n\n');
}

function title(c: Ctx): string {
  const audienceTitle = titleCase(c.groups[0] ?? 'HR Teams');
  return c.rng.pick(
    {
      authoritative: [
        `${c.Kw}: A Practical Guide for ${audienceTitle}`,
        `${c.Kw}: What Works, What It Costs and How to Run It`,
        `The Complete Guide to ${c.Kw}`,
      ],
      consultative: [
        `How to Get ${c.Kw} Right: The Questions to Answer First`,
        `Planning ${c.Kw}: A Step-by-Step Approach`,
        `${c.Kw}: How We Would Set It Up in Your Place`,
      ],
      conversational: [`${c.Kw}, Without the Headache`, `Let's Talk About ${c.Kw}`, `${c.Kw}: The Friendly Guide`],
    }[c.tone],
  );
}

function intro(c: Ctx): string[] {
  const who = listOf(c.groups);
  const first = c.rng.pick(
    {
      authoritative: [
        `Gift cards are the reward most organisations reach for, and for good reason: they are quick to send, easy to budget and, chosen well, they feel like a gift rather than a line on a payslip. They are also easy to get wrong. A card for a shop nobody nearby uses, or a code that arrives weeks after the moment it was meant to mark, turns a thank-you into an irritation.`,
        `Recognition programmes succeed or fail on execution, and the same is true of ${c.kw}. Sent on time, in the right currency and with a specific message, a modest card does more for morale than a larger cash bonus. Sent late or to the wrong market, it is quietly ignored.`,
      ],
      consultative: [
        `If you are weighing up ${c.kw}, you are probably balancing three things: what your people will value, what the programme will cost, and how much effort it will take to run. This guide works through those questions in the order we would tackle them with a client.`,
        `Most teams that ask us about ${c.kw} already know they want to recognise people more often. The harder questions are how: which cards, what values, who approves, and how to tell whether it is working. Let's take them one at a time.`,
      ],
      conversational: [
        `Let's be honest: most "thank you" gestures at work are forgettable. A generic email, a pizza nobody asked for. A gift card chosen for the person and sent on the day does better, as long as you get a few simple things right.`,
        `So you want to thank your people with something better than a round of applause. Good call. Done well, gift cards make ${c.kw} quick, flexible and genuinely appreciated. Here's how to do it well.`,
      ],
    }[c.tone],
  );
  const second = c.rng.pick(
    {
      authoritative: [
        `This guide is written for ${who}. It covers when gift cards work, which kind to choose, how much to give, how to time it and how to run the programme at scale.`,
        `For ${who}, the decisions below determine whether a programme builds goodwill or becomes an administrative burden.`,
      ],
      consultative: [
        `We have written it with ${who} in mind, since each group owns part of the decision. Use it as a checklist to work through together.`,
        `It is aimed at ${who}: each section ends with something you can decide or check this week.`,
      ],
      conversational: [
        `Whether you're in the ${who} crowd or just the person who got handed this project, this one's for you.`,
        `Written for ${who}, and anyone else who'd rather send a great reward than fill in another spreadsheet.`,
      ],
    }[c.tone],
  );
  const extra = c.supporting.length
    ? [
        c.rng.pick(
          {
            authoritative: [
              `Along the way it addresses ${listOf(c.supporting)}.`,
              `Related questions of ${listOf(c.supporting)} are covered where they apply.`,
            ],
            consultative: [
              `If ${listOf(c.supporting, 'or')} is on your list too, you will find it covered below.`,
              `We also touch on ${listOf(c.supporting)}, which often come up in the same conversation.`,
            ],
            conversational: [
              `We'll also get into ${listOf(c.supporting)} along the way.`,
              `And yes, we'll cover ${listOf(c.supporting)} too.`,
            ],
          }[c.tone],
        ),
      ]
    : [];
  return [first, [second, ...extra].join(' ')];
}

/** A summary list before the call to action, its items drawn from the whole programme. */
function checklist(c: Ctx): string[] {
  const items = {
    authoritative: [
      'Define the moments you will recognise and publish the value tiers.',
      'Offer a choice of brands in each recipient’s country and currency.',
      'Send on the day, with a message that names the behaviour.',
      'Agree the tax treatment with payroll before the first reward goes out.',
      'Fund one balance, give senders allowances and keep every record.',
      'Review redemption and the distribution of rewards every quarter.',
      'Count the full cost, including fees and administration, when reporting ROI.',
    ],
    consultative: [
      'Which moments will you recognise, and at what value?',
      'Do your recipients get brands they can use where they live?',
      'How long does it take today from decision to delivery, and can it be the same day?',
      'Has payroll agreed how rewards will be taxed and reported?',
      'Who may send without approval, and up to what amount?',
      'Which two or three numbers will you review each month?',
      'How will you separate the programme’s effect from everything else that changes?',
    ],
    conversational: [
      'Pick your moments and your amounts, then tell everyone.',
      'Let people choose brands that exist where they live.',
      'Send it the same day. Seriously.',
      'Write one specific sentence about what they did.',
      'Have the tax chat with payroll before launch.',
      'Keep all the money in one balance, not on personal cards.',
      'Check every few months that the cards actually get used.',
    ],
  }[c.tone];
  const heading = c.rng.pick(
    {
      authoritative: ['A Short Checklist', 'Summary: The Essentials', 'Key Points'],
      consultative: [
        'Questions to Answer Before You Launch',
        'Your Planning Checklist',
        'Before You Start: A Checklist',
      ],
      conversational: ['The Cheat Sheet', 'TL;DR', 'Quick Recap'],
    }[c.tone],
  );
  const lead = c.rng.pick(
    {
      authoritative: [`Effective programmes for ${c.kw} share the same foundations:`, 'The essentials, in order:'],
      consultative: [
        'Before launch, we suggest working through these questions with your stakeholders:',
        'A checklist to take into your planning meeting:',
      ],
      conversational: ["Here's the whole thing on one screen:", 'If you only remember a few things, make it these:'],
    }[c.tone],
  );
  return [
    `## ${heading}`,
    lead,
    c.rng
      .sample(items, 5)
      .map((item) => `- ${item}`)
      .join('\n'),
  ];
}

const CTA_LINKS = {
  signup: { label: 'Create your free GiftRelay account', href: '/login' },
  trial: { label: 'Start your free trial in the sandbox', href: '/login' },
  demo: { label: 'Book a demo', href: '/contact' },
  case_study: { label: 'Read the ROI guide with a worked example', href: '/blog/roi-employee-incentive-programs' },
} as const;

function closing(c: Ctx): string[] {
  const heading = c.rng.pick(
    {
      signup: {
        authoritative: ['Get Started With GiftRelay', 'Start Sending Rewards Today'],
        consultative: ['Your Next Step: Open an Account', 'Where to Start'],
        conversational: ['Ready to Give It a Go?', 'Go On, Try It'],
      },
      trial: {
        authoritative: ['Try It Risk-Free in the Sandbox', 'Start a Free Trial'],
        consultative: ['Test It Before You Commit', 'A Low-Risk Way to Start'],
        conversational: ['Take It for a Spin', 'Play Around First (For Free)'],
      },
      demo: {
        authoritative: ['See GiftRelay in a Demo', 'Book a Demonstration'],
        consultative: ['Talk It Through With Us', 'Let Us Walk You Through It'],
        conversational: ['Want the Guided Tour?', "Let's Chat"],
      },
      case_study: {
        authoritative: ['See the Results for Yourself', 'The Numbers Behind the Case'],
        consultative: ['Build Your Business Case', 'See How the Numbers Work Out'],
        conversational: ['Want Proof?', "Don't Just Take Our Word for It"],
      },
    }[c.cta][c.tone],
  );
  const body = c.rng.pick(
    {
      signup: {
        authoritative: [
          `GiftRelay lets you fund one balance, choose from a catalogue filtered by each recipient's country and currency, and send rewards for ${c.kw} by email in seconds, with a transparent 2.5% processing fee. Creating an account takes a few minutes and costs nothing.`,
          `An account gives you the full catalogue, delivery in under 60 seconds and a searchable, exportable order history. Setup takes under ten minutes and the Starter plan is free.`,
        ],
        consultative: [
          `When you are ready, the simplest next step is to open a free account and send a first reward to yourself. You will see the catalogue for your recipients' countries, the fee on every order and the email your people will receive.`,
          `We suggest creating a free account and walking through one reward end to end with a colleague from payroll or finance. Most teams know within an afternoon whether it fits.`,
        ],
        conversational: [
          `Sign up for free, send yourself a card, and see what your team will get. It takes about as long as making a coffee.`,
          `Getting started is free and takes a few minutes. Send your first thank-you today, while the moment still counts.`,
        ],
      },
      trial: {
        authoritative: [
          `Every new GiftRelay organisation starts in a sandbox with 5,000 USD of test funds: the complete flow of choosing a card, sending it and claiming it works exactly as in production, with no money at risk.`,
          `Start a free trial: the sandbox behaves exactly like a live account, including the claim page and the API, so your team can evaluate ${c.kw} with no commitment.`,
        ],
        consultative: [
          `We would recommend starting in the sandbox. It comes with test funds, so you can try tiers, messages and even an API integration before a single real reward goes out.`,
          `A trial is the quickest way to answer the open questions in this guide for your own team: send test rewards, look at the claim page, export the history and show it to payroll.`,
        ],
        conversational: [
          `Start a free trial and you get a sandbox with 5,000 USD of pretend money. Send test rewards, click around, break things. Nothing real happens until you're ready.`,
          `No commitment, no card details: the trial gives you test funds to play with, so you can see exactly how it works first.`,
        ],
      },
      demo: {
        authoritative: [
          `A short demonstration covers the catalogue for your recipients' countries, approval rules, bulk sending and the API. Book a demo and a member of the team will tailor it to your programme.`,
          `If you are evaluating providers for ${c.kw}, a demo is the fastest way to compare. We will show the full flow, from funding to the recipient's claim page, and answer questions on fees and tax reporting.`,
        ],
        consultative: [
          `If you would like to talk through your own programme, book a demo. Bring your questions about tiers, approvals and payroll, and we will work through them with you on a real account.`,
          `Every programme is a little different. Book a demo and we will look at your recipients, your budget and your systems together, and suggest a setup.`,
        ],
        conversational: [
          `Rather see it than read about it? Book a quick demo and we'll show you the whole thing in about 20 minutes. Bring questions.`,
          `Grab a slot for a demo. We'll walk you through it, answer the awkward questions, and you can decide if it's for you.`,
        ],
      },
      case_study: {
        authoritative: [
          `Our guide to measuring the ROI of an incentive programme walks through the full calculation with a worked example, including fees, tax gross-up and administration time. It is the evidence most finance teams ask for.`,
          `Programmes that count the full cost and measure retention and referrals consistently show a positive return. The ROI guide sets out the method and a worked example you can adapt.`,
        ],
        consultative: [
          `If you need to convince finance, start from a worked example. Our ROI guide shows the whole calculation, and we are happy to help you adapt it to your own numbers.`,
          `We would suggest reading the worked example in our ROI guide before you draft your business case: it shows which costs to include and how to attribute results honestly.`,
        ],
        conversational: [
          `Want to see how the maths works out? Our ROI guide has a full worked example, with real-looking numbers and no hand-waving.`,
          `If your boss wants numbers, we've got you: the ROI guide walks through a complete example you can borrow.`,
        ],
      },
    }[c.cta][c.tone],
  );
  const link = CTA_LINKS[c.cta];
  return [`## ${heading}`, body, `**[${link.label}](${link.href})**`];
}

/** A built-in answer for a caller that brought no copy of its own: one article on the prompt's first line. */
export function writeFromPrompt(prompt: string, facts: CatalogueFacts, seed: number, rng?: Rng): string {
  const keyword = plain(prompt.split('\n')[0] ?? '', 80) || 'employee rewards';
  const tone = (rng ?? createRng(seed)).pick(TONES);
  return writeBlogArticle(
    { primaryKeyword: keyword, supportingKeywords: [], audience: '', tone, ctaFocus: 'signup' },
    facts,
    tone,
    seed,
  );
}
