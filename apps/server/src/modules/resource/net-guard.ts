/**
 * Outbound connections to addresses that administrators type (S3 endpoints, SMS gateways) must not reach the
 * server's own network: loopback, private, link-local (cloud metadata), CGNAT and multicast addresses are refused
 * unless the host is listed in HELIO_ALLOW_PRIVATE_HOSTS. Names are checked after DNS resolution, inside the
 * socket's own lookup, so a name that later resolves elsewhere (DNS rebinding) is caught as well.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { BizError } from '../../core/errors.js';

function v4Private(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224
  );
}

export function isPrivateAddress(ip: string): boolean {
  const kind = net.isIP(ip);
  if (kind === 4) return v4Private(ip);
  if (kind !== 6) return true;
  const v = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v);
  if (mapped) return v4Private(mapped[1]!);
  return v === '::' || v === '::1' || /^f[cd]/.test(v) || /^fe[89ab]/.test(v) || v.startsWith('ff') || v.startsWith('64:ff9b:');
}

export class OutboundGuard {
  private readonly allow: Set<string>;
  readonly httpAgent: http.Agent;
  readonly httpsAgent: https.Agent;

  constructor(allowPrivateHosts: readonly string[]) {
    this.allow = new Set(allowPrivateHosts.map((h) => h.toLowerCase()));
    const lookup = this.lookup.bind(this) as unknown as net.LookupFunction;
    this.httpAgent = new http.Agent({ keepAlive: true, lookup } as http.AgentOptions);
    this.httpsAgent = new https.Agent({ keepAlive: true, lookup } as https.AgentOptions);
  }

  allowed(host: string): boolean {
    return this.allow.has(host.toLowerCase().replace(/^\[|\]$/g, ''));
  }

  private lookup(
    hostname: string,
    options: dns.LookupOptions,
    callback: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void,
  ): void {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as dns.LookupAddress[];
      if (!this.allowed(hostname) && list.some((a) => isPrivateAddress(a.address))) {
        const e: NodeJS.ErrnoException = new Error(`refused to connect to a private address of ${hostname}`);
        e.code = 'EACCES';
        return callback(e, '');
      }
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      return callback(null, first.address, first.family);
    });
  }

  /**
   * An endpoint URL an administrator typed: http(s) only, no credentials, no fragment; a literal private IP (which
   * the socket does not look up) only when allow-listed. Throws a BizError naming the field.
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
    const host = u.hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && isPrivateAddress(host) && !this.allowed(host)) throw new BizError('hostNotAllowed', { host });
    if (host === 'localhost' && !this.allowed(host)) throw new BizError('hostNotAllowed', { host });
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

export interface HttpResult {
  status: number;
  body: string;
}

/** A small HTTP client over the guarded agents (bounded body, time-out). */
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
