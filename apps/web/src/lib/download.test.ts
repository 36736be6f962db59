import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './download';

describe('filenameFromContentDisposition', () => {
  it('takes the name the server gives, preferring filename*', () => {
    expect(filenameFromContentDisposition('attachment; filename="giftrelay-analytics.csv"', 'x.csv')).toBe(
      'giftrelay-analytics.csv',
    );
    expect(filenameFromContentDisposition('attachment; filename=report.csv', 'x.csv')).toBe('report.csv');
    expect(
      filenameFromContentDisposition(`attachment; filename="a.csv"; filename*=UTF-8''caf%C3%A9.csv`, 'x.csv'),
    ).toBe('café.csv');
  });

  it('falls back when there is no usable name, and never keeps a folder', () => {
    expect(filenameFromContentDisposition(null, 'x.csv')).toBe('x.csv');
    expect(filenameFromContentDisposition('attachment', 'x.csv')).toBe('x.csv');
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('passwd');
    expect(filenameFromContentDisposition('attachment; filename=".."', 'x.csv')).toBe('x.csv');
    expect(filenameFromContentDisposition('attachment; filename="a:b?.csv"', 'x.csv')).toBe('a_b_.csv');
  });
});
