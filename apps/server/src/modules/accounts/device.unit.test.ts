import { describe, expect, it } from 'vitest';
import { describeDevice, keptUserAgent } from './device';

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0', 'Firefox on Windows'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', 'curl'],
    ['', 'Unknown device'],
    [null, 'Unknown device'],
    ['%%%', 'Unknown device'],
  ])('%s → %s', (ua, expected) => {
    expect(describeDevice(ua)).toBe(expected);
  });
});

describe('keptUserAgent', () => {
  it('keeps printable ASCII, at most 512 characters, and nothing for an empty header', () => {
    expect(keptUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(keptUserAgent('a\u0000b\u001fc\u00e9d')).toBe('abcd');
    expect(keptUserAgent('x'.repeat(600))).toHaveLength(512);
    expect(keptUserAgent(undefined)).toBeNull();
    expect(keptUserAgent(' \u0001 ')).toBeNull();
    expect(keptUserAgent(['first', 'second'])).toBe('first');
  });
});
