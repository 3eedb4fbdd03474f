/**
 * Image captcha: 5 characters, single use, case-insensitive, expires after 5 minutes. Answers live in the shared
 * KV store (Redis when configured), never in the client.
 */
import { randomUUID } from 'node:crypto';
import type svgCaptcha from 'svg-captcha';
import { lazyRequire } from '../../core/lazy-import.js';
import type { KvStore } from '../../core/kv-store.js';

const captchaLib = lazyRequire<typeof svgCaptcha>('svg-captcha');

const TTL_MS = 5 * 60_000;
const key = (k: string) => `captcha:${k}`;

export class CaptchaService {
  constructor(private readonly kv: KvStore) {}

  async create(): Promise<{ key: string; image: string }> {
    const c = captchaLib().create({
      size: 5,
      noise: 2,
      ignoreChars: '0oO1ilI',
      color: true,
      width: 130,
      height: 48,
      background: '#f4f6fb',
    });
    const id = randomUUID();
    await this.kv.set(key(id), c.text.toLowerCase(), TTL_MS);
    return { key: id, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
  }

  /** True when the code matches; the answer is consumed whether or not it matched. */
  async verify(captchaKey: string | undefined, code: string | undefined): Promise<boolean> {
    if (!captchaKey || !code || captchaKey.length > 64) return false;
    const answer = await this.kv.take(key(captchaKey));
    return answer !== null && answer === code.trim().toLowerCase();
  }

  /** For tests of the service itself: peek at an answer. Not reachable over HTTP. */
  async answerFor(captchaKey: string): Promise<string | null> {
    return this.kv.get(key(captchaKey));
  }
}
