import { describe, expect, it } from 'vitest';
import { BlogSlugSchema, GenerateBlogBodySchema, readMinutes, slugify, splitBlogVariants, variantTitle } from './blog';

describe('blog contracts', () => {
  it('splits the writer’s answer on the spec’s markers', () => {
    expect(splitBlogVariants('intro\n## VARIANT A\n\n# One\n\nx\n\n## VARIANT B\nb\n## variant c\nc')).toEqual({
      A: '# One\n\nx',
      B: 'b',
      C: 'c',
    });
    expect(splitBlogVariants('no markers')).toEqual({ A: '', B: '', C: '' });
    expect(variantTitle('# One\n\nx')).toBe('One');
    expect(variantTitle('no title')).toBeNull();
  });

  it('applies the spec’s defaults and its missing-keyword message', () => {
    expect(GenerateBlogBodySchema.parse({ primary_keyword: ' gift cards ' })).toEqual({
      primary_keyword: 'gift cards',
      supporting_keywords: '',
      target_audience: 'HR managers, marketing ops, finance managers',
      tone_style: 'authoritative',
      cta_focus: 'signup',
    });
    const missing = GenerateBlogBodySchema.safeParse({ primary_keyword: '' });
    expect(missing.error?.issues[0]?.message).toBe('Please provide at least a primary keyword.');
  });

  it('keeps slugs lower-case and hyphenated, clear of the articles', () => {
    expect(slugify('  Crème Brûlée: 10 Ways!  ')).toBe('creme-brulee-10-ways');
    expect(BlogSlugSchema.safeParse('good-slug-2').success).toBe(true);
    for (const bad of ['Bad', 'a--b', '-a', 'a-', 'a b', 'roi-employee-incentive-programs', 'generator'])
      expect(BlogSlugSchema.safeParse(bad).success, bad).toBe(false);
    expect(readMinutes('word '.repeat(660))).toBe(3);
  });
});
