import { type Ctx, count, listOf, type Tone } from './blog-context';

/**
 * The sections a built-in article draws from. Each knows what the six published articles and the
 * catalogue know, and says it in each tone with several phrasings; the seed picks among them.
 */
export interface Topic {
  id: string;
  heading: (c: Ctx) => string;
  body: (c: Ctx) => string[];
}

type ByTone<T> = Record<Tone, T>;
const byTone = <T>(c: Ctx, options: ByTone<T>): T => options[c.tone];
const one = (c: Ctx, options: ByTone<string[]>) => c.rng.pick(options[c.tone]);

/** "the United States", "Canada": country names as they read in a sentence. */
const countryName = (name: string) =>
  /^(United |Netherlands|Philippines|Czech Republic|Dominican Republic|Bahamas|Gambia)/.test(name)
    ? `the ${name}`
    : name;

function catalogueLine(c: Ctx): string {
  const f = c.facts;
  if (!f.brands) {
    return byTone(c, {
      authoritative:
        'A catalogue that spans retail, dining, entertainment, travel and prepaid cards, filtered by the recipient’s country and currency, removes most of the guesswork.',
      consultative:
        'Ask any provider you evaluate to show you its catalogue filtered by your recipients’ countries and currencies: that view tells you more than any brochure.',
      conversational:
        'The trick is a catalogue you can filter by where your people actually live, so nobody gets a card for a shop that is a plane ride away.',
    });
  }
  const countries = listOf(f.countryNames.slice(0, 4).map(countryName));
  const categories = listOf(f.categories.slice(0, 5).map((x) => x.toLowerCase()));
  const brands = listOf(f.sampleBrands.slice(0, 4));
  return byTone(c, {
    authoritative: `GiftRelay’s catalogue currently lists ${count(f.brands)} brands across ${count(f.countries)} countries, including ${countries}, in categories such as ${categories}. Recipients see only cards issued in their own country and currency.`,
    consultative: `For reference, the GiftRelay catalogue today holds ${count(f.brands)} brands in ${count(f.countries)} countries (among them ${countries}), grouped into ${categories}. We suggest a shortlist of five or six per country from that list before you launch.`,
    conversational: `Right now the GiftRelay catalogue has ${count(f.brands)} brands in ${count(f.countries)} countries, with names like ${brands}, so there is usually something people genuinely want.`,
  });
}

