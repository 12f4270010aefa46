import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Addresses a webhook must not reach unless allowed: loopback, private, link-local, unspecified, CGNAT, ULA. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return PRIVATE.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return PRIVATE.check(mapped[1], 'ipv4');
    return PRIVATE.check(address, 'ipv6');
  }
  return true;
}

export class WebhookRefused extends Error {}

export interface WebhookPolicy {
  allowPrivate: boolean;
  allowHosts: string[];
}

/**
 * Checks a webhook URL before it is called: http(s) only, and (unless the configuration allows it)
 * neither the host nor any address it resolves to is loopback, private or link-local.
 */
export async function assertWebhookAllowed(raw: string, policy: WebhookPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookRefused(`webhook url ${JSON.stringify(raw)} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new WebhookRefused(`webhook url must be http or https, not ${url.protocol}`);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (policy.allowPrivate || policy.allowHosts.map((h) => h.toLowerCase()).includes(host)) return url;
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  const blocked = addresses.find(isPrivateAddress);
  if (blocked)
    throw new WebhookRefused(
      `webhook url ${url.origin} is refused: ${host === blocked ? host : `${host} resolves to ${blocked}`}, a private, loopback or link-local address`,
    );
  return url;
}
