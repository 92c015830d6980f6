/**
 * Addresses the image proxy must never reach: loopback, private, link-local (cloud metadata lives at
 * 169.254.169.254), carrier-grade NAT, multicast, reserved and unspecified ranges, in IPv4 and IPv6. An IPv6
 * address that carries an IPv4 one (IPv4-mapped ::ffff:a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, NAT64
 * 64:ff9b::a.b.c.d, 6to4 2002:aabb:ccdd::) is judged by the IPv4 address it leads to; the deprecated
 * IPv4-compatible ::a.b.c.d, Teredo, local NAT64 and site-local ranges are refused outright. A zone index
 * (fe80::1%eth0) is refused.
 */
import { BlockList, isIP } from 'node:net';

const blockedV4 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blockedV4.addSubnet(net, bits, 'ipv4');
}

const blockedV6 = new BlockList();
for (const [net, bits] of [
  // IPv4-compatible (deprecated; ::1 and :: among them)
  ['::', 96],
  // local-use NAT64, discard-only, Teredo, ORCHID, benchmarking, documentation
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:2::', 48],
  ['2001:10::', 28],
  ['2001:20::', 28],
  ['2001:db8::', 32],
  ['3fff::', 20],
  // unique local, site-local (deprecated), link-local, multicast
  ['fc00::', 7],
  ['fec0::', 10],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  blockedV6.addSubnet(net, bits, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 literal (dotted-quad tail included), or null when it is not one. */
export function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6 || address.includes('%')) return null;
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((h) => Number.parseInt(h, 16)) : [];
  const left = parse(head);
  const right = parse(tail);
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

const v4 = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/** The IPv4 address an IPv6 one leads to (mapped, translated, NAT64, 6to4), if it embeds one. */
export function embeddedIpv4(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const zeros = (...gs: number[]) => gs.every((g) => g === 0);
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated)
  if (zeros(g0, g1, g2, g3, g4) && g5 === 0xffff) return v4(g6, g7);
  if (zeros(g0, g1, g2, g3) && g4 === 0xffff && g5 === 0) return v4(g6, g7);
  // 64:ff9b::a.b.c.d (well-known NAT64 prefix)
  if (g0 === 0x64 && g1 === 0xff9b && zeros(g2, g3, g4, g5)) return v4(g6, g7);
  // 2002:aabb:ccdd::/48 (6to4)
  if (g0 === 0x2002) return v4(g1, g2);
  return null;
}

/** True when `address` (an IP literal) is safe to connect to from the gateway. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blockedV4.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const inner = embeddedIpv4(groups);
  if (inner !== null) return !blockedV4.check(inner, 'ipv4');
  const canonical = groups.map((g) => g.toString(16)).join(':');
  return !blockedV6.check(canonical, 'ipv6');
}
