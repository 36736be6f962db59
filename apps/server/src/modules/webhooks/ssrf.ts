import { promises as dns, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The SSRF guard for webhook URLs (decision 027). A customer chooses where this server sends
 * requests, so a URL must not reach this machine, the private network or the cloud's metadata
 * service. Two checks, with the same rules:
 *
 * - `parseEndpointUrl` when an endpoint is saved and again before each delivery: the URL's form
 *   (scheme, no user info, a real host) and, for an IP literal, the address. The WHATWG parser
 *   has already turned `2130706433`, `0x7f.1`, `017700000001` or full-width digits into
 *   `127.0.0.1`, so the check sees the address the connection would use.
 * - `guardedLookup` at connection time: the name is resolved, EVERY address it resolves to is
 *   checked, and the socket connects to those checked addresses only, so a name that resolves
 *   to a public address when saved and a private one at delivery (DNS rebinding) gets nowhere.
 */

export interface UrlPolicy {
  /** Live mode: https only. */
  liveMode: boolean;
  /** Sandbox with WEBHOOKS_ALLOW_PRIVATE=true: loopback (127/8, ::1) is allowed, nothing else private. */
  allowLoopback: boolean;
}

export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

export class UnsafeUrlError extends Error {
  readonly code = 'EUNSAFEURL';
  constructor(
    message: string,
    /** The URL reaches this machine or a private network: the refusal says how to test locally instead. */
    readonly local = false,
  ) {
    super(message);
  }
}

// One list per family: a BlockList also matches IPv4 addresses against IPv6 rules (as ::ffff:a.b.c.d),
// which ::/8 would turn into "every IPv4 address".
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and 255.255.255.255
] as const)
  blockedV4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 8], // unspecified, loopback, IPv4-compatible and IPv4-mapped (::ffff:0:0/96)
  ['64:ff9b::', 96], // NAT64: an IPv4 address inside
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments, Teredo
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local
  ['ff00::', 8], // multicast
] as const)
  blockedV6.addSubnet(net, prefix, 'ipv6');
const loopbackV4 = new BlockList();
loopbackV4.addSubnet('127.0.0.0', 8, 'ipv4');

/** The address in canonical form (IPv6 compressed, lower case), as the URL parser writes it. */
const canonicalV6 = (address: string) => new URL(`http://[${address}]/`).hostname.slice(1, -1);

/** Why `address` may not be connected to under `policy`, or null when it may. */
export function addressProblem(address: string, policy: UrlPolicy): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  if (policy.allowLoopback) {
    if (family === 4 && loopbackV4.check(address, 'ipv4')) return null;
    if (family === 6 && canonicalV6(address) === '::1') return null;
  }
  if (family === 4 ? blockedV4.check(address, 'ipv4') : blockedV6.check(address, 'ipv6')) {
    return `${address}, a private, loopback, link-local or reserved address`;
  }
  return null;
}

const MAX_URL_LENGTH = 2048;
/** Names that never belong to the public internet (RFC 6761, 6762, 8375 and the cloud's internal zones). */
const INTERNAL_SUFFIXES = [
  'localhost',
  'local',
  'localdomain',
  'internal',
  'intranet',
  'lan',
  'home',
  'arpa',
  'test',
  'invalid',
  'example',
];

/** The host as a connection would use it: no brackets, no trailing dot. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');

function hasUnsafeCharacter(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c <= 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x5c) return true;
  }
  return false;
}

/**
 * How to receive webhooks on one's own machine, said where a local URL is refused: loopback in a
 * sandbox with WEBHOOKS_ALLOW_PRIVATE (when it is not on already), else a tunnel's public URL.
 */
export function localTestingHint(policy: UrlPolicy): string {
  const tunnel = 'expose your receiver through a tunnel (such as ngrok or cloudflared) and use its https URL';
  if (policy.liveMode || policy.allowLoopback) return `To test with a receiver on your own machine, ${tunnel}.`;
  return `To test with a receiver on your own machine, start GiftRelay with WEBHOOKS_ALLOW_PRIVATE=true (sandbox only; it allows 127.0.0.1 and localhost), or ${tunnel}.`;
}

/** The URL if its form and (for an IP literal) its address are allowed; throws UnsafeUrlError saying why not. */
export function parseEndpointUrl(raw: string, policy: UrlPolicy): URL {
  if (raw.length > MAX_URL_LENGTH) throw new UnsafeUrlError(`must be at most ${MAX_URL_LENGTH} characters`);
  // The URL parser silently drops tabs and line breaks and reads `\` as `/`: refuse what two
  // parsers could read differently rather than guess.
  if (hasUnsafeCharacter(raw)) throw new UnsafeUrlError('must not contain spaces, control characters or backslashes');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('is not a valid URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.liveMode)) {
    throw new UnsafeUrlError(policy.liveMode ? 'must be an https:// URL' : 'must be an http:// or https:// URL');
  }
  const authority = raw.replace(/^[a-z][a-z0-9+.-]*:\/*/i, '').split(/[/?#]/)[0] ?? '';
  if (url.username || url.password || authority.includes('@')) {
    throw new UnsafeUrlError('must not contain a user name or password');
  }
  if (url.hash) throw new UnsafeUrlError('must not contain a #fragment');
  if (url.port === '0') throw new UnsafeUrlError('must not use port 0');
  const host = hostOf(url);
  if (isIP(host)) {
    const problem = addressProblem(host, policy);
    if (problem) throw new UnsafeUrlError(`must not point at ${problem}`, true);
    return url;
  }
  const labels = host.split('.');
  const last = labels.at(-1) ?? '';
  if (policy.allowLoopback && host === 'localhost') return url;
  if (labels.length < 2 || INTERNAL_SUFFIXES.includes(last)) {
    throw new UnsafeUrlError(
      'must name a public host (a full domain name or a public IP address)',
      INTERNAL_SUFFIXES.includes(last) || labels.length < 2,
    );
  }
  // A final label of digits is an IPv4 form the parser did not take as one (too large a number).
  if (/^\d+$/.test(last) || /^0x[0-9a-f]*$/i.test(last)) throw new UnsafeUrlError('is not a valid host');
  return url;
}

/** Resolves `hostname` and returns its addresses only when every one is allowed; throws UnsafeUrlError otherwise. */
export async function resolveAllowed(hostname: string, policy: UrlPolicy, resolve: Resolve): Promise<LookupAddress[]> {
  if (isIP(hostname)) {
    const problem = addressProblem(hostname, policy);
    if (problem) throw new UnsafeUrlError(`must not point at ${problem}`, true);
    return [{ address: hostname, family: isIP(hostname) }];
  }
  const addresses = await resolve(hostname);
  if (addresses.length === 0) throw new UnsafeUrlError(`${hostname} does not resolve`);
  for (const a of addresses) {
    const problem = addressProblem(a.address, policy);
    if (problem) throw new UnsafeUrlError(`resolves to ${problem}`, true);
  }
  return addresses;
}

/**
 * A `lookup` for http(s).request: the socket connects only to addresses this guard checked, in the
 * same resolution, so there is no gap between the check and the connection.
 */
export function guardedLookup(policy: UrlPolicy, resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, policy, resolve).then(
      (all) => {
        const family = typeof options === 'object' ? options.family : options;
        const wanted = family === 4 || family === 6 ? all.filter((a) => a.family === family) : all;
        const first = wanted[0];
        if (!first) {
          callback(Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' }), '', 4);
        } else if (typeof options === 'object' && options.all) {
          (callback as unknown as (err: null, addresses: LookupAddress[]) => void)(null, wanted);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 4),
    );
  };
}
