import { describe, expect, it } from 'vitest';
import { pdfLines, readPdf } from '../../test/pdf-text';
import { PdfWriter, textRuns } from './pdf';

const file = async (draw: (pdf: PdfWriter) => void) => {
  const pdf = await PdfWriter.open({ title: 'Test 東京', createdAt: new Date('2026-11-26T08:00:00Z') });
  draw(pdf);
  return readPdf(Buffer.concat([pdf.take(), pdf.end()]));
};
const reversed = (text: string) => [...text].reverse().join('');

describe('pdf writer', () => {
  it('prints Japanese and Arabic names as themselves, not "?"', async () => {
    const pdf = await file((p) => {
      p.text(36, 500, '山田太郎', { size: 12 });
      p.text(36, 480, 'محمد', { size: 12, font: 'bold' });
      p.text(36, 460, 'Zoë’s “café” — €5 − 2', { size: 12 });
    });
    const lines = pdfLines(pdf.texts[0] ?? []);
    expect(lines).toContain('山田太郎');
    // Drawn right to left: the glyphs from left to right are the name's letters in reverse.
    expect(lines).toContain(reversed('محمد'));
    expect(lines).toContain('Zoë’s “café” — €5 − 2');
    expect(lines.join('\n')).not.toContain('?');
    // Two fonts, each embedded as a subset (a prefix like ABCDEF+) with its ToUnicode map.
    expect(pdf.contents[0]).toMatch(/\/F\d+ 12 Tf/);
  });

  it('cuts text to a width with an ellipsis, and aligns right', async () => {
    const pdf = await PdfWriter.open({ title: 'Test', createdAt: new Date() });
    const width = pdf.textWidth('12.50', 10);
    expect(width).toBeGreaterThan(20);
    expect(pdf.textWidth('12.50', 10, 'bold')).toBeGreaterThan(width);
    pdf.text(10, 100, 'a very long description indeed', { size: 10, maxWidth: 50 });
    pdf.text(10, 80, '山田太郎山田太郎山田太郎', { size: 10, maxWidth: 30 });
    pdf.text(200, 60, '12.50', { size: 10, align: 'right' });
    const read = readPdf(Buffer.concat([pdf.take(), pdf.end()]));
    const pieces = read.texts[0] ?? [];
    const cut = pieces.find((p) => p.y === 100)?.text ?? '';
    expect(cut).toMatch(/^a very.*…$/);
    expect(pdf.textWidth(cut, 10)).toBeLessThanOrEqual(50);
    expect(pieces.find((p) => p.y === 80)?.text).toMatch(/^山田?…$/);
    expect(pieces.find((p) => p.y === 60)?.x).toBeCloseTo(200 - width, 1);
  });

  it('orders runs by direction: a wholly Arabic name reads right to left, Latin beside it left to right', () => {
    expect(textRuns('محمد علي')).toEqual([{ text: 'محمد علي', script: 'arabic', rtl: true }]);
    expect(textRuns('Acme محمد Ltd')).toEqual([
      { text: 'Acme ', script: 'latin', rtl: false },
      { text: 'محمد', script: 'arabic', rtl: true },
      { text: ' Ltd', script: 'latin', rtl: false },
    ]);
    // An Arabic paragraph: its Latin word is drawn to the left of the Arabic one.
    expect(textRuns('شركة ABC')).toEqual([
      { text: 'ABC', script: 'latin', rtl: false },
      { text: 'شركة ', script: 'arabic', rtl: true },
    ]);
    // Control characters (NUL, a newline, a bidi override) print as spaces.
    expect(textRuns('a\u0000b\nc\u202Ed')).toEqual([{ text: 'a b c d', script: 'latin', rtl: false, simple: true }]);
  });

  it('writes pages as they fill; the cross-reference table, the title and the date at the end', async () => {
    const pdf = await PdfWriter.open({ title: 'Test', createdAt: new Date('2026-11-26T08:00:00Z') });
    pdf.text(36, 500, 'First', { size: 12 });
    const opening = pdf.take();
    expect(opening.toString('latin1')).toMatch(/^%PDF-1\./);
    pdf.page();
    const firstPage = pdf.take();
    expect(firstPage.length).toBeGreaterThan(0);
    pdf.text(36, 500, 'Second', { size: 12, font: 'bold' });
    pdf.line(36, 490, 200, 490);
    pdf.fillRect(36, 400, 100, 20, 0.9);
    const read = readPdf(Buffer.concat([opening, firstPage, pdf.end()]));
    expect(read.pageCount).toBe(2);
    expect(pdf.pageCount).toBe(2);
    expect(read.mediaBoxes).toEqual(['0 0 842 595', '0 0 842 595']);
    expect(read.texts.map((t) => t.map((p) => p.text))).toEqual([['First'], ['Second']]);
    expect(read.info).toMatchObject({ CreationDate: '(D:20261126080000Z)', Producer: '(GiftRelay)' });
  });
});
