import { describe, expect, it } from 'vitest';
import { wrapLabel } from './chart-theme';

describe('wrapLabel', () => {
  it('leaves a short label on one line', () => {
    expect(wrapLabel('Amazon.com')).toEqual(['Amazon.com']);
  });

  it('breaks an email before its @, so both halves stay whole', () => {
    expect(wrapLabel('alexandra.williams@example.com')).toEqual(['alexandra.williams', '@example.com']);
  });

  it('breaks a long brand name after a space', () => {
    expect(wrapLabel('Universal Studios Hollywood')).toEqual(['Universal Studios', 'Hollywood']);
  });

  it('only text that cannot fit on two lines ends in an ellipsis', () => {
    const lines = wrapLabel('a-very-long-organisation-name-that-goes-on-and-on@example.com');
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.length <= 18)).toBe(true);
    expect(lines[1]?.endsWith('…')).toBe(true);
  });
});