const why: Topic = {
  id: 'why',
  heading: (c) =>
    one(c, {
      authoritative: [
        `Why Gift Cards Beat Cash for ${c.Kw}`,
        'The Case for Gift Cards Over Cash',
        'What the Research Says About Non-Cash Rewards',
      ],
      consultative: [
        'Start With the Reason: Why Not Just Pay Cash?',
        'Is a Gift Card the Right Reward for You?',
        'Questions to Ask Before You Choose Gift Cards',
      ],
      conversational: [
        'Why Not Just Send Cash?',
        'Cash Is Boring (and Forgettable)',
        'What Makes a Gift Card Feel Like a Gift',
      ],
    }),
  body: (c) => [
    one(c, {
      authoritative: [
        `Cash is flexible, but it disappears. A $50 bonus lands in the same account as the rent and the groceries, and within a week it is forgotten. A gift card is spent on something the recipient chose, and that purchase is remembered as the reward. Incentive researchers call this trophy value: the reward stays attached to the achievement. That is the core argument for ${c.kw}.`,
        `The evidence on non-cash rewards is consistent: a reward people can picture is remembered longer than the same amount added to a payslip. A gift card turns a thank-you into a purchase the recipient chose, which keeps the achievement and the reward linked. For ${c.kw}, that link is the entire point.`,
      ],
      consultative: [
        `Before committing to ${c.kw}, it is worth asking what you want the reward to do. If the aim is compensation, cash or salary is the honest tool. If the aim is recognition, something the person chooses and remembers works better, and that is where a gift card earns its place.`,
        `We usually begin by asking teams one question: what should people remember a month from now? A cash bonus rarely passes that test; it merges with the rest of the month’s income. A card spent on something the recipient picked tends to be remembered alongside the reason it was given.`,
      ],
      conversational: [
        `Here’s the thing about cash: it vanishes. You get $50, it lands next to the rent, and by Friday you couldn’t say where it went. A gift card is different. You spend it on something you actually picked, and every time you think of that thing you remember why you got it.`,
        `Think about the last time someone handed you a little cash as a thank-you. Slightly awkward, right? Now think about getting a card for your favourite bookshop with a note about the project you just shipped. Same money, very different feeling. That gap is the whole idea behind ${c.kw}.`,
      ],
    }),
    one(c, {
      authoritative: [
        'Gift cards are also operationally simple. There is nothing to ship and nothing to store, and when they are delivered digitally there is nothing to lose in the post. They are a poor substitute for fair pay or a structured bonus scheme and should never be presented as one, but for frequent, specific and modest recognition they are the most efficient instrument available.',
        'There is an administrative advantage as well. Digital cards require no inventory, no shipping and no reconciliation of lost envelopes. They should not replace fair pay, but for recognition that is frequent, specific and modest in value they are difficult to beat.',
      ],
      consultative: [
        'Two limits are worth agreeing internally at the outset. Gift cards should never stand in for fair pay or a bonus scheme, and they work best for moments that are frequent, specific and modest in value. If your plan fits inside those limits, the operational case is straightforward: no shipping, no stock and, sent by email, no delay.',
        'We would also recommend being clear about scope. Cards are a recognition tool, not a pay tool. Used for frequent and specific moments, such as spot awards, milestones or peer thanks, they are simple to run: nothing to ship, nothing to store and nothing lost in the post.',
      ],
      conversational: [
        "They're also just easy. Nothing to wrap, nothing to post, nothing to lose. Just don't try to use them instead of a proper raise: people can smell that a mile off. For the everyday thank-yous, though? Perfect fit.",
        "And honestly, they're a breeze to send. No shipping, no stockroom full of mugs, no envelopes going missing. Keep them for recognition, not compensation, and they'll do exactly what you want.",
      ],
    }),
  ],
};

const choosing: Topic = {
  id: 'choosing',
  heading: (c) =>
    one(c, {
      authoritative: [
        'Brand Cards, Prepaid Cards and Choice',
        'Choosing the Right Type of Card',
        'Three Kinds of Card, Three Different Jobs',
      ],
      consultative: [
        'Which Kind of Card Fits Your People?',
        'Matching the Card to the Recipient',
        'How to Choose Between Brand, Prepaid and Choice Cards',
      ],
      conversational: [
        'Picking Cards People Will Actually Use',
        'Brand, Prepaid or Let Them Choose?',
        'The Card Matters More Than You Think',
      ],
    }),
  body: (c) => [
    one(c, {
      authoritative: [
        'There are three broad types. Brand gift cards are closed-loop: they are spent at one retailer, feel personal when the brand suits the person, and rarely carry fees. Prepaid cards on the Visa or Mastercard networks are open-loop and can be spent almost anywhere the network is accepted, but some carry purchase or inactivity fees and can be awkward for split payments. The third option is choice: the recipient picks from brands available in their country and currency.',
        'Closed-loop brand cards, open-loop prepaid cards and choice rewards each serve a different purpose. A brand card is personal and usually fee-free, but only if the brand fits. A Visa or Mastercard prepaid card is the closest thing to cash, with small print on split payments, authorisation holds and fees. Choice lets the person who knows what they will use make the decision.',
      ],
      consultative: [
        `If you know what your people like, a brand card of the right kind usually lands better than a prepaid card of the same value. If preferences are mixed or unknown, which is the common case for ${c.groups[0] ?? 'most teams'} with a distributed workforce, we would recommend offering a choice of brands in the recipient's country and currency. Prepaid cards make sense where flexibility matters most, such as research participant payments.`,
        'A useful rule of thumb: choose a brand when you know the person, offer a choice when you do not, and reserve prepaid Visa or Mastercard cards for cases where flexibility outweighs everything else. Whichever you pick, check the card is issued in the recipient’s own country and currency.',
      ],
      conversational: [
        "A card for a shop nobody near you uses isn't a reward, it's homework. If you know someone loves a particular coffee chain, great, send that. Not sure? Let them pick from a list of brands in their own country. Prepaid Visa and Mastercard cards work nearly everywhere, but watch out for fees and the hassle of splitting a payment at the till.",
        'Quick version: brand cards feel personal, prepaid cards feel like cash, and choice cards mean you never guess wrong. If your team is spread across countries, choice is usually the safest bet. A dollar card is not much use to someone in Manchester.',
      ],
    }),
    catalogueLine(c),
  ],
};

