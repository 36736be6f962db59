import { ledgerKindLabel, longUtcDate, startOfUtcDay } from '@giftrelay/contracts';
import { toDecimalString } from '@giftrelay/money';
import { A4_LANDSCAPE, PdfWriter } from '../../lib/pdf';
import type { Balances, StatementLine, StatementReader } from './statement';

/**
 * The statement as a PDF (decisions 047, 069): A4 landscape, Noto Sans, a table that carries on over
 * as many pages as it needs with its heading repeated, written a page at a time.
 */

const { width: PAGE_W, height: PAGE_H } = A4_LANDSCAPE;
const LEFT = 36;
const RIGHT = PAGE_W - 36;
const BOTTOM = 44;
const ROW_H = 12;
const SIZE = 7.5;
const BRAND: readonly [number, number, number] = [0.06, 0.46, 0.43];

type Align = 'left' | 'right';
interface Column {
  title: string;
  /** Left edge for left-aligned columns, right edge for right-aligned ones. */
  x: number;
  width: number;
  align: Align;
}
// biome-ignore format: a table
const COLUMNS: Column[] = [
  { title: 'Date (UTC)', x: LEFT, width: 74, align: 'left' },
  { title: 'Type', x: 112, width: 64, align: 'left' },
  { title: 'Description', x: 178, width: 164, align: 'left' },
  { title: 'Reference', x: 346, width: 150, align: 'left' },
  { title: 'Debit', x: 552, width: 52, align: 'right' },
  { title: 'Credit', x: 608, width: 52, align: 'right' },
  { title: 'Available after', x: 676, width: 64, align: 'right' },
  { title: 'Held change', x: 740, width: 60, align: 'right' },
  { title: 'Held after', x: RIGHT, width: 62, align: 'right' },
];

