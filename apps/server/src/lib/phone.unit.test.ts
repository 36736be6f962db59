import { rewardSmsText } from '@giftrelay/contracts';
import { describe, expect, it } from 'vitest';
import { phoneProblem } from './phone';

describe('phoneProblem (decision 082)', () => {
  it.each([
    ['+44 7700 900123', '+447700900123'],
    ['+1 (202) 555-0142', '+12025550142'],
    ['+33 6 12 34 56 78', '+33612345678'],
    ['+15555550123', '+15555550123'],
  ])('takes %s as %s', (input, number) => {
    expect(phoneProblem(input)).toEqual({ number, problem: null });
  });

  it.each([
    ['07700 900123', 'not_e164', /international format/],
    ['+4420', 'too_short', /United Kingdom \(\+44\)/],
    ['+4477009001234567', 'too_long', /United Kingdom/],
    ['+999123456', 'unknown_country_code', /country calling code/],
    ['+442071838750', 'not_mobile', /fixed line number for United Kingdom/],
    ['+18005551234', 'not_mobile', /toll free/],
    ['+1 202 555 0100 ext 2', 'not_e164', /international format/],
  ])('refuses %s: %s', (input, reason, message) => {
    const { problem } = phoneProblem(input);
    expect(problem?.reason).toBe(reason);
    expect(problem?.message).toMatch(message);
  });
});

describe('rewardSmsText', () => {
  const link = `https://giftrelay.example.com/claim/${'a'.repeat(43)}`;
  const facts = {
    sender: 'A very long organisation name indeed',
    brand: 'Amazon',
    productName: 'Amazon.com Gift Card',
    value: '$25.00',
    amount: 25,
    links: [link],
    sandbox: false,
  };
  it('says who, what, the link and STOP in one GSM-7 segment', () => {
    const text = rewardSmsText(facts);
    expect(text).toBe(`A very long organisa sent you a $25.00 Amazon.com gift card: ${link} STOP to opt out`);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(/^[\x20-\x7e]+$/);
  });
  it('says a sandbox card has no value', () => {
    expect(rewardSmsText({ ...facts, sandbox: true })).toMatch(/^Sandbox: A very long organisa sent you/);
  });
});