const tiers: Topic = {
  id: 'tiers',
  heading: (c) =>
    one(c, {
      authoritative: [
        'How Much to Give: Value Tiers That Hold Up',
        'Setting Reward Values',
        'Consistency Beats Generosity',
      ],
      consultative: [
        'Deciding on Reward Values',
        'A Simple Tier Structure to Start From',
        'How Much Should Each Reward Be Worth?',
      ],
      conversational: [
        'So, How Much Should You Send?',
        'Picking Amounts Without Overthinking It',
        'Amounts: Keep It Fair and Keep It Simple',
      ],
    }),
  body: (c) => [
    one(c, {
      authoritative: [
        'There is no universal rule, but consistency matters more than generosity. People compare, and a programme in which similar achievements earn very different rewards feels arbitrary. Most organisations settle on a small number of published tiers:',
        'Perceived fairness is the decisive factor. When two comparable contributions earn very different rewards, the programme loses credibility. A short, published set of tiers prevents that:',
      ],
      consultative: [
        'We suggest starting with three or four tiers and publishing them, so that senders do not have to invent a value each time and recipients can see the programme is fair. A starting point many teams adapt:',
        'Rather than setting values case by case, agree a few tiers up front and tell everyone what they are. Here is a structure you can adjust to your budget:',
      ],
      conversational: [
        'Honestly, being consistent matters way more than being generous. If two people do similar great work and one gets $25 while the other gets $150, that stings. Pick a few levels, tell everyone what they are, and stick to them. Something like this:',
        "Don't reinvent the amount every time. Pick a handful of levels, share them with the team, and you're done. Here's a simple setup:",
      ],
    }),
    [
      '| Moment | Typical value | Who approves |',
      '| --- | --- | --- |',
      '| Everyday thanks, peer kudos | $10 to $25 | The sender, within a monthly allowance |',
      '| Spot award for a specific contribution | $50 to $100 | The line manager |',
      '| Milestone such as an anniversary or certification | $50 to $150 | Automatic, by policy |',
      '| Exceptional contribution | $200 and up | A budget holder |',
    ].join('\n'),
    one(c, {
      authoritative: [
        'Published tiers also give finance a predictable budget line and give managers the confidence to act without asking permission each time.',
        'A programme that people understand is a programme people trust, and a predictable one is far easier for finance to budget.',
      ],
      consultative: [
        `If finance sits among your stakeholders, as it does for most ${c.groups[c.groups.length - 1] ?? 'finance teams'}, share the tiers with them early: they turn an open-ended spend into a budget they can plan.`,
        'Review the values after the first quarter. If nearly everything lands in the top tier, the tiers are too low or too loosely applied.',
      ],
      conversational: [
        'Bonus: your finance folks will love you, because now they can actually budget for it.',
        "And if you find everyone's getting the top tier after a month, that's your cue to rethink the levels.",
      ],
    }),
  ],
};

