// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { filenameFromContentDisposition, saveBlob } from './download';

describe('filenameFromContentDisposition', () => {
  const fallback = 'x.csv';

  it('takes the name the server gives, preferring filename*', () => {
    expect(filenameFromContentDisposition('attachment; filename="giftrelay-orders-2026-03-02.csv"', fallback)).toBe(
      'giftrelay-orders-2026-03-02.csv',
    );
    expect(filenameFromContentDisposition('attachment; filename="giftrelay-analytics.csv"', fallback)).toBe(
      'giftrelay-analytics.csv',
    );
    expect(filenameFromContentDisposition('attachment; filename=report.csv', fallback)).toBe('report.csv');
    expect(
      filenameFromContentDisposition(`attachment; filename="a.csv"; filename*=UTF-8''caf%C3%A9.csv`, fallback),
    ).toBe('café.csv');
  });

  it('reads parameter names and the charset in any case', () => {
    expect(filenameFromContentDisposition('attachment; FILENAME="report.csv"', fallback)).toBe('report.csv');
    expect(filenameFromContentDisposition(`attachment; Filename*=utf-8''caf%C3%A9.csv`, fallback)).toBe('café.csv');
  });

  it('falls back to the plain filename when filename* is blank or will not decode', () => {
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A; filename="b.csv"`, fallback)).toBe(
      'b.csv',
    );
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8'' ; filename="b.csv"`, fallback)).toBe('b.csv');
  });

  it('undoes backslash escapes inside a quoted name', () => {
    expect(filenameFromContentDisposition('attachment; filename="say \\"hi\\".csv"', fallback)).toBe('say _hi_.csv');
  });

  it('falls back when there is no usable name', () => {
    expect(filenameFromContentDisposition(null, fallback)).toBe(fallback);
    expect(filenameFromContentDisposition('attachment', fallback)).toBe(fallback);
    expect(filenameFromContentDisposition('attachment; filename=".."', fallback)).toBe(fallback);
    expect(filenameFromContentDisposition('attachment; filename="   "', fallback)).toBe(fallback);
  });

  it('keeps a name that tries to leave the downloads folder or holds odd characters harmless', () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"', fallback)).toBe('passwd');
    expect(filenameFromContentDisposition('attachment; filename="..\\\\..\\\\boot.ini"', fallback)).toBe('boot.ini');
    expect(filenameFromContentDisposition('attachment; filename="a:b?.csv"', fallback)).toBe('a_b_.csv');
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8''a%0Ab%09c.csv`, fallback)).toBe('a_b_c.csv');
  });
});

describe('saveBlob', () => {
  afterEach(() => vi.restoreAllMocks());

  it('hands the file to the browser under its name and leaves no link behind', () => {
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:orders');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    saveBlob(new Blob(['a']), 'orders.csv');
    expect(clicked).toEqual([{ href: 'blob:orders', download: 'orders.csv' }]);
    expect(document.querySelector('a[download]')).toBeNull();
  });
});
