/**
 * Outbound connections to addresses that administrators type (S3 endpoints, SMS gateways, code-generator data
 * sources) must not reach the server's own network. Every address a connection would go to is judged by
 * `classifyAddress` (ip-class.ts: loopback, private, link-local — cloud metadata —, CGNAT, multicast, reserved …, also
 * when an IPv6 address carries one: `::ffff:127.0.0.1`, NAT64, 6to4, Teredo) — at connect time, not on the text of
 * the URL: the agents' `createConnection` checks literal addresses (which the socket never looks up) and their
 * `lookup` checks every address a name resolves to, so DNS rebinding is caught as well. Redirects are never followed
 * (neither the S3 client nor `guardedRequest` follows them).
 *
 * The allow-list (HELIO_ALLOW_PRIVATE_HOSTS; HELIO_DATASOURCE_HOSTS for data sources) is matched against the host
 * as written in the URL: a name exactly (any case, a trailing dot ignored), an IP address in any notation
 * (`127.0.0.1` also allows `[::ffff:127.0.0.1]` and `2130706433`, the same destination). A listed host may resolve
 * to anything; a host not listed may go to public addresses only (`allowPublic`, the default), or nowhere.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { BizError } from './errors.js';
import { canonicalAddress, classifyAddress } from './ip-class.js';

export { classifyAddress, isPublicAddress } from './ip-class.js';

/** Non-public address (anything `classifyAddress` puts in a special-purpose range). */
export function isPrivateAddress(ip: string): boolean {
  return classifyAddress(ip) !== undefined;
}

/** A refused destination: reaches the client as the translated 400 `hostNotAllowed`, whichever client hit it. */
export class OutboundRefused extends BizError {
  constructor(readonly host: string) {
    super('hostNotAllowed', { host: host.slice(0, 253) });
  }
}

/** Lower case, no brackets, no trailing dot. */
export function normaliseHost(host: string): string {
  return host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
}

const isLocalhostName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;
type CreateConnection = (options: http.ClientRequestArgs, cb?: (err: Error | null, stream: Duplex) => void) => Duplex | null | undefined;

export interface GuardOptions {
  /** Hosts not on the allow-list may reach public addresses (storage, SMS: true) or nothing (data sources: false). */
  allowPublic?: boolean;
}

export class OutboundGuard {
  private readonly names = new Set<string>();
  private readonly addresses = new Set<string>();
  private readonly allowPublic: boolean;
  readonly httpAgent: http.Agent;
  readonly httpsAgent: https.Agent;
  /** A `net` lookup that refuses (with OutboundRefused) unless every address of the name may be reached. */
  readonly lookup: net.LookupFunction;

  constructor(allowHosts: readonly string[], opts: GuardOptions = {}) {
    this.allowPublic = opts.allowPublic ?? true;
    for (const h of allowHosts) {
      const n = normaliseHost(h);
      const a = canonicalAddress(n);
      if (a) this.addresses.add(a);
      else if (n) this.names.add(n);
    }
    this.lookup = this.guardedLookup.bind(this) as net.LookupFunction;
    this.httpAgent = guardedAgent(http.Agent, this);
    this.httpsAgent = guardedAgent(https.Agent, this);
  }

  /** The host as written is on the allow-list (by name, or as an address in any notation). */
  listed(host: string): boolean {
    const n = normaliseHost(host);
    if (this.names.has(n)) return true;
    const a = canonicalAddress(n);
    return a !== undefined && this.addresses.has(a);
  }

  /** Whether a connection to `host` may go to `address` (one of its addresses, or the host itself). */
  permits(host: string, address: string): boolean {
    if (this.listed(host)) return true;
    if (!this.allowPublic || classifyAddress(address) !== undefined) return false;
    return !isLocalhostName(normaliseHost(host));
  }

  /** Throws OutboundRefused unless a host written as a literal address may be reached. */
  assertLiteral(host: string): void {
    const h = normaliseHost(host);
    if (net.isIP(h) && !this.permits(h, h)) throw new OutboundRefused(h);
  }