const timing: Topic = {
  id: 'timing',
  heading: (c) =>
    one(c, {
      authoritative: [
        'Timing and the Message Matter More Than the Amount',
        'Why Delay Destroys Recognition',
        'Speed and Specificity',
      ],
      consultative: [
        'Getting the Timing and the Message Right',
        'How to Make Each Reward Count',
        'Two Details That Decide Whether a Reward Lands',
      ],
      conversational: ['Send It Today, Not Next Month', 'The Note Matters More Than the Card', 'Timing Is Everything'],
    }),
  body: (c) => [
    one(c, {
      authoritative: [
        'Recognition loses most of its effect when it is delayed. A reward that arrives on the day of a work anniversary says the organisation noticed; the same reward three weeks later says somebody caught up with a spreadsheet. Digital delivery removes the delay: a card sent by email can arrive within a minute of the decision to send it.',
        'The value of recognition decays quickly. A reward delivered on the day of the achievement reinforces the behaviour; one delivered weeks later mostly signals administrative backlog. Email delivery, which GiftRelay completes in under 60 seconds, closes that gap.',
      ],
      consultative: [
        'We recommend designing the process so that a reward can go out on the day of the moment it marks. If approvals or purchasing add a week, the reward arrives as an afterthought. Pre-approved allowances and digital delivery are the two changes that usually fix this.',
        'Look at how long it currently takes from the decision to reward someone to the moment they receive it. If the answer is measured in days, consider pre-approving small amounts and sending by email, which brings it down to minutes.',
      ],
      conversational: [
        'A thank-you that shows up three weeks late feels like someone finally cleared their inbox. Send it the same day and it feels like someone actually noticed. Email delivery makes that easy: the card can land in under a minute.',
        "Speed is half the magic. The moment someone stays late to fix a bug or smashes a deadline, that's when the thank-you should arrive. Not at the end of the quarter.",
      ],
    }),
    one(c, {
      authoritative: [
        '"Thanks for your hard work" is forgettable. "Thank you for staying late on Thursday to get the migration over the line; the client noticed" is not. Senders should name the behaviour they are rewarding, and the message field should be mandatory in the process even where the tool does not require it.',
        'The message carries as much weight as the timing. A specific sentence naming what the person did is what recipients remember; the card is the vehicle for it.',
      ],
      consultative: [
        'Ask senders to write one sentence about what they are thanking the person for. It takes ten seconds and it is the part people remember. You may want to make the message a required step in your own process, even if the tool treats it as optional.',
        'One practical suggestion: give senders a prompt such as "What did they do, and why did it matter?" It nudges them past generic thanks towards something specific.',
      ],
      conversational: [
        'And please, write a real note. "Great job!" is fine. "You turned that client call around on Tuesday and saved the renewal" is the one they\'ll screenshot and keep.',
        'The note is where the feeling lives. One specific sentence about what they did beats any amount of generic praise.',
      ],
    }),
  ],
};

const tax: Topic = {
  id: 'tax',
  heading: (c) =>
    one(c, {
      authoritative: ['Tax Treatment in the US, UK and Canada', 'What the Tax Rules Say', 'Gift Cards and Payroll Tax'],
      consultative: [
        'Agree the Tax Treatment Before the First Reward',
        'Talking to Payroll About Tax',
        'Tax: What to Check With Your Advisers',
      ],
      conversational: ['The Boring-but-Important Bit: Tax', 'Yes, We Have to Talk About Tax', "Tax (Don't Skip This)"],
    }),
  body: (c) => [
    one(c, {
      authoritative: [
        'Gift cards are rarely tax-free, and the rules differ by country. In the United States the IRS treats gift cards as cash equivalents: they are never a de minimis fringe benefit, whatever their value, so they are taxable wages that go through payroll. In Canada the CRA treats them as near-cash, taxable regardless of value. In the United Kingdom, HMRC’s trivial benefits exemption can cover a card worth £50 or less, provided it is not a reward for particular services or performance.',
        'Tax rules treat gift cards more strictly than many teams expect. The IRS classes them as cash equivalents, so they are taxable wages in the United States. The CRA in Canada treats them as near-cash, taxable at any value. HMRC’s trivial benefits exemption in the United Kingdom covers cards of £50 or less only when they are not given for performance.',
      ],
      consultative: [
        'We would strongly recommend agreeing the tax treatment with payroll before the first reward goes out. In the US, gift cards are treated as cash equivalents and taxed as wages; in Canada they are near-cash and taxable at any value; in the UK, a card of £50 or less may fall under the trivial benefits exemption, but not when it rewards performance. Many employers gross up awards so the employee receives the full value.',
        'A conversation with payroll early saves an awkward one later. Ask three questions: will rewards be reported as wages, will you gross them up, and which rewards (if any) qualify for an exemption such as the UK’s trivial benefits rule? In the US and Canada, the short answer is that gift cards are taxable at any value.',
      ],
      conversational: [
        "Quick heads-up so nobody gets a surprise bill: in the US and Canada, gift cards count as taxable income, even small ones. In the UK, cards up to £50 can be tax-free under the trivial benefits rule, but not if they're a reward for hitting a target. Loop in payroll early and you'll be fine.",
        "Nobody likes this part, but it matters. The IRS and the CRA treat gift cards like cash, so they're taxable. The UK is a bit friendlier for small, no-strings gifts up to £50. Have a chat with payroll before you launch, and consider grossing up so people get the full amount.",
      ],
    }),
    byTone(c, {
      authoritative:
        'This summary is a starting point, not tax advice; confirm the current rules with your payroll provider or tax adviser.',
      consultative:
        'Treat this as a checklist for that conversation rather than tax advice; your payroll provider will know the current rules.',
      conversational: '(Not tax advice, obviously. Your payroll team or accountant has the final word.)',
    }),
  ],
};

