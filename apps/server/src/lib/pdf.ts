import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * Text documents (statements; decision 047) as PDF through pdfkit, with embedded subsets of Noto
 * Sans JP (Latin, Greek, Cyrillic, kana and kanji) and Noto Sans Arabic, so a name in any of those
 * prints as itself (decision 069). pdfkit picks no fallback font: text is cut into runs by script
 * and each run drawn in its font. Pages are written as they fill (`take()`), so a year of a busy
 * ledger never sits in memory; the font subsets, the page tree and the cross-reference table come
 * at `end()`.
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

/** A4 landscape, in points. */
export const A4_LANDSCAPE = { width: 842, height: 595 } as const;

type Script = 'latin' | 'arabic';
type FontKey = `${Script}-${PdfFont}`;

// Resolved from this module (the bundle in apps/server/dist once built), not from the working directory.
const require = createRequire(import.meta.url);
const FONT_FILES: Record<FontKey, string> = {
  'latin-regular': '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  'latin-bold': '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf',
  'arabic-regular': '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
  'arabic-bold': '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
};
let fontData: Record<FontKey, Buffer> | undefined;
/** The four font files, read once (11 MB, most of it kanji) on the first document. */
function fonts(): Record<FontKey, Buffer> {
  fontData ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([key, file]) => [key, readFileSync(require.resolve(file))]),
  ) as Record<FontKey, Buffer>;
  return fontData;
}

/** One piece of a line: text in one font, and whether it reads right to left. */
export interface TextRun {
  text: string;
  script: Script;
  rtl: boolean;
}

const ARABIC = /\p{Script=Arabic}/u;
const STRONG = /\p{L}/u;
const MARK = /\p{M}/u;
const DIGIT = /\p{Nd}/u;
const CONTROL = /[\p{Cc}\p{Cf}\p{Cs}]/gu;
// Most of a statement: one left-to-right run, no need to look at each character.
const PLAIN = /^[\x20-\x7e\u00a0-\u024f\u2010-\u2044\u20ac\u2212]*$/;
type Kind = 'rtl' | 'ltr' | 'neutral';

/**
 * The runs of `text` in the order they are drawn, left to right. A small part of the Unicode
 * bidirectional algorithm: the paragraph's direction is its first letter's; Arabic letters read
 * right to left (fontkit lays a run out reversed, shaped), every other letter and every digit left
 * to right; spaces and punctuation take the direction of the letters on both sides when they agree,
 * else the paragraph's; in a right-to-left paragraph the runs are drawn in reverse. No explicit
 * embeddings, no mirrored brackets.
 */
export function textRuns(input: string): TextRun[] {
  const text = input.normalize('NFC').replace(CONTROL, ' ');
  if (PLAIN.test(text)) return [{ text, script: 'latin', rtl: false }];
  const chars = [...text].map((ch) => {
    const arabic = ARABIC.test(ch);
    const kind: Kind = STRONG.test(ch) ? (arabic ? 'rtl' : 'ltr') : DIGIT.test(ch) ? 'ltr' : 'neutral';
    return { ch, arabic, kind };
  });
  const paragraph: Kind = chars.find((c) => c.kind !== 'neutral')?.kind ?? 'ltr';
  // A combining mark belongs to the letter before it.
  for (let i = 1; i < chars.length; i++) {
    const c = chars[i] as (typeof chars)[number];
    const before = chars[i - 1] as (typeof chars)[number];
    if (MARK.test(c.ch)) Object.assign(c, { kind: before.kind, arabic: before.arabic });
  }
  const strongAfter: Kind[] = [];
  for (let i = chars.length - 1, next: Kind = paragraph; i >= 0; i--) {
    strongAfter[i] = next;
    const kind = chars[i]?.kind;
    if (kind && kind !== 'neutral') next = kind;
  }
  let before: Kind = paragraph;
  chars.forEach((c, i) => {
    if (c.kind !== 'neutral') {
      before = c.kind;
      return;
    }
    c.kind = before === strongAfter[i] ? before : paragraph;
    c.arabic = c.kind === 'rtl';
  });
  const runs: TextRun[] = [];
  for (const c of chars) {
    const script: Script = c.arabic ? 'arabic' : 'latin';
    const last = runs.at(-1);
    if (last && last.script === script && last.rtl === (c.kind === 'rtl')) last.text += c.ch;
    else runs.push({ text: c.ch, script, rtl: c.kind === 'rtl' });
  }
  return paragraph === 'rtl' ? runs.reverse() : runs;
}

