import { textColourOn } from '@giftrelay/contracts';
import { escapeHtml } from '@giftrelay/contracts/html';

/** What an email says. Every string is plain text: the layout escapes it for HTML. */
export interface EmailContent {
  /** The line mail clients show beside the subject. */
  preview: string;
  /** A plain warning shown above the heading, such as "this is a sandbox card with no value". */
  notice?: string;
  heading: string;
  paragraphs: string[];
  /** Label and value rows, such as a gift card's code and PIN. */
  details?: { label: string; value: string }[];
  /** The one thing to click. Only http(s) URLs are accepted. */
  action?: { label: string; url: string };
  /** Several links of equal weight, listed below the details (a claim link per reward). */
  links?: { label: string; url: string }[];
  /** Smaller print below the button: expiry, "if this was not you". */
  footnotes?: string[];
  /**
   * The sender's look (a reward's recipient email): their name and logo in the header, their
   * colour on the buttons. Without it, GiftRelay's.
   */
  branding?: { name: string; colour: string; logoUrl?: string | null };
}

export interface RenderedEmail {
  html: string;
  text: string;
}

const DEFAULT_COLOUR = '#4f46e5';
const INK = '#0f172a';
const MUTED = '#475569';
const FONT = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/** GiftRelay's email look, as HTML (inline styles, table layout, for mail clients) and plain text. */
export function renderEmail(content: EmailContent): RenderedEmail {
  if (content.action) assertHttpUrl(content.action.url);
  for (const link of content.links ?? []) assertHttpUrl(link.url);
  if (content.branding) {
    // The colour goes into CSS: only #rrggbb, whatever a caller passes.
    if (!/^#[0-9a-fA-F]{6}$/.test(content.branding.colour)) throw new Error('An email colour must be #rrggbb');
    if (content.branding.logoUrl) assertHttpUrl(content.branding.logoUrl);
  }
  return { html: renderHtml(content), text: renderText(content) };
}

function assertHttpUrl(url: string) {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`An email link must be an http(s) URL, not ${parsed.protocol}`);
  }
}

function renderHtml(c: EmailContent): string {
  const e = escapeHtml;
  const brand = c.branding?.colour ?? DEFAULT_COLOUR;
  const onBrand = textColourOn(brand);
  const header = c.branding
    ? `<tr><td style="padding:0 0 16px;font-size:20px;font-weight:700;color:${INK};">${
        c.branding.logoUrl
          ? `<img src="${e(c.branding.logoUrl)}" alt="${e(c.branding.name)}" height="40" style="display:inline-block;height:40px;max-width:200px;vertical-align:middle;margin-right:12px;border:0;">`
          : ''
      }<span style="vertical-align:middle;" data-sender>${e(c.branding.name)}</span></td></tr>
<tr><td style="height:4px;background:${brand};border-radius:4px 4px 0 0;font-size:0;line-height:0;">&nbsp;</td></tr>`
    : `<tr><td style="padding:0 0 16px;font-size:20px;font-weight:700;color:${brand};">GiftRelay</td></tr>`;
  const paragraph = (text: string, style: string) => `<p style="margin:0 0 16px;${style}">${e(text)}</p>`;
  const details = c.details?.length
    ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px;border:1px solid #e2e8f0;border-radius:8px;">${c.details
        .map(
          (d) =>
            `<tr><td style="padding:10px 14px;color:${MUTED};font-size:14px;">${e(d.label)}</td><td style="padding:10px 14px;color:${INK};font-size:15px;font-weight:600;font-family:ui-monospace,Menlo,Consolas,monospace;text-align:right;">${e(d.value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const action = c.action
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td style="border-radius:8px;background:${brand};"><a href="${e(c.action.url)}" style="display:inline-block;padding:12px 24px;color:${onBrand};font-weight:600;font-size:16px;text-decoration:none;border-radius:8px;">${e(c.action.label)}</a></td></tr></table>${paragraph(
        `Or paste this link into your browser: ${c.action.url}`,
        `font-size:13px;color:${MUTED};word-break:break-all;`,
      )}`
    : '';
  const links = c.links?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 24px;">${c.links
        .map(
          (l) =>
            `<tr><td style="padding:4px 0;"><a href="${e(l.url)}" style="display:inline-block;padding:10px 18px;color:${onBrand};background:${brand};font-weight:600;font-size:15px;text-decoration:none;border-radius:8px;">${e(l.label)}</a></td></tr>`,
        )
        .join('')}</table>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${e(c.heading)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:${FONT};">
<div style="display:none;max-height:0;overflow:hidden;">${e(c.preview)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:32px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;">
${header}
<tr><td style="background:#ffffff;border-radius:12px;padding:32px;border:1px solid #e2e8f0;">
${c.notice ? `<p role="note" style="margin:0 0 20px;padding:12px 14px;border:1px solid #f59e0b;border-radius:8px;background:#fffbeb;color:#78350f;font-size:15px;font-weight:600;line-height:1.5;">${e(c.notice)}</p>` : ''}
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${INK};">${e(c.heading)}</h1>
${c.paragraphs.map((p) => paragraph(p, `font-size:16px;line-height:1.6;color:${INK};`)).join('\n')}
${details}
${action}
${links}
${(c.footnotes ?? []).map((f) => paragraph(f, `font-size:13px;line-height:1.5;color:${MUTED};`)).join('\n')}
</td></tr>
<tr><td style="padding:16px 8px;font-size:12px;color:${MUTED};text-align:center;">GiftRelay: digital rewards that scale.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function renderText(c: EmailContent): string {
  const parts = [
    ...(c.notice ? [c.notice, ''] : []),
    c.heading,
    '='.repeat(Math.min(c.heading.length, 60)),
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
  ];
  if (c.details?.length) parts.push(...c.details.map((d) => `${d.label}: ${d.value}`), '');
  if (c.action) parts.push(`${c.action.label}:`, c.action.url, '');
  for (const l of c.links ?? []) parts.push(`${l.label}:`, l.url, '');
  if (c.footnotes?.length) parts.push(...c.footnotes.flatMap((f) => [f, '']));
  parts.push('-- ', 'GiftRelay: digital rewards that scale.');
  return `${parts.join('\n')}\n`;
}
