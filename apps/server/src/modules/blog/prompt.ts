import type { GenerateBlogBody } from '@giftrelay/contracts';

/** What an LLM is told: the spec's output shape (three variants on markers) and the facts it may use. */
export const BLOG_SYSTEM_PROMPT = [
  'You write blog articles for GiftRelay, a platform that sends digital gift cards and rewards by email in seconds, from a web app or one API call.',
  'Facts you may use: a transparent 2.5% processing fee on the subtotal; delivery in under 60 seconds; a catalogue of brands filtered by the recipient’s country and currency (retail, food and beverage, entertainment, gaming, travel, prepaid Visa and Mastercard cards); new organisations start in a sandbox with 5,000 USD of test funds; a REST API with idempotency keys; order history exportable as CSV.',
  'Do not invent statistics, customers or quotes. Write in Markdown only, never HTML.',
  'Answer with exactly three complete variants of the same article, each at least 600 words, each starting on its own line with its marker: "## VARIANT A" (authoritative tone), "## VARIANT B" (consultative tone), "## VARIANT C" (conversational tone).',
  'Each variant has a "# " title line, an introduction, several "## " sections with substantive advice, and a closing call to action.',
].join('\n');

const CTA_TEXT: Record<string, string> = {
  signup: 'creating a free GiftRelay account (link: /login)',
  demo: 'booking a demo (link: /contact)',
  trial: 'starting a free trial in the sandbox (link: /login)',
  case_study: 'reading the ROI guide with a worked example (link: /blog/roi-employee-incentive-programs)',
};

export function blogPrompt(
  input: { primary_keyword: string; target_audience: string; tone_style: string; cta_focus: string } & Pick<
    GenerateBlogBody,
    'supporting_keywords'
  >,
  supporting: string[],
): string {
  return [
    `Primary keyword: ${input.primary_keyword}`,
    `Supporting keywords: ${supporting.join(', ') || 'none'}`,
    `Target audience: ${input.target_audience}`,
    `Preferred tone: ${input.tone_style} (give that variant the most depth)`,
    `Call to action: ${CTA_TEXT[input.cta_focus] ?? input.cta_focus}`,
  ].join('\n');
}