/** pdfkit's embedded font, as far as drawing a run's glyphs goes (pdfkit 0.20). */
interface EmbeddedFont {
  id: string;
  encode(text: string, features?: string[]): [string[], { xAdvance: number }[]];
  ref(): unknown;
}
interface DocumentInternals {
  _font: EmbeddedFont;
  page: { fonts: Record<string, unknown> };
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();
const ELLIPSIS = '…';

/**
 * Writes a PDF a page at a time: draw on the current page, `page()` starts the next one, `take()`
 * gives the bytes written so far and `end()` the rest. Coordinates are in points from the
 * bottom-left corner; `y` of text is its baseline.
 */
export class PdfWriter {
  private readonly doc: PDFKit.PDFDocument;
  /** Glyphs of single characters, per font: the subset's glyph ids belong to this document. */
  private readonly glyphs = new Map<string, { hex: string; width: number }>();
  private pages = 1;

  constructor(
    meta: { title: string; createdAt: Date },
    private readonly size: { width: number; height: number } = A4_LANDSCAPE,
  ) {
    this.doc = new PDFDocument({
      size: [size.width, size.height],
      margin: 0,
      info: { Title: meta.title, Producer: 'GiftRelay', Creator: 'GiftRelay', CreationDate: meta.createdAt },
    });
    for (const [key, data] of Object.entries(fonts())) this.doc.registerFont(key, data);
  }

  private useFont(script: Script, font: PdfFont, size: number): EmbeddedFont {
    this.doc.font(`${script}-${font}`).fontSize(size);
    const internals = this.doc as unknown as DocumentInternals;
    const embedded = internals._font;
    internals.page.fonts[embedded.id] ??= embedded.ref();
    return embedded;
  }

  /**
   * Latin and CJK runs are drawn a character at a time from a per-document cache (a statement
   * repeats few characters many times; laying out each cell with fontkit cost 5 times as much),
   * without kerning. Arabic runs, and runs with combining marks, are laid out whole: shaping joins
   * their letters and places their marks.
   */
  private isSimple(run: TextRun) {
    return run.script === 'latin' && !MARK.test(run.text);
  }

  private glyphsOf(run: TextRun, font: PdfFont): { hex: string; width: number } {
    const embedded = this.useFont(run.script, font, 1000);
    let hex = '';
    let width = 0;
    for (const ch of run.text) {
      const key = `${embedded.id}${ch}`;
      let glyph = this.glyphs.get(key);
      if (!glyph) {
        const [codes, positions] = embedded.encode(ch);
        glyph = { hex: codes.join(''), width: positions.reduce((w, p) => w + p.xAdvance, 0) };
        this.glyphs.set(key, glyph);
      }
      hex += glyph.hex;
      width += glyph.width;
    }
    return { hex, width };
  }

  private runWidth(run: TextRun, size: number, font: PdfFont): number {
    if (this.isSimple(run)) return (this.glyphsOf(run, font).width * size) / 1000;
    this.useFont(run.script, font, size);
    return this.doc.widthOfString(run.text, { features: [] });
  }

  /** The width of `text` in points at `size`. */
  textWidth(text: string, size: number, font: PdfFont = 'regular'): number {
    return textRuns(text).reduce((w, run) => w + this.runWidth(run, size, font), 0);
  }

