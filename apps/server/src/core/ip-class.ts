/**
 * Which IP addresses are "the public Internet". Pure functions, no DNS, no traffic: the outbound guard
 * (net-guard.ts) asks them about every address a connection would go to.
 *
 * An address is public unless it is in one of the special-purpose ranges below (IANA IPv4/IPv6 special-purpose
 * registries: loopback, private, link-local — cloud metadata lives there —, CGNAT, multicast, reserved,
 * documentation …). IPv6 forms that carry an IPv4 address are judged by that address: IPv4-mapped `::ffff:a.b.c.d`,
 * IPv4-compatible `::a.b.c.d`, SIIT `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`, 6to4 `2002:AABB:CCDD::` and
 * Teredo (the client address, stored inverted). IPv4 may be written the way inet_aton reads it (`2130706433`,
 * `0177.0.0.1`, `0x7f.1`, `127.1`).
 */
import net from 'node:net';

export type AddressClass =
  | 'invalid'
  | 'unspecified'
  | 'this-network'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'link-local'
  | 'ietf-protocol'
  | 'documentation'
  | 'benchmarking'
  | 'multicast'
  | 'reserved'
  | 'broadcast'
  | 'unique-local'
  | 'site-local'
  | 'discard'
  | 'nat64-local'
  | 'srv6';

const V4_RANGES: readonly [string, number, AddressClass][] = [
  ['0.0.0.0', 32, 'unspecified'],
  ['0.0.0.0', 8, 'this-network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'ietf-protocol'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'broadcast'],
  ['240.0.0.0', 4, 'reserved'],
];

/** IPv6 ranges judged as such (the IPv4-carrying ones are unpacked first, see classifyAddress). */
const V6_RANGES: readonly [string, number, AddressClass][] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['64:ff9b:1::', 48, 'nat64-local'],
  ['100::', 64, 'discard'],
  ['2001::', 23, 'ietf-protocol'],
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
  ['5f00::', 16, 'srv6'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

/** Each range in its own list, so the first match names the class (BlockList only says yes or no). */
function compile(ranges: readonly [string, number, AddressClass][], type: 'ipv4' | 'ipv6'): [net.BlockList, AddressClass][] {
  return ranges.map(([addr, prefix, cls]) => {
    const list = new net.BlockList();
    list.addSubnet(addr, prefix, type);
    return [list, cls];
  });
}
const V4 = compile(V4_RANGES, 'ipv4');
const V6 = compile(V6_RANGES, 'ipv6');

/**
 * An IPv4 address as inet_aton reads it: one to four parts, each decimal, octal (leading 0) or hex (0x); the last
 * part fills the remaining bytes. Undefined when it is not one.
 */
export function parseIPv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length > 4 || parts.some((p) => p === '')) return undefined;
  const nums: number[] = [];
  for (const p of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(p)) n = p.length === 2 ? 0 : parseInt(p.slice(2), 16);
    else if (/^0[0-7]*$/.test(p)) n = parseInt(p, 8);
    else if (/^[1-9][0-9]*$/.test(p)) n = parseInt(p, 10);
    else return undefined;
    if (!Number.isSafeInteger(n)) return undefined;
    nums.push(n);
  }
  const last = nums.pop()!;
  if (nums.some((n) => n > 255) || last >= 2 ** (8 * (4 - nums.length))) return undefined;
  return nums.reduce((acc, n, i) => acc + n * 2 ** (8 * (3 - i)), 0) + last;
}

const v4Text = (n: number) => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');

/** An IPv6 address (brackets and zone allowed) as eight 16-bit groups; undefined when it is not one. */
export function parseIPv6(text: string): number[] | undefined {
  const s = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (net.isIPv6(s) === false) return undefined;
  const [head = '', tail] = s.split('::') as [string, string | undefined];
  const groups = (part: string): number[] => {
    if (part === '') return [];
    const out: number[] = [];
    for (const g of part.split(':')) {
      if (g.includes('.')) {
        const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
        out.push(a * 256 + b, c * 256 + d);
      } else out.push(parseInt(g, 16));
    }
    return out;
  };
  const h = groups(head);
  if (tail === undefined) return h;
  const t = groups(tail);
  return [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
}

const v4FromGroups = (hi: number, lo: number) => v4Text(hi * 65536 + lo);

/** The IPv4 address an IPv6 address stands for or carries (mapped, compatible, SIIT, NAT64, 6to4, Teredo). */
export function embeddedIPv4(g: readonly number[]): string | undefined {
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible; also :: and ::1), ::ffff:0:a.b.c.d (SIIT)
  if (zeros(0, 5) && (g[5] === 0xffff || g[5] === 0)) return v4FromGroups(g[6]!, g[7]!);
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return v4FromGroups(g[6]!, g[7]!);
  // 64:ff9b::/96, the well-known NAT64 prefix
  if (g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6)) return v4FromGroups(g[6]!, g[7]!);
  // 2002:AABB:CCDD::/48, 6to4
  if (g[0] === 0x2002) return v4FromGroups(g[1]!, g[2]!);
  // 2001:0::/32, Teredo: the client's address is the last 32 bits, inverted
  if (g[0] === 0x2001 && g[1] === 0) return v4FromGroups(g[6]! ^ 0xffff, g[7]! ^ 0xffff);
  return undefined;
}

function classifyV4(n: number): AddressClass | undefined {
  const text = v4Text(n);
  return V4.find(([list]) => list.check(text, 'ipv4'))?.[1];
}

/**
 * Undefined for a public address; otherwise the special-purpose range it is in ('invalid' for anything that is
 * not an IP address at all).
 */
export function classifyAddress(ip: string): AddressClass | undefined {
  const text = ip.trim().toLowerCase();
  const g = parseIPv6(text);
  if (g) {
    if (g.every((x) => x === 0)) return 'unspecified';
    if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return 'loopback';
    const inner = embeddedIPv4(g);
    if (inner !== undefined) {
      const cls = classifyV4(parseIPv4(inner)!);
      if (cls) return cls;
      // Teredo's own prefix sits in 2001::/23; a Teredo address with a public client is judged by that client.
      if (g[0] === 0x2001 && g[1] === 0) return undefined;
    }
    const full = g.map((x) => x.toString(16)).join(':');
    return V6.find(([list]) => list.check(full, 'ipv6'))?.[1];
  }
  const n = parseIPv4(text);
  if (n === undefined) return 'invalid';
  return classifyV4(n);
}

export function isPublicAddress(ip: string): boolean {
  return classifyAddress(ip) === undefined;
}

/**
 * One spelling per address, for comparing allow-list entries with addresses: dotted IPv4 (also for IPv4-mapped
 * IPv6, the same destination), full lower-case IPv6 groups otherwise. Undefined for anything but an IP address.
 */
export function canonicalAddress(text: string): string | undefined {
  const t = text.trim().toLowerCase();
  const g = parseIPv6(t);
  if (g) {
    if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return v4FromGroups(g[6]!, g[7]!);
    return g.map((x) => x.toString(16)).join(':');
  }
  const n = parseIPv4(t);
  return n === undefined ? undefined : v4Text(n);
}
