import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  guardedLookup,
  localTestingHint,
  parseEndpointUrl,
  type Resolve,
  resolveAllowed,
  type UnsafeUrlError,
  type UrlPolicy,
} from './ssrf';

const LIVE: UrlPolicy = { liveMode: true, allowLoopback: false };
const SANDBOX: UrlPolicy = { liveMode: false, allowLoopback: false };
const SANDBOX_LOCAL: UrlPolicy = { liveMode: false, allowLoopback: true };

/** A stub DNS: these names resolve to these addresses; anything else does not resolve. */
const stubResolve =
  (records: Record<string, string[]>): Resolve =>
  async (hostname) => {
    const addresses = records[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

// Each is refused by its form or its literal address, in sandbox and live mode alike.
const HOSTILE = [
  // loopback in every spelling
  'http://127.0.0.1/',
  'http://127.1/',
  'http://127.0.1/',
  'http://2130706433/',
  'http://0x7f000001/',
  'http://0x7f.0x0.0x0.0x1/',
  'http://0177.0.0.1/',
  'http://017700000001/',
  'http://0177.1/',
  'http://127.000.000.001/',
  'http://127.255.255.254/',
  'http://１２７.０.０.１/',
  'http://127。0。0。1/',
  'http://[::1]/',
  'http://[0:0:0:0:0:0:0:1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:7f00:1]/',
  'http://[0:0:0:0:0:ffff:127.0.0.1]/',
  'http://[::127.0.0.1]/',
  'http://localhost/',
  'http://localhost./',
  'http://LOCALHOST:8080/',
  'http://app.localhost/',
  // unspecified
  'http://0.0.0.0/',
  'http://0/',
  'http://0x0/',
  'http://[::]/',
  // private ranges
  'http://10.0.0.1/',
  'http://10.255.255.255/',
  'http://167772161/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://192.168.1.1/',
  'http://0xc0a80101/',
  'http://[::ffff:192.168.1.1]/',
  'http://[::ffff:10.0.0.1]/',
  // link-local and cloud metadata
  'http://169.254.169.254/latest/meta-data/',
  'http://2852039166/',
  'http://0xa9fea9fe/',
  'http://0251.0376.0251.0376/',
  'http://[::ffff:169.254.169.254]/',
  'http://[fe80::1]/',
  'http://[fe80::a9fe:a9fe]/',
  'http://metadata.google.internal/',
  'http://metadata/',
  // CGNAT, benchmarking, documentation, reserved
  'http://100.64.0.1/',
  'http://100.127.255.254/',
  'http://198.18.0.1/',
  'http://192.0.2.1/',
  'http://240.0.0.1/',
  'http://255.255.255.255/',
  // multicast
  'http://224.0.0.1/',
  'http://239.255.255.250/',
  'http://[ff02::1]/',
  // IPv6 unique local, site-local, NAT64, 6to4, Teredo
  'http://[fc00::1]/',
  'http://[fd12:3456:789a::1]/',
  'http://[fec0::1]/',
  'http://[64:ff9b::7f00:1]/',
  'http://[2002:7f00:1::]/',
  'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
  // user info tricks
  'http://user@example.com/',
  'http://user:pass@example.com/',
  'http://example.com@127.0.0.1/',
  'http://example.com:80@169.254.169.254/',
  'https://@example.com/',
  'http://127.0.0.1%2f@example.com/',
  // parser confusion
  'http://example.com\\@127.0.0.1/',
  'http://exa mple.com/',
  'http://example.com\t.127.0.0.1/',
  'http://example.com\n/',
  'http://example.com%00.127.0.0.1/',
  'http://example.com#@127.0.0.1/',
  'http://example.com:0/',
  'http://99999999999/',
  'http://1.2.3.4.5/',
  'http://host.local/',
  'http://router.lan/',
  'http://svc.default.svc.cluster.internal/',
  'http://1.0.0.127.in-addr.arpa/',
  'http://intranet/',
  // not http at all
  'file:///etc/passwd',
  'gopher://127.0.0.1:6379/_INFO',
  'ftp://example.com/',
  'javascript:alert(1)',
  'data:text/plain,hi',
  'ws://example.com/',
  '//example.com/',
  'example.com',
  '',
  `https://example.com/${'a'.repeat(2100)}`,
];

describe('the webhook URL guard', () => {
  it(`has at least 60 hostile URLs to refuse (${HOSTILE.length})`, () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(60);
  });

  it.each(HOSTILE)('refuses %s in sandbox and live mode', (url) => {
    expect(() => parseEndpointUrl(url, SANDBOX)).toThrow();
    expect(() => parseEndpointUrl(url, LIVE)).toThrow();
  });

  it.each([
    'http://10.0.0.1/',
    'http://169.254.169.254/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0/',
    'http://[fd00::1]/',
    'http://192.168.0.10:3000/',
  ])('refuses %s even where sandbox loopback is allowed', (url) => {
    expect(() => parseEndpointUrl(url, SANDBOX_LOCAL)).toThrow();
  });

  it('allows loopback only to a sandbox with WEBHOOKS_ALLOW_PRIVATE, and http only in sandbox', () => {
    for (const url of ['http://127.0.0.1:4000/hook', 'http://[::1]:4000/', 'http://localhost:4000/x']) {
      expect(parseEndpointUrl(url, SANDBOX_LOCAL).href).toBe(new URL(url).href);
      expect(() => parseEndpointUrl(url, SANDBOX)).toThrow();
    }
    expect(parseEndpointUrl('http://hooks.example.com/in', SANDBOX).host).toBe('hooks.example.com');
    expect(() => parseEndpointUrl('http://hooks.example.com/in', LIVE)).toThrow(/https/);
    expect(parseEndpointUrl('https://hooks.example.com:8443/in?x=1', LIVE).href).toBe(
      'https://hooks.example.com:8443/in?x=1',
    );
    expect(parseEndpointUrl('https://93.184.216.34/', LIVE).hostname).toBe('93.184.216.34');
  });

  it('says why, in words a person understands', () => {
    expect(() => parseEndpointUrl('http://169.254.169.254/', SANDBOX)).toThrow(
      'must not point at 169.254.169.254, a private, loopback, link-local or reserved address',
    );
    expect(() => parseEndpointUrl('http://a@example.com/', SANDBOX)).toThrow(
      'must not contain a user name or password',
    );
    // A local URL's refusal is marked, so the answer can say how to test locally instead.
    const local = (url: string) => {
      try {
        parseEndpointUrl(url, SANDBOX);
      } catch (err) {
        return (err as UnsafeUrlError).local;
      }
    };
    expect([local('http://10.0.0.1/'), local('http://localhost:4000/'), local('http://a@example.com/')]).toEqual([
      true,
      true,
      false,
    ]);
    expect(localTestingHint(SANDBOX)).toContain('WEBHOOKS_ALLOW_PRIVATE=true');
    expect(localTestingHint(LIVE)).not.toContain('WEBHOOKS_ALLOW_PRIVATE');
    expect(localTestingHint(LIVE)).toContain('tunnel');
  });
});

describe('resolution at connection time', () => {
  const resolve = stubResolve({
    'public.example.com': ['93.184.216.34'],
    'evil.example.com': ['10.0.0.5'],
    'mixed.example.com': ['93.184.216.34', '127.0.0.1'],
    'mapped.example.com': ['::ffff:169.254.169.254'],
    'v6private.example.com': ['fd00::1'],
    'loop.example.com': ['127.0.0.1'],
  });

  it('refuses a name when ANY address it resolves to is private', async () => {
    await expect(resolveAllowed('evil.example.com', SANDBOX, resolve)).rejects.toThrow(/10\.0\.0\.5/);
    await expect(resolveAllowed('mixed.example.com', SANDBOX, resolve)).rejects.toThrow(/127\.0\.0\.1/);
    await expect(resolveAllowed('mapped.example.com', SANDBOX_LOCAL, resolve)).rejects.toThrow();
    await expect(resolveAllowed('v6private.example.com', SANDBOX_LOCAL, resolve)).rejects.toThrow();
    await expect(resolveAllowed('nowhere.example.com', SANDBOX, resolve)).rejects.toThrow(/ENOTFOUND/);
    expect(await resolveAllowed('public.example.com', LIVE, resolve)).toEqual([
      { address: '93.184.216.34', family: 4 },
    ]);
    expect(await resolveAllowed('loop.example.com', SANDBOX_LOCAL, resolve)).toHaveLength(1);
  });

  it('the lookup given to http.request stops the connection to a name that resolves to a private address', async () => {
    const server = createServer((_req, res) => res.end('reached'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    const get = (host: string, policy: UrlPolicy) =>
      fetchVia(`http://${host}:${port}/`, guardedLookup(policy, resolve));
    try {
      // The name passes the form check; only the connection-time resolution catches it.
      expect(() => parseEndpointUrl(`http://loop.example.com:${port}/`, SANDBOX)).not.toThrow();
      await expect(get('loop.example.com', SANDBOX)).rejects.toThrow(/private, loopback/);
      await expect(get('evil.example.com', SANDBOX)).rejects.toThrow(/private, loopback/);
      // Where loopback is allowed, the same name reaches the local server.
      expect(await get('loop.example.com', SANDBOX_LOCAL)).toBe('reached');
    } finally {
      server.close();
    }
  });
});

async function fetchVia(url: string, lookup: ReturnType<typeof guardedLookup>): Promise<string> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const req = request(url, { lookup, agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}
