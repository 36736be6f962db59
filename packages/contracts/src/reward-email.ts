/**
 * The words of the email a reward's recipient gets, from the facts of the order. The server sends
 * them and the send dialog previews them, so the preview is what arrives.
 */
export interface RewardEmailFacts {
  /** The sending organisation's name. */
  sender: string;
  brand: string;
  productName: string;
  /** One reward's value, formatted ("$25.00"). */
  value: string;
  /** One reward's value in the major unit, for the article ("an $80.00 …"). */
  amount: number;
  count: number;
  recipientName?: string | null;
  message?: string | null;
  sandbox: boolean;
  redemptionInstructions?: string | null;
  /**
   * A reminder of rewards not yet opened (decision 040), with the day they will be voided when
   * the sender set an automatic void ("28 November 2026"), or null.
   */
  reminder?: { voidsOn: string | null };
}

export interface RewardEmailCopy {
  subject: string;
  preview: string;
  /** Said before anything else when the card has no value. */
  notice?: string;
  heading: string;
  paragraphs: string[];
  details: { label: string; value: string }[];
  /** One claim button per reward, in order. */
  claimLabels: string[];
  footnotes: string[];
}

export const SANDBOX_REWARD_NOTICE =
  'This is a sandbox gift card, sent while trying GiftRelay out: it has no value and cannot be spent.';

/** "Amazon.com gift card" from "Amazon.com Gift Card"; a name that is not a gift card stays as it is. */
export function cardLabel(productName: string, brand: string): string {
  const name = productName.trim();
  const bare = name.replace(/(^|\s+)gift\s*card$/i, '').trim();
  if (bare === name) return name || `${brand} gift card`;
  return `${bare || brand} gift card`;
}

/** "a" or "an" before an amount as it is read aloud: an $8, an $11, an $18, an $80, an $800, a $25. */
export function articleFor(amount: number): 'a' | 'an' {
  let whole = Math.floor(Math.abs(amount));
  while (whole >= 1000) whole = Math.floor(whole / 1000);
  const spoken = String(whole);
  return spoken.startsWith('8') || whole === 11 || whole === 18 ? 'an' : 'a';
}

export function rewardEmailCopy(f: RewardEmailFacts): RewardEmailCopy {
  const label = cardLabel(f.productName, f.brand);
  const many = f.count > 1;
  const one = `${articleFor(f.amount)} ${f.value} ${label}`;
  const what = many ? `${f.count} ${label}s of ${f.value} each` : one;
  const tag = f.sandbox ? '[Sandbox] ' : '';
  const name = f.recipientName?.trim();
  const message = f.message?.trim();
  const reminder = f.reminder
    ? [
        many
          ? 'Your rewards are still waiting: nobody has claimed them yet.'
          : 'Your reward is still waiting: nobody has claimed it yet.',
        ...(f.reminder.voidsOn
          ? [`Claim ${many ? 'them' : 'it'} by ${f.reminder.voidsOn}: ${f.sender} cancels rewards not claimed by then.`]
          : []),
      ]
    : [];
  return {
    subject: `${tag}${f.reminder ? 'Reminder: ' : ''}${f.sender} sent you ${what}`,
    preview: f.sandbox ? SANDBOX_REWARD_NOTICE : `Your ${f.value} ${f.brand} reward is ready to claim.`,
    ...(f.sandbox ? { notice: SANDBOX_REWARD_NOTICE } : {}),
    heading: many ? `You have ${f.count} ${label}s` : `You have ${one}`,
    paragraphs: [
      ...(name ? [`Hi ${name},`] : []),
      `${f.sender} sent you ${what}.`,
      ...reminder,
      ...(message ? [`“${message}”`] : []),
    ],
    details: [
      { label: 'Brand', value: f.brand },
      { label: 'Value', value: many ? `${f.count} × ${f.value}` : f.value },
    ],
    claimLabels: many
      ? Array.from({ length: f.count }, (_, i) => `Claim reward ${i + 1} of ${f.count}`)
      : ['Claim your reward'],
    footnotes: [
      ...(f.redemptionInstructions ? [`How to redeem: ${f.redemptionInstructions}`] : []),
      'Keep your claim link private: anyone with it can see and spend the code.',
    ],
  };
}
