/**
 * The tenant probe of every endpoint of an installer-order API file (install, handover, field): tenant B's
 * administrator asks for or moves tenant A's seeded order. A GET answers "order does not exist" without A's data; a
 * POST with a body the route's schema accepts (only its own keys from `fill`, so the refusal is the order's, not the
 * validator's) answers the same, leaks nothing and changes nothing (`unchanged`).
 */
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';

type Probe = () => Promise<void>;

export interface OrderRouteProbeOptions {
  seed: () => Promise<{ orderId: string }>;
  req: (method: 'GET' | 'POST', url: string, payload?: object) => Promise<LightMyRequestResponse>;
  /** Values for the body keys the routes declare. */
  fill: Record<string, unknown>;
  unchanged: (orderId: string) => Promise<void>;
  /** The query a POST with a querystring schema sends (e.g. `?deviceType=inverter`). */
  postQuery?: string;
  /** `declared`: `version` only where the body declares it; `always` (default): every POST sends it. */
  version?: 'always' | 'declared';
}

export function orderRouteProbes(endpoints: Record<string, unknown>, o: OrderRouteProbeOptions): Record<string, Probe> {
  const out: Record<string, Probe> = {};
  for (const e of Object.values(endpoints) as { method?: string; url?: string; body?: unknown; querystring?: unknown }[]) {
    if (!e || typeof e !== 'object' || !('url' in e) || !('method' in e)) continue;
    const key = `${e.method} ${e.url}`;
    if (e.method === 'GET') {
      out[key] = async () => {
        const { orderId } = await o.seed();
        const res = await o.req('GET', `${e.url}?orderId=${orderId}`);
        expect(res.statusCode, key).toBe(400);
        expect(res.json().msg, key).toMatch(/订单不存在/);
        expect(res.body).not.toContain('Secret');
      };
      continue;
    }
    out[key] = async () => {
      const { orderId } = await o.seed();
      const props = Object.keys((e.body as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
      const body = Object.fromEntries(props.filter((k) => k in o.fill).map((k) => [k, o.fill[k]]));
      const query = o.postQuery && e.querystring ? o.postQuery : '';
      const version = o.version === 'declared' && !props.includes('version') ? {} : { version: 0 };
      const res = await o.req('POST', `${e.url}${query}`, { ...body, orderId, ...version });
      expect(res.json().msg, key).toMatch(/订单不存在/);
      expect(res.statusCode, key).toBe(400);
      expect(res.body).not.toContain('Secret');
      await o.unchanged(orderId);
    };
  }
  return out;
}