const operations: Topic = {
  id: 'operations',
  heading: (c) =>
    one(c, {
      authoritative: [
        'Running the Programme Without Friction',
        'Operating Principles for a Reward Programme',
        'Five Controls Every Programme Needs',
      ],
      consultative: [
        'Setting Up the Programme So Nobody Chases Anything',
        'A Practical Operating Model',
        'How We Would Run It Day to Day',
      ],
      conversational: [
        'Keeping It Running Without the Spreadsheet Chaos',
        'Make It Easy Enough to Do Every Week',
        'The Behind-the-Scenes Stuff',
      ],
    }),
  body: (c) => [
    one(c, {
      authoritative: [
        `Rewarding people through ${c.kw} means small money spread across many transactions, which makes it easy to lose track of. Five controls keep it in order:`,
        'Programmes fail less often on generosity than on administration. The following controls prevent most problems:',
      ],
      consultative: [
        'Because each reward is small, the overhead of buying, approving and reconciling can easily outweigh the reward itself. We suggest a setup along these lines:',
        'Here is the operating model we see working best, in the order we would introduce it:',
      ],
      conversational: [
        "Lots of small rewards can turn into lots of small headaches. Here's how to keep it painless:",
        "The goal is a programme you can run on a Tuesday afternoon without a spreadsheet. Here's the recipe:",
      ],
    }),
    [
      '1. Fund a single balance rather than letting managers buy cards on personal cards and expense them.',
      '2. Give each sender a monthly allowance and let them send within it without further approval.',
      '3. Record every reward with the recipient, the amount, the reason and the date, so payroll and finance have what they need.',
      '4. Watch redemption: a card that is never redeemed was not a reward, and a low rate usually means the brands do not fit your people.',
      '5. Review quarterly who is recognised and who is not; recognition that always flows to the same few people is a signal worth investigating.',
    ].join('\n'),
    one(c, {
      authoritative: [
        'GiftRelay records every order with its amount, its 2.5% processing fee and its status, and the order history can be filtered and exported as CSV for payroll.',
        'With GiftRelay, every order is logged with amount, fee and status, and the history exports to CSV, which covers the record-keeping requirement without manual effort.',
      ],
      consultative: [
        'If you use GiftRelay, the order history already covers point three: each order carries its amount, the 2.5% processing fee and its status, and you can export it for payroll.',
        'Tools can take most of this off your plate. In GiftRelay, for instance, the organisation funds one balance, members send within their role, and every order can be exported.',
      ],
      conversational: [
        'GiftRelay handles the record-keeping for you: every order, fee and status is logged, and you can export the lot to CSV when payroll comes knocking.',
        'The good news: a decent platform does most of this for you. In GiftRelay, every send is logged automatically, so nobody has to update a spreadsheet ever again.',
      ],
    }),
  ],
};

