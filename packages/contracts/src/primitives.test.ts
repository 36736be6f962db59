import { describe, expect, it } from 'vitest';
import { AmountSchema, amountText, isUuid, safeText, textProblem } from './primitives';

describe('safeText', () => {
  const name = safeText({ max: 10 });
  const message = safeText({ max: 50, multiline: true });

  it.each(['a\u0000b', 'tab\there', 'bell\u0007', 'del\u007f', 'c1\u0085', 'lone\ud800', 'low\udc00x'])(
    'refuses %j',
    (value) => {
      expect(name.safeParse(value).success).toBe(false);
    },
  );

  it('accepts ordinary text, emoji (paired surrogates) and accents', () => {
    expect(name.parse(' Zoë 🎁 ')).toBe('Zoë 🎁');
  });

  it('allows line breaks and tabs only in multi-line fields, never NUL', () => {
    expect(message.parse('Happy\nbirthday\r\n\tfrom us')).toBe('Happy\nbirthday\r\n\tfrom us');
    expect(message.safeParse('a\u0000').success).toBe(false);
    expect(name.safeParse('a\nb').success).toBe(false);
  });

  it('caps the length', () => {
    expect(name.safeParse('x'.repeat(11)).success).toBe(false);
  });

  it('names the problem', () => {
    expect(textProblem('a\u0000')).toMatch(/control characters/);
    expect(textProblem('\ud83d')).toMatch(/unpaired surrogate/);
    expect(textProblem('\ud83d\udc4d')).toBeNull();
  });
});

describe('AmountSchema', () => {
  it.each(['25', '25.5', '25.50', 25.5, 25, '0.001'])('accepts %j', (value) => {
    expect(AmountSchema.parse(value)).toBe(value);
  });

  it.each([
    '25.',
    ' 25 ',
    '',
    '1e3',
    '0x10',
    '-5',
    -5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1e21,
    '1234567890123',
    '25.0000',
    '25,5',
    true,
    null,
    [],
  ])('refuses %j', (value) => {
    expect(AmountSchema.safeParse(value).success).toBe(false);
  });

  it('reads numbers as their shortest decimal, and refuses one that is not an exact amount', () => {
    expect(amountText(25.5)).toBe('25.5');
    expect(amountText(0.1 + 0.2)).toBeNull();
  });
});

it('isUuid', () => {
  expect(isUuid('7d3c0a55-1a4b-4c7e-9a35-2f6a7e1b9c11')).toBe(true);
  expect(isUuid('7d3c0a55')).toBe(false);
  expect(isUuid(42)).toBe(false);
});
