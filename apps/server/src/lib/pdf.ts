import { deflateSync } from 'node:zlib';

/**
 * A small PDF 1.4 writer for text documents (statements; decision 047): the standard Helvetica
 * fonts in WinAnsiEncoding, text, lines and filled rectangles, each page's content deflated. It
 * writes as it goes: `start()`, then `page()` for each page, then `end()` with the page tree and
 * the cross-reference table, so a long document never sits in memory whole. No fonts are
 * embedded (the 14 standard fonts need none), so characters outside WinAnsi become "?".
 */

export type PdfFont = 'regular' | 'bold';

export interface TextOptions {
  size: number;
  font?: PdfFont;
  /** `right`: `x` is where the text ends. */
  align?: 'left' | 'right';
  /** Longer text is cut to fit, with an ellipsis. */
  maxWidth?: number;
  /** 0 (black) to 1 (white). */
  gray?: number;
  /** An RGB colour, 0–1 each; wins over `gray`. */
  rgb?: readonly [number, number, number];
}

// Unicode → the WinAnsiEncoding byte, for the characters where the two differ from Latin-1.
const WIN_ANSI_EXTRA: Readonly<Record<number, number>> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
  // No glyph of its own in WinAnsi: the nearest one.
  8722: 0x2d,
  160: 0x20,
};

/**
 * The WinAnsi bytes of `text`: Latin-1 as it is, the WinAnsi extras (€ ‘ ’ “ ” – — …), control
 * characters as spaces, anything else (CJK, emoji, a lone surrogate) as "?".
 */
export function winAnsiBytes(text: string): number[] {
  const out: number[] = [];
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0) as number;
    const extra = WIN_ANSI_EXTRA[cp];
    if (extra !== undefined) out.push(extra);
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out.push(0x20);
    else if (cp <= 0xff) out.push(cp);
    else out.push(0x3f);
  }
  return out;
}

/** A PDF literal string of WinAnsi bytes: ( ) \ escaped, bytes outside printable ASCII in octal. */
export function pdfString(bytes: readonly number[]): string {
  let s = '(';
  for (const b of bytes) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) s += `\\${String.fromCharCode(b)}`;
    else if (b < 0x20 || b > 0x7e) s += `\\${b.toString(8).padStart(3, '0')}`;
    else s += String.fromCharCode(b);
  }
  return `${s})`;
}

// Advance widths (1/1000 em) of Helvetica and Helvetica-Bold for bytes 32–126, from Adobe's AFM files.
// biome-ignore format: a table
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778,
  722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278,
  278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
// biome-ignore format: a table
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778,
  722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333,
  278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
// The wide ones above 126 (ellipsis, dashes, per mille); the rest are close to a digit's width.
const WIDE: Readonly<Record<number, number>> = { 133: 1000, 137: 1000, 151: 1000, 153: 1000, 140: 1000 };

function byteWidth(b: number, font: PdfFont): number {
  const table = font === 'bold' ? HELVETICA_BOLD : HELVETICA;
  if (b >= 32 && b <= 126) return table[b - 32] as number;
  return WIDE[b] ?? 556;
}

/** The width of WinAnsi bytes in points at `size`. */
export function bytesWidth(bytes: readonly number[], size: number, font: PdfFont = 'regular'): number {
  let w = 0;
  for (const b of bytes) w += byteWidth(b, font);
  return (w * size) / 1000;
}

export const textWidth = (text: string, size: number, font: PdfFont = 'regular') =>
  bytesWidth(winAnsiBytes(text), size, font);

const ELLIPSIS = 0x85;

