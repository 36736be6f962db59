import { describe, expect, it } from 'vitest';
import { articleFor, cardLabel, rewardEmailCopy, SANDBOX_REWARD_NOTICE } from './reward-email';

const facts = {
  sender: 'Acme',
  brand: 'Amazon',
  productName: 'Amazon.com Gift Card',
  value: '$25.00',
  amount: 25,
  count: 1,
  sandbox: false,
};

describe('the recipient email’s words', () => {
  it('reads "a $25.00 Amazon.com gift card": article, formatted amount, the card', () => {
    const copy = rewardEmailCopy(facts);
    expect(copy.subject).toBe('Acme sent you a $25.00 Amazon.com gift card');
    expect(copy.heading).toBe('You have a $25.00 Amazon.com gift card');
    expect(copy.paragraphs).toEqual(['Acme sent you a $25.00 Amazon.com gift card.']);
    expect(copy.notice).toBeUndefined();
    expect(copy.claimLabels).toEqual(['Claim your reward']);
  });

  it('uses "an" where the amount is read with a vowel', () => {
    expect([8, 11, 18, 80, 85.5, 800, 8000, 11_000, 18_500].map(articleFor)).toEqual(Array(9).fill('an'));
    expect([1, 10, 25, 100, 180, 1100, 1800].map(articleFor)).toEqual(Array(7).fill('a'));
    expect(rewardEmailCopy({ ...facts, value: '$80.00', amount: 80 }).subject).toBe(
      'Acme sent you an $80.00 Amazon.com gift card',
    );
  });

  it('names cards that are not gift cards as they are', () => {
    expect(cardLabel('Visa Prepaid Card', 'Visa')).toBe('Visa Prepaid Card');
    expect(cardLabel('Tesco Gift Card', 'Tesco')).toBe('Tesco gift card');
    expect(cardLabel('Gift Card', 'Tesco')).toBe('Tesco gift card');
  });

  it('says plainly that a sandbox card has no value, first and in the subject', () => {
    const copy = rewardEmailCopy({ ...facts, sandbox: true });
    expect(copy.subject).toBe('[Sandbox] Acme sent you a $25.00 Amazon.com gift card');
    expect(copy.notice).toBe(SANDBOX_REWARD_NOTICE);
    expect(copy.preview).toBe(SANDBOX_REWARD_NOTICE);
  });

  it('greets the recipient by name, quotes the message, and counts several cards', () => {
    const copy = rewardEmailCopy({ ...facts, count: 3, recipientName: ' Pat ', message: ' Well done ' });
    expect(copy.subject).toBe('Acme sent you 3 Amazon.com gift cards of $25.00 each');
    expect(copy.paragraphs).toEqual([
      'Hi Pat,',
      'Acme sent you 3 Amazon.com gift cards of $25.00 each.',
      '“Well done”',
    ]);
    expect(copy.details).toEqual([
      { label: 'Brand', value: 'Amazon' },
      { label: 'Value', value: '3 × $25.00' },
    ]);
    expect(copy.claimLabels).toEqual(['Claim reward 1 of 3', 'Claim reward 2 of 3', 'Claim reward 3 of 3']);
  });
});

describe('the reminder of unopened rewards', () => {
  it('says it is a reminder, in the subject and first, and the day of an automatic void', () => {
    const copy = rewardEmailCopy({ ...facts, reminder: { voidsOn: '28 November 2026' } });
    expect(copy.subject).toBe('Reminder: Acme sent you a $25.00 Amazon.com gift card');
    expect(copy.paragraphs).toEqual([
      'Acme sent you a $25.00 Amazon.com gift card.',
      'Your reward is still waiting: nobody has claimed it yet.',
      'Claim it by 28 November 2026: Acme cancels rewards not claimed by then.',
    ]);
    const plain = rewardEmailCopy({ ...facts, count: 2, reminder: { voidsOn: null } });
    expect(plain.paragraphs).toContain('Your rewards are still waiting: nobody has claimed them yet.');
    expect(plain.paragraphs.some((p) => p.includes('cancels'))).toBe(false);
  });
});
