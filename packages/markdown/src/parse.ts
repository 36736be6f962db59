import { sitePath, webAddress } from '@giftrelay/contracts/links';

/**
 * The Markdown subset posts, articles and legal pages are written in, parsed once for the server
 * (HTML, `render-html.ts`) and the web app (React elements, `components/ui/markdown.tsx`), so the
 * two read it alike (decision 069): headings, paragraphs, bulleted and numbered lists, quotes,
 * fenced code, pipe tables and rules; inline **bold**, *italic* or _italic_, `code` and
 * [links](/path). The result is text and structure, never markup: every renderer escapes the text.
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; text: string }
  | { type: 'em'; text: string }
  | { type: 'code'; text: string }
  | { type: 'link'; text: string; href: string; external: boolean };

export type Block =
  | { type: 'heading'; level: 2 | 3 | 4 | 5 | 6; content: Inline[]; id: string }
  | { type: 'paragraph'; content: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'quote'; content: Inline[] }
  | { type: 'code'; language: string; code: string }
  | { type: 'table'; header: Inline[][]; rows: Inline[][][] }
  | { type: 'rule' };

/** The rel of a link that leaves the site: posts are written by a model or a person, not vouched for. */
export const EXTERNAL_REL = 'noopener noreferrer nofollow';

// Intraword underscores (snake_case) are not emphasis.
const INLINE =
  /(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\)|\*[^*\s][^*]*\*|(?<![\p{L}\p{N}])_[^_\s][^_]*_(?![\p{L}\p{N}]))/u;
const LINK = /^\[([^\]]+)\]\(([^)\s]+)\)$/;

export function parseInline(text: string): Inline[] {
  // split() with INLINE's one capturing group alternates: text as written, then a token it matched.
  return text
    .split(INLINE)
    .map((part, i): Inline => {
      if (i % 2 === 0) return { type: 'text', text: part };
      if (part.startsWith('**') && part.endsWith('**') && part.length > 4)
        return { type: 'strong', text: part.slice(2, -2) };
      if (part.startsWith('`') && part.endsWith('`') && part.length > 2)
        return { type: 'code', text: part.slice(1, -1) };
      const link = LINK.exec(part);
      if (link?.[1] && link[2]) {
        // Generated posts reach this parser too: `javascript:` or `data:` stays text (its label).
        const target = safeHref(link[2]);
        return target ? { type: 'link', text: link[1], ...target } : { type: 'text', text: link[1] };
      }
      if (/^([*_]).+\1$/s.test(part) && part.length > 2) return { type: 'em', text: part.slice(1, -1) };
      return { type: 'text', text: part };
    })
    .filter((inline) => inline.text !== '');
}

/**
 * A path of this site or an http(s) URL, as parsed (`sitePath`, `webAddress`: so never `//host`
 * nor `/\\host`), with whether it leaves the site; null for anything else. The link gets the
 * parsed address: what was checked.
 */
export function safeHref(href: string): { href: string; external: boolean } | null {
  const path = sitePath(href);
  if (path !== null) return { href: path, external: false };
  const address = webAddress(href);
  return address === null ? null : { href: address, external: true };
}

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The text of inline content, markup removed. */
export const inlineText = (content: Inline[]) => content.map((part) => part.text).join('');

const BULLET = /^[-*+] +/;
const NUMBERED = /^\d+[.)] +/;
const HEADING = /^#{1,6} /;
// Control characters other than tab and newline never reach a page (a NUL is not even valid HTML).
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what it removes.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => parseInline(cell.trim()));

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').replace(CONTROL, '').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  const at = (n: number) => lines[n] ?? '';
  while (i < lines.length) {
    const line = at(i);
    if (!line.trim()) {
      i++;
    } else if (line.startsWith('```')) {
      const language = line.slice(3).trim();
      const code: string[] = [];
      i++;
      while (i < lines.length && !at(i).startsWith('```')) code.push(at(i++));
      i++;
      blocks.push({ type: 'code', language, code: code.join('\n') });
    } else if (HEADING.test(line)) {
      // The page's title is its one h1: a heading in the body starts at h2.
      const level = Math.max(2, /^#+/.exec(line)?.[0].length ?? 2) as 2 | 3 | 4 | 5 | 6;
      const content = parseInline(line.replace(/^#+ /, '').trim());
      blocks.push({ type: 'heading', level, content, id: slugify(inlineText(content)) });
      i++;
    } else if (/^\s*---+\s*$/.test(line)) {
      blocks.push({ type: 'rule' });
      i++;
    } else if (BULLET.test(line) || NUMBERED.test(line)) {
      const ordered = NUMBERED.test(line);
      const marker = ordered ? NUMBERED : BULLET;
      const items: Inline[][] = [];
      while (i < lines.length && marker.test(at(i))) {
        let item = at(i++).replace(marker, '');
        // An indented line continues the item above it.
        while (i < lines.length && /^ {2,}\S/.test(at(i))) item += ` ${at(i++).trim()}`;
        items.push(parseInline(item));
      }
      blocks.push({ type: 'list', ordered, items });
    } else if (line.startsWith('>')) {
      const quote: string[] = [];
      while (i < lines.length && at(i).startsWith('>')) quote.push(at(i++).replace(/^> ?/, ''));
      blocks.push({ type: 'quote', content: parseInline(quote.join(' ')) });
    } else if (line.startsWith('|') && /^\|?[\s:|-]+\|?$/.test(at(i + 1)) && at(i + 1).includes('-')) {
      const header = cells(line);
      i += 2;
      const rows: Inline[][][] = [];
      while (i < lines.length && at(i).startsWith('|')) rows.push(cells(at(i++)));
      blocks.push({ type: 'table', header, rows });
    } else {
      const text: string[] = [];
      while (
        i < lines.length &&
        at(i).trim() &&
        !/^(#{1,6} |```|>|\|)/.test(at(i)) &&
        !BULLET.test(at(i)) &&
        !NUMBERED.test(at(i))
      ) {
        text.push(at(i++).trim());
      }
      blocks.push({ type: 'paragraph', content: parseInline(text.join(' ')) });
    }
  }
  return blocks;
}

/** Words a reader reads: the text of every block, code included. */
export function countWords(source: string): number {
  return source.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;
}

export const WORDS_PER_MINUTE = 225;
export const readingMinutes = (source: string) => Math.max(1, Math.round(countWords(source) / WORDS_PER_MINUTE));
