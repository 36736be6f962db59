import { describe, expect, it } from 'vitest';
import { formatLogLine, isPrettyLog, prettyLogStream, redactRequestUrl, SecretPaths } from './log';

describe('redactRequestUrl', () => {
  it('hides the token of every page of an emailed link (the web app’s :token pages)', () => {
    expect(redactRequestUrl('/claim/abcDEF123')).toBe('/claim/[redacted]');
    expect(redactRequestUrl('/verify/tok')).toBe('/verify/[redacted]');
    expect(redactRequestUrl('/reset-password/tok?x=1')).toBe('/reset-password/[redacted]?x=1');
    expect(redactRequestUrl('/confirm-email/tok')).toBe('/confirm-email/[redacted]');
    expect(redactRequestUrl('/invitations/tok')).toBe('/invitations/[redacted]');
  });

  it('hides it too where no route answers: a trailing part, a doubled slash, capitals', () => {
    expect(redactRequestUrl('/claim/tok/')).toBe('/claim/[redacted]/');
    expect(redactRequestUrl('/claim/tok/extra')).toBe('/claim/[redacted]/extra');
    expect(redactRequestUrl('//claim//tok')).toBe('//claim//[redacted]');
    expect(redactRequestUrl('/CLAIM/tok')).toBe('/CLAIM/[redacted]');
  });

  it('hides the parameters an API route declares secret, and only those', () => {
    const paths = new SecretPaths();
    paths.add('/api/v1/claims/:token', ['token']);
    paths.add('/api/v1/orders/:id', []);
    expect(redactRequestUrl('/api/v1/claims/s3cret', paths)).toBe('/api/v1/claims/[redacted]');
    expect(redactRequestUrl('/api/v1/claims/s3cret/x?y=1', paths)).toBe('/api/v1/claims/[redacted]/x?y=1');
    expect(redactRequestUrl('/api/v1/orders/123', paths)).toBe('/api/v1/orders/123');
    expect(redactRequestUrl('/api/v1/claims', paths)).toBe('/api/v1/claims');
  });

  it('hides secret-looking query values and keeps the others', () => {
    expect(redactRequestUrl('/api/v1/auth/verify?token=s3cret&next=%2Fdashboard')).toBe(
      '/api/v1/auth/verify?token=%5Bredacted%5D&next=%2Fdashboard',
    );
    expect(redactRequestUrl('/api/v1/auth/token?grant_type=password')).toBe('/api/v1/auth/token?grant_type=password');
  });

  it('leaves ordinary paths alone', () => {
    expect(redactRequestUrl('/api/v1/products?country=US')).toBe('/api/v1/products?country=US');
    expect(redactRequestUrl('/claims')).toBe('/claims');
    expect(redactRequestUrl('/claim')).toBe('/claim');
    expect(redactRequestUrl('/blog/some-post')).toBe('/blog/some-post');
  });
});

describe('readable logs for a terminal', () => {
  const line = (o: object) =>
    JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 2, 3, 4, 5), pid: 1, hostname: 'h', ...o });

  it('one line with the level, the message and the fields, without pino bookkeeping', () => {
    const text = formatLogLine(line({ msg: 'Catalogue synced', products: 180 }));
    expect(text).toMatch(/^\d\d:\d\d:\d\d INFO {2}Catalogue synced products=180\n$/);
    expect(text).not.toContain('hostname');
  });

  it('a request line shows method, path, status and time; an error its stack', () => {
    const text = formatLogLine(
      line({
        level: 50,
        msg: 'request errored',
        req: { method: 'GET', url: '/api/v1/x' },
        res: { statusCode: 500 },
        responseTime: 12.345,
        err: { message: 'boom', stack: 'Error: boom\n    at f' },
      }),
    );
    expect(text).toContain('ERROR request errored GET /api/v1/x 500 12.3 ms');
    expect(text).toContain('Error: boom\n    at f');
  });

  it('what is not JSON passes through unchanged', () => {
    expect(formatLogLine('plain text')).toBe('plain text');
  });

  it('pretty by default only in development at a terminal; LOG_FORMAT decides when set', () => {
    expect(isPrettyLog('auto', 'development', true)).toBe(true);
    expect(isPrettyLog('auto', 'development', false)).toBe(false);
    expect(isPrettyLog('auto', 'production', true)).toBe(false);
    expect(isPrettyLog('json', 'development', true)).toBe(false);
    expect(isPrettyLog('pretty', 'production', false)).toBe(true);
  });

  it('the stream writes whole lines as they complete', async () => {
    const out: string[] = [];
    const stream = prettyLogStream({ write: (s: string) => out.push(s) } as unknown as NodeJS.WritableStream);
    const whole = line({ msg: 'hello' });
    await new Promise<void>((resolve) => stream.write(`${whole.slice(0, 10)}`, () => resolve()));
    expect(out).toEqual([]);
    await new Promise<void>((resolve) => stream.write(`${whole.slice(10)}\n`, () => resolve()));
    expect(out).toHaveLength(1);
    expect(out[0]).toContain('INFO  hello');
  });
});