const roi: Topic = {
  id: 'roi',
  heading: (c) =>
    one(c, {
      authoritative: [
        'Measuring Return on Investment',
        'Counting the Full Cost and the Real Benefit',
        'How to Prove the Programme Works',
      ],
      consultative: [
        'How Will You Know It Is Working?',
        'Building an ROI Case Finance Will Accept',
        'Measuring Results Honestly',
      ],
      conversational: ['Is It Actually Working?', 'Show Me the Numbers', 'Proving It Was Worth It'],
    }),
  body: (c) => [
    one(c, {
      authoritative: [
        'Return on investment is the benefit minus the full cost, divided by the full cost. The full cost includes more than face value: processing fees (2.5% of the subtotal on GiftRelay), any tax gross-up, the hours spent approving, buying and reconciling, and the tools that run the programme. Manual programmes often spend more on administration than they realise.',
        'A credible ROI figure starts with the full cost: reward value, fees, tax gross-up, administration time and tooling. Counting only face value is the most common error in programme evaluations.',
      ],
      consultative: [
        `If you need to make the case to ${c.groups[c.groups.length - 1] ?? 'finance'}, start by counting the full cost, not just the face value of the cards: fees, any tax gross-up, administration time and tools. Then pick one or two benefits you can measure, such as retention or referrals, and decide how you will attribute them before you launch.`,
        'We suggest agreeing the measurement plan before launch. Decide which benefit matters most (retention, referrals, participation or customer outcomes), how you will count the full cost, and how you will separate the programme’s effect from everything else that changes at the same time.',
      ],
      conversational: [
        'When someone asks "was it worth it?", you want a real answer. Add up everything: the card values, fees, any tax top-up, and the time people spent running it. Then compare that to something you can measure, like fewer people leaving or more referrals.',
        "Sooner or later someone in finance will ask what you got for the money. Good news: it's not hard to answer if you count the full cost (cards, fees, tax, time) and pick one or two results to track from day one.",
      ],
    }),
    one(c, {
      authoritative: [
        'Attribution is the step most calculations skip. A pilot with a comparison group, or a staggered rollout team by team, separates the programme’s effect from everything else. Retention effects take at least two or three quarters to appear, so measure too early and the result will understate the return.',
        'The strongest designs compare teams with the programme to similar teams without it, or roll it out in stages and compare each team before and after its own start. Monthly leading indicators (time to reward, participation, reach and redemption rate) show whether it is on track long before retention figures arrive.',
      ],
      consultative: [
        'Where you can, run a pilot in a few teams and compare them with similar teams that start later. Meanwhile, track a handful of leading indicators every month: time to reward, participation, reach and redemption. They tell you early whether the programme needs adjusting.',
        'For attribution, a staggered rollout is often the most practical option: launch team by team and compare each one before and after its start date. Avoid changing the programme every month, or no comparison will mean anything.',
      ],
      conversational: [
        "Easiest trick: start with a few teams, compare them to the ones that haven't started yet, and watch a few simple numbers each month. How fast do rewards go out? How many managers send them? Are the cards being used?",
        "And be patient. Retention changes take a couple of quarters to show up. In the meantime, watch redemption: if people aren't using the cards, the brands are wrong.",
      ],
    }),
  ],
};

const automation: Topic = {
  id: 'automation',
  heading: (c) =>
    one(c, {
      authoritative: [
        'Automating Rewards Through an API',
        'Connecting Rewards to Your Systems',
        'Automation Without Duplicate Rewards',
      ],
      consultative: [
        'Should You Automate?',
        'When to Connect Rewards to Your HR or CRM Systems',
        'Automating the Routine Rewards',
      ],
      conversational: ['Let the Robots Handle the Routine Stuff', 'Automate the Anniversaries', 'Set It and Forget It'],
    }),
  body: (c) => [
    one(c, {
      authoritative: [
        'Milestone rewards such as anniversaries, completed onboarding or accepted referrals follow rules, and rules can be automated. GiftRelay’s REST API accepts an order with a product code, an amount, a recipient email and a quantity. An Idempotency-Key header derived from the triggering event, such as the employee’s id plus the anniversary year, guarantees that a retried request never sends a second reward.',
        'Any reward that follows a rule can be sent by software. The GiftRelay API takes the same order the web app sends, and the Idempotency-Key header makes retries safe: the same key and body return the first answer instead of a second card.',
      ],
      consultative: [
        'If a reward follows a predictable rule, such as a work anniversary or an accepted referral, we would recommend automating it, so it goes out on the day without anyone remembering. Before you do, test the whole flow in a sandbox, and derive an idempotency key from the event itself so that network retries can never send a reward twice.',
        'Ask yourself which rewards are decided by a person and which by a rule. The rule-based ones are good candidates for an API integration with your HR system; the personal ones should stay in human hands, because the message matters.',
      ],
      conversational: [
        'Work anniversaries and referral bonuses happen on a schedule, so why remember them by hand? Hook your HR system up to the GiftRelay API and the card goes out on the day, every time. Use an idempotency key so a flaky network never sends a double reward.',
        "If you've got a developer nearby, automating the predictable rewards is a quick win. One API call per reward, a key that stops duplicates, and a sandbox to try it all out first.",
      ],
    }),
    byTone(c, {
      authoritative:
        'New organisations start in a sandbox with 5,000 USD of test funds, so an integration can be tested end to end before any money moves.',
      consultative:
        'New GiftRelay organisations start in a sandbox with test funds, which lets you run the integration end to end before anything real is sent.',
      conversational:
        'Every new GiftRelay account starts in a sandbox with test money, so you can break things safely first.',
    }),
  ],
};