/** The bytes cut to `maxWidth` points, ending in an ellipsis when something was cut. */
function fit(bytes: number[], size: number, font: PdfFont, maxWidth: number): number[] {
  if (bytesWidth(bytes, size, font) <= maxWidth) return bytes;
  const room = maxWidth - (byteWidth(ELLIPSIS, font) * size) / 1000;
  let w = 0;
  let n = 0;
  for (; n < bytes.length; n++) {
    const next = (byteWidth(bytes[n] as number, font) * size) / 1000;
    if (w + next > room) break;
    w += next;
  }
  return [...bytes.slice(0, n), ELLIPSIS];
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();

/** One page's drawing operations; coordinates in points from the bottom-left corner. */
export class PdfCanvas {
  private ops: string[] = [];

  text(x: number, y: number, text: string, o: TextOptions) {
    const font = o.font ?? 'regular';
    let bytes = winAnsiBytes(text);
    if (o.maxWidth !== undefined) bytes = fit(bytes, o.size, font, o.maxWidth);
    const left = o.align === 'right' ? x - bytesWidth(bytes, o.size, font) : x;
    const colour = o.rgb ? `${o.rgb.map(num).join(' ')} rg` : `${num(o.gray ?? 0)} g`;
    this.ops.push(
      `BT ${colour} /${font === 'bold' ? 'F2' : 'F1'} ${num(o.size)} Tf 1 0 0 1 ${num(left)} ${num(y)} Tm ${pdfString(bytes)} Tj ET`,
    );
  }

  line(x1: number, y1: number, x2: number, y2: number, opts: { width?: number; gray?: number } = {}) {
    this.ops.push(
      `${num(opts.width ?? 0.5)} w ${num(opts.gray ?? 0)} G ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`,
    );
  }

  fillRect(x: number, y: number, width: number, height: number, gray: number) {
    this.ops.push(`${num(gray)} g ${num(x)} ${num(y)} ${num(width)} ${num(height)} re f`);
  }

  /** The content stream. */
  toString() {
    return this.ops.join('\n');
  }
}

/** A4 landscape, in points. */
export const A4_LANDSCAPE = { width: 842, height: 595 } as const;

/**
 * Writes a PDF a page at a time. Objects 1–5 are the catalogue, the page tree (written last, when
 * its pages are known), the two fonts and the document information; each page adds its content
 * stream and its page object. Every method returns the bytes to append, in order.
 */
export class PdfWriter {
  private offsets: number[] = [];
  private written = 0;
  private pageIds: number[] = [];
  private nextId = 6;

  constructor(
    private readonly meta: { title: string; createdAt: Date },
    private readonly size: { width: number; height: number } = A4_LANDSCAPE,
  ) {}

  private chunk(parts: (string | Buffer)[]): Buffer {
    const buf = Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p)));
    this.written += buf.length;
    return buf;
  }

  /** The bytes of objects, each offset noted where it starts (after `prefix`, the file header). */
  private emit(objects: [number, string | Buffer[]][], prefix: (string | Buffer)[] = []): Buffer {
    const parts: Buffer[] = prefix.map(toBuffer);
    let at = this.written + parts.reduce((n, b) => n + b.length, 0);
    for (const [id, body] of objects) {
      this.offsets[id] = at;
      for (const p of [`${id} 0 obj\n`, ...(typeof body === 'string' ? [body] : body), '\nendobj\n']) {
        const b = toBuffer(p);
        at += b.length;
        parts.push(b);
      }
    }
    return this.chunk(parts);
  }

  start(): Buffer {
    const d = this.meta.createdAt.toISOString().replace(/[-:T]/g, '').slice(0, 14);
    return this.emit(
      [
        [1, '<< /Type /Catalog /Pages 2 0 R >>'],
        [3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'],
        [4, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'],
        [5, `<< /Title ${pdfString(winAnsiBytes(this.meta.title))} /Producer (GiftRelay) /CreationDate (D:${d}Z) >>`],
      ],
      // The second line's bytes above 127 tell tools the file is binary.
      ['%PDF-1.4\n', Buffer.from([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a])],
    );
  }

  page(canvas: PdfCanvas): Buffer {
    const content = deflateSync(Buffer.from(canvas.toString(), 'latin1'));
    const contentId = this.nextId++;
    const pageId = this.nextId++;
    this.pageIds.push(pageId);
    return this.emit([
      [
        contentId,
        [
          Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`),
          content,
          Buffer.from('\nendstream'),
        ],
      ],
      [
        pageId,
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${this.size.width} ${this.size.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`,
      ],
    ]);
  }

  get pageCount() {
    return this.pageIds.length;
  }

  end(): Buffer {
    const pages = this.emit([
      [
        2,
        `<< /Type /Pages /Kids [${this.pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${this.pageIds.length} >>`,
      ],
    ]);
    const xrefAt = this.written;
    const count = this.nextId;
    let xref = `xref\n0 ${count}\n0000000000 65535 f \n`;
    for (let id = 1; id < count; id++) xref += `${String(this.offsets[id]).padStart(10, '0')} 00000 n \n`;
    xref += `trailer\n<< /Size ${count} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
    return Buffer.concat([pages, this.chunk([xref])]);
  }
}

const toBuffer = (p: string | Buffer) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : p);
