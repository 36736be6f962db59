import { escapeHtml } from '@giftrelay/contracts/html';
import { type Block, EXTERNAL_REL, type Inline, parseMarkdown } from './parse';

function inline(content: Inline[]): string {
  return content
    .map((part) => {
      switch (part.type) {
        case 'strong':
          return `<strong>${escapeHtml(part.text)}</strong>`;
        case 'em':
          return `<em>${escapeHtml(part.text)}</em>`;
        case 'code':
          return `<code>${escapeHtml(part.text)}</code>`;
        case 'link':
          return `<a href="${escapeHtml(part.href)}"${part.external ? ` rel="${EXTERNAL_REL}"` : ''}>${escapeHtml(part.text)}</a>`;
        default:
          return escapeHtml(part.text);
      }
    })
    .join('');
}

function block(b: Block): string {
  switch (b.type) {
    case 'heading':
      return `<h${b.level} id="${escapeHtml(b.id)}">${inline(b.content)}</h${b.level}>`;
    case 'paragraph':
      return `<p>${inline(b.content)}</p>`;
    case 'quote':
      return `<blockquote><p>${inline(b.content)}</p></blockquote>`;
    case 'code':
      return `<pre><code>${escapeHtml(b.code)}</code></pre>`;
    case 'rule':
      return '<hr>';
    case 'list': {
      const items = b.items.map((item) => `<li>${inline(item)}</li>`).join('');
      return b.ordered ? `<ol>${items}</ol>` : `<ul>${items}</ul>`;
    }
    case 'table':
      return `<table><thead><tr>${b.header.map((c) => `<th scope="col">${inline(c)}</th>`).join('')}</tr></thead><tbody>${b.rows
        .map((r) => `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`)
        .join('')}</tbody></table>`;
  }
}

/**
 * Markdown as safe HTML, for pages the server renders from the database when the web app's own
 * render is not at hand: every character of the source is escaped, so raw HTML in it comes out
 * as text, and links are only what `safeHref` let through.
 */
export function markdownToHtml(source: string): string {
  return parseMarkdown(source).map(block).join('\n');
}
