import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

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
  /** Known to need no shaping (see `isSimple`). */
  simple?: boolean;
}

const ARABIC = /\p{Script=Arabic}/u;
const STRONG = /\p{L}/u;
const MARK = /\p{M}/u;
const DIGIT = /\p{Nd}/u;
const CONTROL = /[\p{Cc}\p{Cf}\p{Cs}]/gu;
// Most of a statement: one left-to-right run, no need to look at each character.
const PLAIN = /^[\x20-\x7e\u00a0-\u024f\u2010-\u2044\u20ac\u2212]*$/;

/**
 * Latin and CJK runs without combining marks are drawn a character at a time from a per-document
 * cache (a statement repeats few characters many times; laying out every cell with fontkit took
 * about twice the time), without kerning. Arabic runs, and runs with combining marks, are laid
 * out whole: shaping joins their letters and places their marks.
 */
const isSimple = (run: TextRun) => run.script === 'latin' && !MARK.test(run.text);
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
  if (PLAIN.test(text)) return [{ text, script: 'latin', rtl: false, simple: true }];
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

interface GlyphCache {
  key: FontKey;
  glyphs: Map<string, { hex: string; width: number }>;
}

interface MeasuredRun extends TextRun {
  /** Width at 1 pt. */
  width: number;
  /** The glyph ids in hex, for runs drawn from the per-character cache. */
  hex?: string;
}
const widthOf = (runs: MeasuredRun[]) => runs.reduce((w, run) => w + run.width, 0);

const num = (n: number) => (Math.round(n * 100) / 100).toString();
const ELLIPSIS = '…';

/**
 * Writes a PDF a page at a time: draw on the current page, `page()` starts the next one, `take()`
 * gives the bytes written so far and `end()` the rest. Coordinates are in points from the
 * bottom-left corner; `y` of text is its baseline.
 */
type PdfKit = typeof import('pdfkit');
let pdfkit: Promise<PdfKit> | undefined;
/** pdfkit with fontkit takes about a quarter of a second to load: a process pays it on its first PDF, not at start. */
const loadPdfKit = () => {
  pdfkit ??= import('pdfkit').then((m) => m.default);
  return pdfkit;
};

export class PdfWriter {
  private readonly doc: PDFKit.PDFDocument;
  /** Glyphs of single characters, per font: the subset's glyph ids belong to this document. */
  private readonly glyphs = new Map<FontKey, GlyphCache>();
  private readonly embedded = new Map<FontKey, EmbeddedFont>();
  /** Widths of shaped runs at 1 pt: a name on every page is shaped once. */
  private readonly shapedWidths = new Map<string, number>();
  /** Fonts named in the current page's resources. */
  private pageFonts = new Set<string>();
  private pages = 1;

  static async open(
    meta: { title: string; createdAt: Date },
    size: { width: number; height: number } = A4_LANDSCAPE,
  ): Promise<PdfWriter> {
    return new PdfWriter(await loadPdfKit(), meta, size);
  }

  private constructor(
    PDFDocument: PdfKit,
    meta: { title: string; createdAt: Date },
    private readonly size: { width: number; height: number },
  ) {
    this.doc = new PDFDocument({
      size: [size.width, size.height],
      margin: 0,
      info: { Title: meta.title, Producer: 'GiftRelay', Creator: 'GiftRelay', CreationDate: meta.createdAt },
    });
    for (const [key, data] of Object.entries(fonts())) this.doc.registerFont(key, data);
  }

  /** The font, named in the page's resources; `size` also makes it pdfkit's current font. */
  private useFont(key: FontKey, size?: number): EmbeddedFont {
    const internals = this.doc as unknown as DocumentInternals;
    let embedded = this.embedded.get(key);
    if (!embedded || size !== undefined) {
      this.doc.font(key).fontSize(size ?? 12);
      embedded = internals._font;
      this.embedded.set(key, embedded);
    }
    if (!this.pageFonts.has(embedded.id)) {
      internals.page.fonts[embedded.id] ??= embedded.ref();
      this.pageFonts.add(embedded.id);
    }
    return embedded;
  }

  private glyphCache(key: FontKey) {
    let cache = this.glyphs.get(key);
    if (!cache) {
      cache = { key, glyphs: new Map() };
      this.glyphs.set(key, cache);
    }
    return cache;
  }