const reach: Topic = {
  id: 'reach',
  heading: (c) =>
    one(c, {
      authoritative: [
        'Reaching Frontline and Remote Teams',
        'Recognition Beyond the Desk',
        'Designing for Distributed Workforces',
      ],
      consultative: [
        'How Will the Reward Reach People Who Are Never at a Desk?',
        'Planning for Remote and Frontline Staff',
        'Making It Work for Everyone, Not Just Office Staff',
      ],
      conversational: [
        'Don’t Forget the People Who Aren’t at a Desk',
        'Remote, Frontline, Everywhere',
        'Getting Rewards to Everyone',
      ],
    }),
  body: (c) => [
    one(c, {
      authoritative: [
        'Many frontline workers rarely check a work mailbox, and remote employees may be in a different country from their manager. Rewards should go to an address the recipient reads, be usable from a phone with the code and instructions readable on a small screen, and be issued in the recipient’s own country and currency.',
        'Field crews, shift workers and remote staff are the groups most often missed by recognition programmes. The fixes are practical: deliver to an address they actually read, make the reward usable on a phone at the till, and send at the start or end of a shift.',
      ],
      consultative: [
        'Consider asking people which email address they prefer for rewards, since many frontline staff rarely check a work mailbox. Pair the digital card with a word from their supervisor in person, and send at the start or end of a shift rather than in the middle of a job.',
        'For remote teams, a small card with an invitation to a virtual coffee is a simple way to connect two colleagues who have never met. For frontline teams, we suggest confirming that the code and instructions are easy to use from a phone.',
      ],
      conversational: [
        "Lots of people don't live in their work inbox. Ask where they'd like rewards sent, make sure the code works on a phone, and have their crew lead say thanks in person while the email lands. Combo of personal and practical.",
        "Remote colleague you've never met? Send a coffee card with an invite to a video call. Someone on the shop floor? Make sure they can show the code on their phone at the till. Small details, big difference.",
      ],
    }),
    one(c, {
      authoritative: [
        'Small, frequent gestures matter most for these groups. A coffee-sized card for covering a shift, helping another team or closing a difficult ticket spreads recognition across the whole workforce rather than concentrating it on the most visible people, and it builds a habit among managers and peers.',
        'Practical rewards also signal respect for the work. For hands-on teams, a card for a home-improvement retailer after a certification or a safe season says the organisation understands what they do, which a generic voucher does not.',
      ],
      consultative: [
        'We would suggest giving each supervisor a small monthly allowance for exactly these moments: a covered shift, a quiet fix, a customer compliment. When the amount is pre-approved, the reward goes out the same day instead of waiting for a manager who is never on site.',
        'It can also help to check who has received nothing in the last quarter. Recognition tends to flow to people who are visible; a quick review makes sure the crews and the remote staff are not left out.',
      ],
      conversational: [
        "The best part? These don't need to be big. A coffee for covering a shift or a tool-shop card after passing a certification shows you actually noticed. That's what people remember.",
        "Quick gut check: who hasn't been thanked in a while? It's usually the folks out in the field or working from three time zones away. Start there.",
      ],
    }),
  ],
};

export const TOPICS: readonly Topic[] = [why, choosing, tiers, timing, reach, operations, tax, roi, automation];
