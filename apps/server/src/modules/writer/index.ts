/**
 * The writer (decision 050): built in by default, any OpenAI-compatible chat-completions API when
 * LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are set. Other modules use only what is exported here.
 */

export type { BlogBrief, CatalogueFacts, CtaFocus, InstanceFacts, Tone } from './built-in/blog-context';
export { CTA_FOCUSES, count as numberWord, listOf, TONES } from './built-in/blog-context';
export { writeBlogVariants } from './built-in/blog-writer';
export { WriterError } from './errors';
export { catalogueFacts, instanceFacts, streamText, type WriterMode, type WriterRequest, writerMode } from './service';
