import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PdfCanvas, PdfWriter, pdfString, textWidth, winAnsiBytes } from './pdf';

describe('pdf writer', () => {
  it('writes WinAnsi text: Latin-1 as is, the extras mapped, the rest as "?", controls as spaces', () => {
    expect(winAnsiBytes('é€—“”’…')).toEqual([0xe9, 0x80, 0x97, 0x93, 0x94, 0x92, 0x85]);
    expect(winAnsiBytes('東😀\u0000\n')).toEqual([0x3f, 0x3f, 0x20, 0x20]);
    // A decomposed é is composed first.
    expect(winAnsiBytes('e\u0301')).toEqual([0xe9]);
    expect(pdfString(winAnsiBytes('a(b)c\\d é'))).toBe('(a\\(b\\)c\\\\d \\351)');
  });

  it('measures Helvetica as its AFM says', () => {
    expect(textWidth('0', 10)).toBeCloseTo(5.56);
    expect(textWidth('W', 10, 'bold')).toBeCloseTo(9.44);
  });

  it('cuts text to a width with an ellipsis, and aligns right', () => {
    const c = new PdfCanvas();
    c.text(10, 10, 'a very long description indeed', { size: 10, maxWidth: 50 });
    c.text(100, 10, '12.50', { size: 10, align: 'right' });
    const ops = c.toString();
    expect(ops).toMatch(/\(a very [^)]*\\205\) Tj/);
    expect(ops).toContain(`1 0 0 1 ${100 - textWidth('12.50', 10)} 10 Tm (12.50) Tj`);
  });

  it('writes a file whose cross-reference offsets point at their objects', () => {
    const w = new PdfWriter({ title: 'Test', createdAt: new Date('2026-11-26T08:00:00Z') });
    const pages = [new PdfCanvas(), new PdfCanvas()];
    pages[0]?.text(36, 500, 'First', { size: 12 });
    pages[1]?.text(36, 500, 'Second', { size: 12, font: 'bold' });
    const file = Buffer.concat([w.start(), ...pages.map((p) => w.page(p)), w.end()]);
    const text = file.toString('latin1');
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(xrefAt, xrefAt + 9)).toBe('xref\n0 10');
    const entries = text.slice(xrefAt).split('\n').slice(2, 12);
    entries.slice(1).forEach((e, i) => {
      const offset = Number(e.slice(0, 10));
      expect(text.slice(offset)).toMatch(new RegExp(`^${i + 1} 0 obj\\n`));
    });
    expect(text).toContain('/Type /Pages /Kids [7 0 R 9 0 R] /Count 2');
    expect(text).toContain('/CreationDate (D:20261126080000Z)');
    const stream = file.subarray(text.indexOf('stream\n') + 7);
    const length = Number(/\/Length (\d+)/.exec(text)?.[1]);
    expect(inflateSync(stream.subarray(0, length)).toString('latin1')).toContain('(First) Tj');
  });
});
