import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may be sent (decision 0086). Without WEBHOOKS_ALLOW_PRIVATE_URLS: https only, and
 * never to an address of this machine or of a private network: loopback, private (RFC 1918, ULA),
 * link-local (the cloud metadata address among them), carrier-grade NAT, multicast, reserved. The
 * name is resolved and every address it resolves to checked at save and again at each delivery,
 * and the connection is made to the address checked (no second lookup), against DNS rebinding.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
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
  BLOCKED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  BLOCKED.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return BLOCKED.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return BLOCKED.check(mapped[1], 'ipv4');
  return BLOCKED.check(address, 'ipv6');
}

export type Resolver = (host: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/** Why a URL may not be a webhook's: a short code the console and the delivery log show. */
export type UrlRefusal = 'not_https' | 'private_address' | 'unresolvable' | 'credentials_in_url';

export interface UrlCheck {
  allowPrivate: boolean;
  resolve?: Resolver;
}

/**
 * The address to connect to for `url`, or why not. A host written as an IP address is checked as
 * it is; a name is resolved, and refused when any of its addresses is private.
 */
export async function checkWebhookUrl(
  url: string,
  check: UrlCheck,
): Promise<{ ok: true; address: string; family: number } | { ok: false; reason: UrlRefusal }> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'unresolvable' };
  }
  if (parsed.username || parsed.password) return { ok: false, reason: 'credentials_in_url' };
  if (parsed.protocol !== 'https:' && !(check.allowPrivate && parsed.protocol === 'http:'))
    return { ok: false, reason: 'not_https' };
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (check.resolve ?? systemResolver)(host);
    } catch {
      return { ok: false, reason: 'unresolvable' };
    }
  }
  const first = addresses[0];
  if (!first) return { ok: false, reason: 'unresolvable' };
  if (!check.allowPrivate && addresses.some((entry) => isPrivateAddress(entry.address)))
    return { ok: false, reason: 'private_address' };
  return { ok: true, address: first.address, family: first.family };
}
