import { describe, expect, it } from 'vitest';
import { bodyOpensWithExcerpt } from './lead';

describe('bodyOpensWithExcerpt', () => {
  const body = '## Why\n\nGift cards are the reward **most** teams reach for, and for [good](/x) reason.\n\nMore.';
  it('sees the first paragraph, whole or cut with an ellipsis, through Markdown marks', () => {
    expect(bodyOpensWithExcerpt(body, 'Gift cards are the reward most teams reach for, and for good reason.')).toBe(
      true,
    );
    expect(bodyOpensWithExcerpt(body, 'Gift cards are the reward most teams…')).toBe(true);
  });
  it('keeps an excerpt of its own', () => {
    expect(bodyOpensWithExcerpt(body, 'What to send, and when.')).toBe(false);
    expect(bodyOpensWithExcerpt(body, '')).toBe(false);
    expect(bodyOpensWithExcerpt('## Only a heading', 'Gift cards')).toBe(false);
  });
});