  /** The runs of `text` cut to `maxWidth` points, ending in an ellipsis when something was cut. */
  private fit(text: string, size: number, font: PdfFont, maxWidth: number): TextRun[] {
    const width = (runs: TextRun[]) => runs.reduce((w, run) => w + this.runWidth(run, size, font), 0);
    const whole = textRuns(text);
    if (width(whole) <= maxWidth) return whole;
    const chars = [...text.normalize('NFC')];
    let fits = 0;
    let over = chars.length;
    while (over - fits > 1) {
      const mid = (fits + over) >> 1;
      if (width(textRuns(`${chars.slice(0, mid).join('').trimEnd()}${ELLIPSIS}`)) <= maxWidth) fits = mid;
      else over = mid;
    }
    return textRuns(`${chars.slice(0, fits).join('').trimEnd()}${ELLIPSIS}`);
  }

  text(x: number, y: number, text: string, o: TextOptions) {
    const font = o.font ?? 'regular';
    const runs = o.maxWidth === undefined ? textRuns(text) : this.fit(text, o.size, font, o.maxWidth);
    const widths = runs.map((run) => this.runWidth(run, o.size, font));
    let left = o.align === 'right' ? x - widths.reduce((a, b) => a + b, 0) : x;
    const rgb = o.rgb ?? [o.gray ?? 0, o.gray ?? 0, o.gray ?? 0];
    // pdfkit's pages draw with y downwards (each page starts with a flipping matrix).
    const top = this.size.height - y;
    runs.forEach((run, i) => {
      if (this.isSimple(run)) {
        const { hex } = this.glyphsOf(run, font);
        const embedded = this.useFont(run.script, font, o.size);
        this.doc.addContent(
          `q 1 0 0 -1 0 ${num(this.size.height)} cm BT ${rgb.map(num).join(' ')} rg /${embedded.id} ${num(o.size)} Tf 1 0 0 1 ${num(left)} ${num(y)} Tm <${hex}> Tj ET Q`,
        );
      } else {
        this.useFont(run.script, font, o.size);
        // fontkit reverses every Arabic-script run; Arabic-Indic digits read left to right.
        const drawn = run.rtl ? run.text : [...run.text].reverse().join('');
        this.doc
          .fillColor(rgb.map((c) => c * 255) as [number, number, number])
          .text(run.script === 'arabic' ? drawn : run.text, left, top, {
            lineBreak: false,
            baseline: 'alphabetic',
            features: [],
          });
      }
      left += widths[i] ?? 0;
    });
  }

  line(x1: number, y1: number, x2: number, y2: number, opts: { width?: number; gray?: number } = {}) {
    const h = this.size.height;
    this.doc.addContent(
      `q ${num(opts.width ?? 0.5)} w ${num(opts.gray ?? 0)} G ${num(x1)} ${num(h - y1)} m ${num(x2)} ${num(h - y2)} l S Q`,
    );
  }

  fillRect(x: number, y: number, width: number, height: number, gray: number) {
    this.doc.addContent(
      `q ${num(gray)} g ${num(x)} ${num(this.size.height - y - height)} ${num(width)} ${num(height)} re f Q`,
    );
  }

  /** Ends the current page and starts the next. */
  page() {
    this.doc.addPage({ size: [this.size.width, this.size.height], margin: 0 });
    this.pages++;
  }

  get pageCount() {
    return this.pages;
  }

  /** The bytes written since the last call: the finished pages (pdfkit writes a page when the next starts). */
  take(): Buffer {
    const parts: Buffer[] = [];
    for (let chunk = this.doc.read(); chunk !== null; chunk = this.doc.read()) parts.push(chunk);
    return Buffer.concat(parts);
  }

  /** The last page, the fonts' subsets, the page tree and the cross-reference table. */
  end(): Buffer {
    this.doc.end();
    return this.take();
  }
}
