/**
 * The outbound guard's judgement, without traffic: which addresses are public in every spelling a URL, a resolver
 * or a driver may produce, and what the allow-list lets through. (test/outbound-guard.test.ts connects.)
 */
import { describe, expect, it } from 'vitest';
import { BizError } from './errors.js';
import { canonicalAddress, classifyAddress, parseIPv4 } from './ip-class.js';
import { OutboundGuard, type OutboundRefused } from './net-guard.js';

describe('classifyAddress', () => {
  it.each([
    // IPv4, also as inet_aton reads it
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['2130706433', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['127.1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['0.1.2.3', 'this-network'],
    ['10.1.2.3', 'private'],
    ['012.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['169.254.169.254', 'link-local'],
    ['192.0.0.8', 'ietf-protocol'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    // IPv6
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['100::1', 'discard'],
    ['2001:db8::1', 'documentation'],
    ['64:ff9b:1::a00:1', 'nat64-local'],
    // IPv6 carrying IPv4
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a00:1', 'private'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['::10.0.0.1', 'private'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::192.168.0.1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    // Teredo: client 127.0.0.1 stored inverted (80ff:fffe)
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'documentation'],
    // not addresses
    ['localhost', 'invalid'],
    ['example.com', 'invalid'],
    ['1.2.3.4.5', 'invalid'],
    ['256.1.1.1', 'invalid'],
    ['08.1.1.1', 'invalid'],
    ['', 'invalid'],
  ])('%s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '100.128.0.0',
    '172.32.0.1',
    '169.255.0.1',
    '2606:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
  ])('%s is public', (ip) => {
    expect(classifyAddress(ip)).toBeUndefined();
  });
});

describe('address spellings', () => {
  it('reads IPv4 the way inet_aton does and compares addresses in one spelling', () => {
    expect(parseIPv4('4294967295')).toBe(0xffffffff);
    expect(parseIPv4('4294967296')).toBeUndefined();
    expect(parseIPv4('1.2.65536')).toBeUndefined();
    expect(canonicalAddress('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(canonicalAddress('2130706433')).toBe('127.0.0.1');
    expect(canonicalAddress('[::1]')).toBe(canonicalAddress('0:0:0:0:0:0:0:1'));
    expect(canonicalAddress('db.example.com')).toBeUndefined();
  });
});

describe('OutboundGuard decisions', () => {
  const refusedHost = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      expect(e).toBeInstanceOf(BizError);
      expect((e as BizError).key).toBe('hostNotAllowed');
      return (e as OutboundRefused).host;
    }
    return undefined;
  };

  it('refuses endpoint URLs on non-public literal addresses in every notation, and localhost names', () => {
    const guard = new OutboundGuard([]);
    for (const url of [
      'http://[::ffff:127.0.0.1]:9000',
      'http://[::ffff:7f00:1]/',
      'http://[::127.0.0.1]/',
      'http://[64:ff9b::169.254.169.254]/',
      'http://[2002:7f00:1::1]/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
      'http://[::]/',
      'http://0.0.0.0/',
      'http://2130706433/',
      'http://0177.0.0.1/',
      'http://0x7f.1/',
      'http://127.1/',
      'https://localhost/',
      'https://LOCALHOST./',
      'https://minio.localhost/',
    ]) {
      expect(refusedHost(() => guard.checkUrl(url, 'endpoint')), url).toBeDefined();
    }
    expect(guard.checkUrl('https://s3.example.com', 'endpoint').hostname).toBe('s3.example.com');
    expect(guard.checkUrl('http://[2606:4700::1111]:9000', 'endpoint').port).toBe('9000');
  });

  it('matches the allow-list against the host as written: a name exactly, an address in any notation', () => {
    const guard = new OutboundGuard(['127.0.0.1', 'MinIO.internal']);
    expect(guard.checkUrl('http://127.0.0.1:9000', 'endpoint')).toBeInstanceOf(URL);
    expect(guard.checkUrl('http://[::ffff:127.0.0.1]:9000', 'endpoint')).toBeInstanceOf(URL);
    expect(guard.permits('minio.internal.', '10.0.0.5')).toBe(true);
    // The address entry does not vouch for names, nor for other loopback addresses.
    expect(guard.permits('localhost', '127.0.0.1')).toBe(false);
    expect(refusedHost(() => guard.checkUrl('http://localhost:9000', 'endpoint'))).toBe('localhost');
    expect(refusedHost(() => guard.checkUrl('http://127.0.0.2:9000', 'endpoint'))).toBe('127.0.0.2');
    // A name not listed may resolve to public addresses only.
    expect(guard.permits('s3.example.com', '52.0.0.1')).toBe(true);
    expect(guard.permits('s3.example.com', '::ffff:10.0.0.1')).toBe(false);
    expect(guard.permits('s3.example.com', '64:ff9b::a9fe:a9fe')).toBe(false);
  });

  it('lets data-source guards (no public default) reach listed hosts only', () => {
    const guard = new OutboundGuard(['localhost', '127.0.0.1'], { allowPublic: false });
    expect(guard.listed('LOCALHOST')).toBe(true);
    expect(guard.listed('0x7f.0.0.1')).toBe(true);
    expect(guard.listed('::ffff:127.0.0.1')).toBe(true);
    expect(guard.permits('db.example.com', '52.0.0.1')).toBe(false);
  });
});
