import { escapeHtml, sitePath, webAddress } from '@giftrelay/contracts';

/**
 * Markdown as safe HTML, for pages the server renders from the database (published posts):
 * the subset the web app's renderer reads (apps/web/src/lib/markdown.ts) — headings, paragraphs,
 * lists, quotes, fenced code, pipe tables, **bold**, *italic*, `code` and links. Every character
 * of the source is escaped: raw HTML in it comes out as text, and a link is kept only when it is a
 * path on this site or an http(s) URL.
 */
export function markdownToHtml(source: string): string {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  const at = (n: number) => lines[n] ?? '';
  let i = 0;
  while (i < lines.length) {
    const line = at(i);
    if (!line.trim()) {
      i++;
    } else if (line.startsWith('```')) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !at(i).startsWith('```')) code.push(at(i++));
      i++;
      out.push(`<pre><code>${escapeHtml(code.join('\n'))}</code></pre>`);
    } else if (/^#{1,6} /.test(line)) {
      // The page's title is its one h1: a heading in the body starts at h2.
      const level = Math.min(6, Math.max(2, /^#+/.exec(line)?.[0].length ?? 2));
      out.push(`<h${level}>${inline(line.replace(/^#+ /, '').trim())}</h${level}>`);
      i++;
    } else if (/^\s*---+\s*$/.test(line)) {
      out.push('<hr>');
      i++;
    } else if (BULLET.test(line) || NUMBERED.test(line)) {
      const ordered = NUMBERED.test(line);
      const marker = ordered ? NUMBERED : BULLET;
      const items: string[] = [];
      while (i < lines.length && marker.test(at(i))) {
        let item = at(i++).replace(marker, '');
        while (i < lines.length && /^ {2,}\S/.test(at(i))) item += ` ${at(i++).trim()}`;
        items.push(`<li>${inline(item)}</li>`);
      }
      out.push(ordered ? `<ol>${items.join('')}</ol>` : `<ul>${items.join('')}</ul>`);
    } else if (line.startsWith('>')) {
      const quote: string[] = [];
      while (i < lines.length && at(i).startsWith('>')) quote.push(at(i++).replace(/^> ?/, ''));
      out.push(`<blockquote><p>${inline(quote.join(' '))}</p></blockquote>`);
    } else if (line.startsWith('|') && /^\|?[\s:|-]+\|?$/.test(at(i + 1)) && at(i + 1).includes('-')) {
      const header = cells(line);
      i += 2;
      const rows: string[][] = [];
      while (i < lines.length && at(i).startsWith('|')) rows.push(cells(at(i++)));
      out.push(
        `<table><thead><tr>${header.map((c) => `<th scope="col">${c}</th>`).join('')}</tr></thead><tbody>${rows
          .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
          .join('')}</tbody></table>`,
      );
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
      out.push(`<p>${inline(text.join(' '))}</p>`);
    }
  }
  return out.join('\n');
}

const BULLET = /^[-*+] +/;
const NUMBERED = /^\d+[.)] +/;

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => inline(cell.trim()));

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\([^)\s]+\)|\*[^*\s][^*]*\*|_[^_\s][^_]*_)/;

/**
 * A path of this site or an http(s) URL, as parsed (`sitePath`, `webAddress`); anything else
 * (`javascript:`, `data:`, `/\\evil.com`, `//evil.com`) is null: no link.
 */
export function safeHref(href: string): { href: string; external: boolean } | null {
  const path = sitePath(href);
  if (path !== null) return { href: path, external: false };
  const address = webAddress(href);
  return address === null ? null : { href: address, external: true };
}

function inline(text: string): string {
  return text
    .split(INLINE)
    .filter(Boolean)
    .map((part) => {
      if (part.startsWith('**') && part.endsWith('**') && part.length > 4)
        return `<strong>${escapeHtml(part.slice(2, -2))}</strong>`;
      if (part.startsWith('`') && part.endsWith('`') && part.length > 2)
        return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
      const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
      if (link?.[1] && link[2]) {
        const [, label, given] = link;
        const target = safeHref(given);
        if (!target) return escapeHtml(label);
        return `<a href="${escapeHtml(target.href)}"${target.external ? ' rel="noopener noreferrer nofollow"' : ''}>${escapeHtml(label)}</a>`;
      }
      if (/^([*_]).+\1$/.test(part) && part.length > 2) return `<em>${escapeHtml(part.slice(1, -1))}</em>`;
      return escapeHtml(part);
    })
    .join('');
}

/** Plain text of Markdown (for descriptions and word counts): markup removed, links' labels kept. */
export function markdownToText(source: string): string {
  return source
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^#+ |^[-*+] |^\d+[.)] |^> ?/gm, '')
    .replace(/[*_`|]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