/** "12345.6" → "12,345.6"; the sign kept in front. */
function grouped(decimal: string): string {
  const [whole = '', fraction] = decimal.replace('-', '').split('.');
  const digits = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${decimal.startsWith('-') ? '−' : ''}${digits}${fraction === undefined ? '' : `.${fraction}`}`;
}

const timestamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

class Page {
  y: number;
  private rows = 0;

  constructor(
    readonly canvas: PdfWriter,
    private readonly reader: StatementReader,
    private readonly number: number,
    /** false: a page with only the closing balances and totals, no table to head. */
    withTable = true,
  ) {
    this.y = number === 1 ? this.firstHeading() : this.laterHeading(withTable);
  }

  private get h() {
    return this.reader.header;
  }

  private money(minor: number) {
    return grouped(toDecimalString(minor, this.h.currency));
  }

  private periodText() {
    const { from, to } = this.h.period;
    return `${longUtcDate(startOfUtcDay(from))} to ${longUtcDate(startOfUtcDay(to))} (UTC)`;
  }

  private firstHeading(): number {
    const c = this.canvas;
    const h = this.h;
    c.text(LEFT, PAGE_H - 50, 'Balance statement', { size: 16, font: 'bold' });
    c.text(RIGHT, PAGE_H - 50, 'GiftRelay', { size: 13, font: 'bold', align: 'right', rgb: BRAND });
    c.text(LEFT, PAGE_H - 68, h.organisation, { size: 11, font: 'bold', maxWidth: RIGHT - LEFT });
    c.text(LEFT, PAGE_H - 82, `Period: ${this.periodText()}`, { size: 9, gray: 0.2 });
    c.text(LEFT, PAGE_H - 95, `Billing currency: ${h.currency}`, { size: 9, gray: 0.2 });
    c.text(LEFT, PAGE_H - 108, h.sandbox ? 'Mode: Sandbox (play money, no value)' : 'Mode: Live', {
      size: 9,
      gray: 0.2,
      ...(h.sandbox && { rgb: [0.7, 0.35, 0] as const }),
    });
    c.text(RIGHT, PAGE_H - 82, `Generated ${timestamp(h.generatedAt)} UTC`, { size: 8, gray: 0.4, align: 'right' });
    this.balanceLine(PAGE_H - 128, 'Opening balance', h.opening);
    c.text(
      LEFT,
      PAGE_H - 142,
      'Debit and credit are movements of the available balance. Held funds are set aside for orders being delivered: a capture pays a delivered order from them, a release returns them.',
      { size: 7.5, gray: 0.4, maxWidth: RIGHT - LEFT },
    );
    return this.tableHeading(PAGE_H - 160);
  }

  private laterHeading(withTable: boolean): number {
    const c = this.canvas;
    c.text(LEFT, PAGE_H - 44, `Balance statement · ${this.h.organisation}`, {
      size: 9,
      font: 'bold',
      maxWidth: 420,
    });
    c.text(RIGHT, PAGE_H - 44, this.periodText(), { size: 9, align: 'right', gray: 0.2 });
    return withTable ? this.tableHeading(PAGE_H - 64) : PAGE_H - 72;
  }

  balanceLine(y: number, label: string, b: Balances) {
    const c = this.canvas;
    c.text(LEFT, y, label, { size: 10, font: 'bold' });
    c.text(LEFT + 110, y, `Available ${this.money(b.availableMinor)} ${this.h.currency}`, { size: 10 });
    c.text(LEFT + 290, y, `Held ${this.money(b.heldMinor)} ${this.h.currency}`, { size: 10 });
  }

  private tableHeading(y: number): number {
    this.canvas.fillRect(LEFT - 2, y - 4, RIGHT - LEFT + 4, 14, 0.92);
    for (const col of COLUMNS) {
      this.canvas.text(col.x, y, col.title, { size: SIZE, font: 'bold', align: col.align, maxWidth: col.width });
    }
    return y - ROW_H - 2;
  }

  hasRoom(height: number) {
    return this.y - height >= BOTTOM;
  }

  row(l: StatementLine) {
    if (this.rows++ % 2 === 1) this.canvas.fillRect(LEFT - 2, this.y - 3.5, RIGHT - LEFT + 4, ROW_H, 0.97);
    const held = l.held_minor === 0 ? '' : `${l.held_minor > 0 ? '+' : ''}${this.money(l.held_minor)}`;
    const type = `${ledgerKindLabel(l.kind)}${l.batch_id && !l.order_id ? ' (batch)' : ''}`;
    const cells = [
      timestamp(l.created_at),
      type,
      l.description,
      l.order_id ?? l.batch_id ?? '',
      l.available_minor < 0 ? this.money(-l.available_minor) : '',
      l.available_minor > 0 ? this.money(l.available_minor) : '',
      this.money(l.availableAfterMinor),
      held,
      this.money(l.heldAfterMinor),
    ];
    COLUMNS.forEach((col, i) => {
      this.canvas.text(col.x, this.y, cells[i] ?? '', {
        size: col.title === 'Reference' ? 6.8 : SIZE,
        align: col.align,
        maxWidth: col.width,
      });
    });
    this.y -= ROW_H;
  }

  /** The page's footer. */
  finish() {
    const c = this.canvas;
    c.line(LEFT, 32, RIGHT, 32, { width: 0.4, gray: 0.7 });
    c.text(LEFT, 22, `GiftRelay balance statement · ${this.h.organisation}`, { size: 7, gray: 0.4, maxWidth: 500 });
    c.text(RIGHT, 22, `Page ${this.number}`, { size: 7, gray: 0.4, align: 'right' });
  }
}

const TOTALS_COLUMNS: { title: string; x: number; align: Align }[] = [
  { title: 'Type', x: LEFT, align: 'left' },
  { title: 'Entries', x: 200, align: 'right' },
  { title: 'Available debit', x: 300, align: 'right' },
  { title: 'Available credit', x: 400, align: 'right' },
  { title: 'Held debit', x: 500, align: 'right' },
  { title: 'Held credit', x: 600, align: 'right' },
];

/** The statement as PDF bytes, a page at a time. */
export async function* statementPdf(reader: StatementReader): AsyncGenerator<Buffer> {
  const h = reader.header;
  const pdf = await PdfWriter.open({
    title: `GiftRelay balance statement ${h.period.from} to ${h.period.to}`,
    createdAt: h.generatedAt,
  });
  let number = 1;
  let page = new Page(pdf, reader, number);
  yield pdf.take();
  let movements = 0;
  const nextPage = (withTable = true) => {
    page.finish();
    pdf.page();
    page = new Page(pdf, reader, ++number, withTable);
  };
  for await (const lines of reader.lines()) {
    for (const l of lines) {
      if (!page.hasRoom(ROW_H)) nextPage();
      page.row(l);
      movements++;
    }
    const done = pdf.take();
    if (done.length) yield done;
  }
  const totals = reader.totals;
  // The closing balances and the totals stay together: a new page when they do not fit.
  const tailHeight = 30 + (totals.length + 2) * ROW_H + 20;
  if (!page.hasRoom(tailHeight)) nextPage(false);
  const c = page.canvas;
  let y = page.y - 4;
  if (movements === 0) {
    c.text(LEFT, y, 'No movements in this period.', { size: 9, gray: 0.3 });
    y -= ROW_H + 4;
  }
  c.line(LEFT, y + 8, RIGHT, y + 8, { width: 0.6, gray: 0.5 });
  y -= 6;
  page.balanceLine(y, 'Closing balance', reader.closing);
  y -= 22;
  if (totals.length) {
    c.text(LEFT, y, 'Totals by type', { size: 9, font: 'bold' });
    y -= ROW_H;
    for (const col of TOTALS_COLUMNS) c.text(col.x, y, col.title, { size: SIZE, font: 'bold', align: col.align });
  }
  const money = (minor: number) => grouped(toDecimalString(minor, h.currency));
  for (const t of totals) {
    y -= ROW_H;
    const cells = [
      ledgerKindLabel(t.kind),
      String(t.entries),
      money(t.availableDebitMinor),
      money(t.availableCreditMinor),
      money(t.heldDebitMinor),
      money(t.heldCreditMinor),
    ];
    TOTALS_COLUMNS.forEach((col, i) => {
      c.text(col.x, y, cells[i] ?? '', { size: SIZE, align: col.align, maxWidth: 120 });
    });
  }
  page.finish();
  yield pdf.end();
}
