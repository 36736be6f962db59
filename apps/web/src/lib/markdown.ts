import { sitePath, webAddress } from '@giftrelay/contracts/links';

/**
 * The small Markdown subset our articles are written in, parsed into blocks that React renders
 * as elements (never as HTML strings): headings (## and ###), paragraphs, bulleted and numbered
 * lists, quotes, fenced code and pipe tables; inline **bold**, `code` and [links](/path).
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; text: string }
  | { type: 'code'; text: string }
  | { type: 'link'; text: string; href: string };

export type Block =
  | { type: 'heading'; level: 2 | 3; text: string; id: string }
  | { type: 'paragraph'; content: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'quote'; content: Inline[] }
  | { type: 'code'; language: string; code: string }
  | { type: 'table'; header: Inline[][]; rows: Inline[][][] };

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\))/;

export function parseInline(text: string): Inline[] {
  return text
    .split(INLINE)
    .filter(Boolean)
    .map((part): Inline => {
      if (part.startsWith('**') && part.endsWith('**') && part.length > 4) {
        return { type: 'strong', text: part.slice(2, -2) };
      }
      if (part.startsWith('`') && part.endsWith('`') && part.length > 2)
        return { type: 'code', text: part.slice(1, -1) };
      const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
      // Only a path on this site or an http(s) address becomes a link: generated posts reach
      // this parser too, and `javascript:` or `data:` must stay text.
      const href = link?.[2] ? safeHref(link[2]) : null;
      if (link?.[1] && href) return { type: 'link', text: link[1], href };
      return { type: 'text', text: part };
    });
}

/**
 * A path of this site (as the URL parser reads it, so never `//host` nor `/\\host`) or an
 * http(s) URL; null for anything else. The link gets the parsed path: what was checked.
 */
export function safeHref(href: string): string | null {
  return sitePath(href) ?? webAddress(href);
}

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const BULLET = /^[-*] +/;
const NUMBERED = /^\d+\. +/;
const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => parseInline(cell.trim()));

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n/g, '\n').split('\n');
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
    } else if (/^#{2,3} /.test(line)) {
      const level = line.startsWith('### ') ? 3 : 2;
      const text = line.replace(/^#{2,3} /, '').trim();
      blocks.push({ type: 'heading', level, text, id: slugify(text) });
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
    } else if (line.startsWith('> ')) {
      const quote: string[] = [];
      while (i < lines.length && at(i).startsWith('> ')) quote.push(at(i++).slice(2));
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
        !/^(#{2,3} |```|> |\|)/.test(at(i)) &&
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
