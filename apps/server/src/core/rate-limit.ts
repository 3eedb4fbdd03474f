/**
 * Per-route rate limits (issue 21), counted in the key-value store — so shared by every process when REDIS_URL is set,
 * per process otherwise. A route names its rule in `config.rateLimit`; every file download of a signed-in user
 * (`config.download`, GET) counts under `download` per user. Past the limit: a translated 429 with `Retry-After`. The sign-in, SMS-code,
 * registration, upload and report limits have their own counters where they are checked (lockout, verification,
 * registration, attach and report services), in the same store.
 */
import type { FastifyInstance } from 'fastify';
import { BizError } from './errors.js';
import type { KvStore } from './kv-store.js';

export interface RateRule {
  name: string;
  /** Requests per window. */
  max: number;
  windowMs: number;
  /** Counted per client address or per signed-in user (the address when signed out). */
  per: 'ip' | 'user';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateRule;
  }
}

/** The rules, per minute (HELIO_RATE_CAPTCHA_PER_MIN, HELIO_RATE_DOWNLOAD_PER_MIN). */
export function rateRules(limits: { captchaPerMin: number; downloadPerMin: number }) {
  return {
    captcha: { name: 'captcha', max: limits.captchaPerMin, windowMs: 60_000, per: 'ip' },
    download: { name: 'download', max: limits.downloadPerMin, windowMs: 60_000, per: 'user' },
  } as const satisfies Record<string, RateRule>;
}

export function installRateLimits(app: FastifyInstance, kv: KvStore, download: RateRule): void {
  app.addHook('preHandler', async (req, reply) => {
    const config = req.routeOptions.config;
    // Downloads by signed-in users (exports, templates, PDFs); a public download (a device's signed firmware link) is not.
    const rule = config?.rateLimit ?? (config?.download && req.method === 'GET' && req.user ? download : undefined);
    if (!rule) return;
    const who = rule.per === 'user' && req.user ? `u${req.user.userId}` : `a${req.ip}`;
    const n = await kv.incr(`rl:${rule.name}:${who}`, rule.windowMs);
    if (n > rule.max) {
      reply.header('retry-after', String(Math.ceil(rule.windowMs / 1000)));
      throw new BizError('tooManyRequests', {}, 429);
    }
  });
}