  private glyphOf(ch: string, cache: GlyphCache) {
    let glyph = cache.glyphs.get(ch);
    if (!glyph) {
      const [codes, positions] = this.useFont(cache.key).encode(ch);
      glyph = { hex: codes.join(''), width: positions.reduce((w, p) => w + p.xAdvance, 0) };
      cache.glyphs.set(ch, glyph);
    }
    return glyph;
  }

  private glyphsOf(text: string, cache: GlyphCache): { hex: string; width: number } {
    let hex = '';
    let width = 0;
    for (const ch of text) {
      const glyph = this.glyphOf(ch, cache);
      hex += glyph.hex;
      width += glyph.width;
    }
    return { hex, width };
  }

  /** A run's width at 1 pt, and its glyphs when it is drawn from the cache. */
  private measure(run: TextRun, font: PdfFont): MeasuredRun {
    if (run.simple ?? isSimple(run)) {
      const { hex, width } = this.glyphsOf(run.text, this.glyphCache(`${run.script}-${font}`));
      return { ...run, hex, width: width / 1000 };
    }
    const key = `${run.script}-${font}\n${run.text}`;
    let width = this.shapedWidths.get(key);
    if (width === undefined) {
      this.useFont(`${run.script}-${font}`, 1);
      width = this.doc.widthOfString(run.text, { features: [] });
      this.shapedWidths.set(key, width);
    }
    return { ...run, width };
  }

  private layout(text: string, font: PdfFont): MeasuredRun[] {
    return textRuns(text).map((run) => this.measure(run, font));
  }

  /** The width of `text` in points at `size`. */
  textWidth(text: string, size: number, font: PdfFont = 'regular'): number {
    return widthOf(this.layout(text, font)) * size;
  }

  /** The runs of `text` cut to `maxWidth` points, ending in an ellipsis when something was cut. */
  private fit(text: string, size: number, font: PdfFont, maxWidth: number): MeasuredRun[] {
    const whole = this.layout(text, font);
    if (widthOf(whole) * size <= maxWidth) return whole;
    const only = whole[0];
    if (whole.length === 1 && only?.hex !== undefined) {
      // One run from the cache: cut where the characters' widths run out.
      const cache = this.glyphCache(`${only.script}-${font}`);
      const room = (maxWidth * 1000) / size - this.glyphOf(ELLIPSIS, cache).width;
      let used = 0;
      let n = 0;
      for (const ch of only.text) {
        used += this.glyphOf(ch, cache).width;
        if (used > room) break;
        n += ch.length;
      }
      const text = `${only.text.slice(0, n).trimEnd()}${ELLIPSIS}`;
      const { hex, width } = this.glyphsOf(text, cache);
      return [{ ...only, text, hex, width: width / 1000 }];
    }
    const chars = [...text.normalize('NFC')];
    const cut = (n: number) => this.layout(`${chars.slice(0, n).join('').trimEnd()}${ELLIPSIS}`, font);
    let fits = 0;
    let over = chars.length;
    while (over - fits > 1) {
      const mid = (fits + over) >> 1;
      if (widthOf(cut(mid)) * size <= maxWidth) fits = mid;
      else over = mid;
    }
    return cut(fits);
  }

  text(x: number, y: number, text: string, o: TextOptions) {
    const font = o.font ?? 'regular';
    const runs = o.maxWidth === undefined ? this.layout(text, font) : this.fit(text, o.size, font, o.maxWidth);
    let left = o.align === 'right' ? x - widthOf(runs) * o.size : x;
    const rgb = o.rgb ?? [o.gray ?? 0, o.gray ?? 0, o.gray ?? 0];
    for (const run of runs) {
      const key: FontKey = `${run.script}-${font}`;
      if (run.hex !== undefined) {
        // pdfkit's pages draw with y downwards (each starts with a flipping matrix): undone here.
        this.doc.addContent(
          `q 1 0 0 -1 0 ${num(this.size.height)} cm BT ${rgb.map(num).join(' ')} rg /${this.useFont(key).id} ${num(o.size)} Tf 1 0 0 1 ${num(left)} ${num(y)} Tm <${run.hex}> Tj ET Q`,
        );
      } else {
        this.useFont(key, o.size);
        // fontkit reverses every Arabic-script run; Arabic-Indic digits read left to right.
        const drawn = run.script === 'arabic' && !run.rtl ? [...run.text].reverse().join('') : run.text;
        this.doc
          .fillColor(rgb.map((c) => c * 255) as [number, number, number])
          .text(drawn, left, this.size.height - y, { lineBreak: false, baseline: 'alphabetic', features: [] });
      }
      left += run.width * o.size;
    }
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
    this.pageFonts = new Set();
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
