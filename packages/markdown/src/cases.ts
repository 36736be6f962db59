/**
 * One table of Markdown and what it means, run through both renderers: the server's HTML
 * (`markdownToHtml`) and the web app's React elements (`components/ui/markdown.tsx`). What each
 * renders is compared in a canonical form (`canonicalHtml`): the elements that carry meaning, a
 * link's href and rel and a heading's id, and the text; a renderer's own chrome (the code block's
 * frame and copy button, the table's scrolling box) is left out.
 */
export const MARKDOWN_CASES: { name: string; source: string; html: string }[] = [
  {
    name: 'italic with * and _, bold, code and a site link',
    source: 'A *soft* and _quiet_ word, a **bold** one, `code` and [a link](/blog).',
    html: '<p>A <em>soft</em> and <em>quiet</em> word, a <strong>bold</strong> one, <code>code</code> and <a href="/blog">a link</a>.</p>',
  },
  {
    name: 'lone markers and intraword underscores stay text',
    source: 'snake_case_name, 2 * 3 = 6 and a_b',
    html: '<p>snake_case_name, 2 * 3 = 6 and a_b</p>',
  },
  {
    name: 'an address outside the site, as parsed, with rel',
    source: 'See [the site](https://example.com/a?b=1&c=2) now.',
    html: '<p>See <a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">the site</a> now.</p>',
  },
  {
    name: 'a site path as parsed',
    source: '[a](/blog/../pricing#plans)',
    html: '<p><a href="/pricing#plans">a</a></p>',
  },
  {
    name: 'headings start at h2, with ids and inline markup',
    source: '# Title\n\n## Why it works\n\n### Sub *part*\n\n#### Deep',
    html: '<h2 id="title">Title</h2><h2 id="why-it-works">Why it works</h2><h3 id="sub-part">Sub <em>part</em></h3><h4 id="deep">Deep</h4>',
  },
  {
    name: 'paragraphs joined across lines; lists with wrapped items',
    source: 'First line\ncontinues here.\n\n- one\n- two with **bold**\n  and a wrapped line\n\n1. first\n2) second',
    html: '<p>First line continues here.</p><ul><li>one</li><li>two with <strong>bold</strong> and a wrapped line</li></ul><ol><li>first</li><li>second</li></ol>',
  },
  {
    name: 'quotes, rules, fenced code and tables',
    source:
      '> A quote\n>continued\n\n---\n\n```sh\ncurl -sS "x" && y < z\n  indented\n```\n\n| A | **B** |\n| --- | --- |\n| 1 | `x` |',
    html: '<blockquote><p>A quote continued</p></blockquote><hr><pre><code>curl -sS "x" &amp;&amp; y &lt; z\n  indented</code></pre><table><thead><tr><th>A</th><th><strong>B</strong></th></tr></thead><tbody><tr><td>1</td><td><code>x</code></td></tr></tbody></table>',
  },
  {
    name: 'raw HTML is text',
    source: '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\n## <b>head</b>',
    html: '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><p>&lt;img src=x onerror="alert(1)"&gt;</p><h2 id="b-head-b">&lt;b&gt;head&lt;/b&gt;</h2>',
  },
  {
    name: 'links to other schemes or other hosts are their label, as text',
    source:
      '[x](javascript:alert%281%29) [y](data:text/html,hi) [z](//evil.example) [w](/\\evil.example) [v](JaVaScRiPt:x) [u](https:\\\\evil.example)',
    html: '<p>x y z w v u</p>',
  },
  {
    name: 'NUL and other control characters are dropped; CR line ends read as LF',
    source: 'a\u0000b\u0007c\r\nd\u001b\r\r## x\u0000y',
    html: '<p>abc d</p><h2 id="xy">xy</h2>',
  },
];

const KEEP = new Set(
  'h2 h3 h4 h5 h6 p ul ol li blockquote pre code table thead tbody tr th td strong em a hr'.split(' '),
);
const CHROME = new Set(['button', 'span', 'svg']);
const ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'rel'],
  h2: ['id'],
  h3: ['id'],
  h4: ['id'],
  h5: ['id'],
  h6: ['id'],
};
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
const decode = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e: string) => ENTITIES[e] ?? '');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * HTML as the cases state it: the elements that carry meaning with only the attributes that do,
 * text with only & < > escaped; wrappers unwrapped, buttons and labels dropped with their text.
 */
export function canonicalHtml(html: string): string {
  let out = '';
  let depth = 0;
  let dropping = 0;
  for (const m of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>|([^<]+)/g)) {
    const [, closing, tagName, attrs = '', text] = m;
    if (text !== undefined) {
      if (!dropping && (depth > 0 || text.trim())) out += escapeText(decode(text));
      continue;
    }
    const tag = (tagName as string).toLowerCase();
    if (CHROME.has(tag)) {
      dropping += closing ? -1 : attrs.endsWith('/') ? 0 : 1;
      continue;
    }
    if (dropping || !KEEP.has(tag)) continue;
    if (closing) {
      depth--;
      out += `</${tag}>`;
      continue;
    }
    const kept = (ATTRIBUTES[tag] ?? [])
      .map((name) => [name, new RegExp(`\\s${name}="([^"]*)"`).exec(attrs)?.[1]] as const)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => ` ${name}="${escapeText(decode(value as string)).replace(/"/g, '&quot;')}"`)
      .join('');
    out += `<${tag}${kept}>`;
    if (tag !== 'hr') depth++;
  }
  return out;
}