  private guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
    const host = normaliseHost(hostname);
    const all = typeof options === 'object' && options !== null && options.all === true;
    const answer = (list: dns.LookupAddress[]) => {
      if (list.length === 0) return callback(notFound(host), '');
      // Every address, not only the first: the socket may try them all (happy eyeballs).
      if (list.some((a) => !this.permits(host, a.address))) return callback(new OutboundRefused(host) as unknown as NodeJS.ErrnoException, '');
      if (all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    };
    // Literal addresses (also `2130706433`, `0x7f.1` …, which getaddrinfo would read the same way) are not looked up.
    const literal = canonicalAddress(host);
    if (literal) return answer([{ address: literal, family: net.isIP(literal) }]);
    dns.lookup(host, { ...(typeof options === 'object' ? options : {}), all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      answer(addresses);
    });
  }

  /**
   * The addresses to connect to for a host, checked like the agents check theirs; for drivers with no lookup hook
   * (pg): connect to exactly these. Rejects with OutboundRefused.
   */
  resolve(host: string): Promise<dns.LookupAddress[]> {
    return new Promise((resolve, reject) => {
      this.lookup(host, { all: true }, (err, list) => {
        if (err) return reject(err);
        // In their plain form (`::ffff:127.0.0.1` → 127.0.0.1: the same destination).
        resolve(
          (list as dns.LookupAddress[]).map((a) => {
            const address = canonicalAddress(a.address)!;
            return net.isIPv4(address) ? { address, family: 4 } : a;
          }),
        );
      });
    });
  }

  /**
   * An endpoint URL an administrator typed: http(s) only, no credentials, no fragment; a literal non-public address
   * or a `localhost` name only when allow-listed. An early, clear refusal — connections are checked again anyway.
   */
  checkUrl(raw: string, field: string): URL {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      throw new BizError('invalidFormat', { field });
    }
    if (!['http:', 'https:'].includes(u.protocol) || u.username || u.password || u.hash) {
      throw new BizError('invalidFormat', { field });
    }
    const host = normaliseHost(u.hostname);
    if (!host) throw new BizError('invalidFormat', { field });
    this.assertLiteral(host);
    if (isLocalhostName(host) && !this.listed(host)) throw new OutboundRefused(host);
    return u;
  }

  agentFor(u: URL): http.Agent {
    return u.protocol === 'https:' ? this.httpsAgent : this.httpAgent;
  }

  destroy(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

function notFound(host: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`no address for ${host}`), { code: 'ENOTFOUND' });
}

/**
 * An agent whose sockets go only where the guard permits: literal addresses are checked here, names by the
 * guard's lookup (also for every address tried by happy eyeballs); no unix sockets.
 */
function guardedAgent<A extends typeof http.Agent | typeof https.Agent>(Base: A, guard: OutboundGuard): InstanceType<A> {
  const base = Base.prototype.createConnection as CreateConnection;
  const agent = new Base({ keepAlive: true }) as InstanceType<A>;
  agent.createConnection = function (this: http.Agent, options: http.ClientRequestArgs, cb?: (err: Error | null, stream: Duplex) => void) {
    const host = String(options.host ?? options.hostname ?? '');
    try {
      if (options.socketPath) throw new OutboundRefused('unix socket');
      guard.assertLiteral(host);
    } catch (e) {
      process.nextTick(() => cb?.(e as Error, undefined as unknown as Duplex));
      return undefined;
    }
    return base.call(this, { ...options, lookup: guard.lookup } as http.ClientRequestArgs, cb);
  };
  return agent;
}

export interface HttpResult {
  status: number;
  body: string;
}

/** A small HTTP client over the guarded agents (bounded body, time-out, redirects not followed). */
export function guardedRequest(
  guard: OutboundGuard,
  url: URL,
  opts: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number; maxBytes?: number } = {},
): Promise<HttpResult> {
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request(
      url,
      { method: opts.method ?? 'GET', headers: opts.headers, agent: guard.agentFor(url), timeout: opts.timeoutMs ?? 10_000 },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > (opts.maxBytes ?? 1_000_000)) req.destroy(new Error('response too large'));
          else chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}
