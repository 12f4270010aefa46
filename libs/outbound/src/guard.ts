import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses an outbound call must not reach unless allowed: "this" network, private, shared (CGNAT,
 * which also holds some clouds' metadata), loopback, link-local (169.254.169.254, the usual metadata
 * address), IETF protocol assignments, documentation and benchmark ranges, multicast, reserved and
 * broadcast; in IPv6 the unspecified and loopback addresses, IPv4-compatible, IPv4-mapped and NAT64
 * forms (they carry an IPv4 address), 6to4, discard, documentation, unique-local (fd00:ec2::254, a
 * metadata address), link-local, site-local and multicast.
 */
// Two lists: Node checks IPv4 addresses against IPv6 rules too (as mapped), so ::/96 would take all of IPv4.
const PRIVATE_V4 = new BlockList();
const PRIVATE_V6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE_V4.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 96],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE_V6.addSubnet(net, bits, 'ipv6');

/** Whether an IP address (any notation Node or the URL parser accepts) is one a call must not reach; not an IP: true. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 4) return PRIVATE_V4.check(bare, 'ipv4');
  if (family === 6) return PRIVATE_V6.check(bare, 'ipv6');
  return true;
}

export class WebhookRefused extends Error {}

export interface WebhookPolicy {
  allowPrivate: boolean;
  /** Host names (as in the URL) allowed whatever they resolve to: tests and on-premise receivers. */
  allowHosts: string[];
  /**
   * Fixed answers for host names, checked like any other (curl's --resolve): a split-horizon name of
   * an on-premise receiver, or a test's name for an address. Others go to the system's resolver.
   */
  resolveOverrides?: Record<string, string>;
}

/** `name=address` pairs, comma-separated (WEBHOOK_RESOLVE), as a WebhookPolicy's resolveOverrides. */
export function parseResolveOverrides(list: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of list) {
    const [name, address] = pair.split('=').map((x) => x.trim());
    if (!name || !address || !isIP(address)) throw new Error(`"${pair}" is not name=address`);
    out[name.toLowerCase()] = address;
  }
  return out;
}

/** A webhook URL that passed the guard, with the address it was checked at: the request goes there and nowhere else. */
export interface CheckedWebhook {
  url: URL;
  /** The host name as in the URL (no brackets), sent as Host and as the TLS server name. */
  host: string;
  address: string;
  family: 4 | 6;
}

/**
 * Checks a webhook URL before it is called: http(s) only, and (unless the configuration allows it)
 * neither the host nor any address it resolves to is loopback, private or link-local. Returns the
 * address checked, to connect to with `postPinned`: a second resolution at connect time could give
 * another answer (DNS rebinding: a public address for the check, then 127.0.0.1 for the request).
 */
export async function checkWebhook(raw: string, policy: WebhookPolicy): Promise<CheckedWebhook> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookRefused(`webhook url ${JSON.stringify(raw)} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new WebhookRefused(`webhook url must be http or https, not ${url.protocol}`);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const literal = isIP(host);
  const fixed = policy.resolveOverrides?.[host];
  const addresses = literal
    ? [{ address: host, family: literal as 4 | 6 }]
    : fixed
      ? [{ address: fixed, family: isIP(fixed) as 4 | 6 }]
      : (await lookup(host, { all: true })).map((a) => ({ address: a.address, family: a.family as 4 | 6 }));
  if (!addresses.length) throw new Error(`webhook host ${host} has no address`);
  const allowed = policy.allowPrivate || policy.allowHosts.map((h) => h.toLowerCase()).includes(host);
  const blocked = allowed ? undefined : addresses.find((a) => isPrivateAddress(a.address));
  if (blocked)
    throw new WebhookRefused(
      `webhook url ${url.origin} is refused: ${host === blocked.address ? host : `${host} resolves to ${blocked.address}`}, an address outbound calls may not reach (private, loopback, link-local, multicast or reserved)`,
    );
  return { url, host, ...addresses[0] };
}

export interface PinnedPost {
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** Extra trusted CAs for https (tests, an internal CA); the system's are used otherwise. */
  ca?: string | Buffer;
}

/**
 * POSTs `body` to a checked webhook, connected to exactly the address the guard checked (no second
 * DNS resolution), with the host name kept as Host and, for https, as the TLS server name (SNI) and
 * the name the certificate must match. Redirects are not followed (a redirect could lead to an
 * address the guard would refuse). Resolves with the status once the response is read.
 */
export function postPinned(target: CheckedWebhook, post: PinnedPost): Promise<{ status: number }> {
  const { url, host, address, family } = target;
  const https = url.protocol === 'https:';
  const pinned: LookupFunction = (_hostname, options, callback) => {
    const cb = callback as (...args: unknown[]) => void;
    if ((options as { all?: boolean }).all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  };
  const body = Buffer.from(post.body);
  const options: RequestOptions & { servername?: string; ca?: string | Buffer } = {
    method: 'POST',
    // The name, not the address: `lookup` answers for it (Node asks it only for names, never literals).
    host,
    port: url.port || (https ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    headers: { ...post.headers, host: url.host, 'content-length': String(body.length) },
    lookup: pinned,
    family,
    // A connection of its own: a pooled one may have been opened to another address for this name.
    agent: false,
    signal: AbortSignal.timeout(post.timeoutMs),
  };
  if (https) {
    if (!isIP(host)) options.servername = host;
    if (post.ca) options.ca = post.ca;
  }
  return new Promise((resolve, reject) => {
    const req = (https ? httpsRequest : httpRequest)(options, (res: IncomingMessage) => {
      res.on('error', reject);
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      res.resume();
    });
    req.on('error', reject);
    req.end(body);
  });
}
