/**
 * Tenant probes for the mail routes beyond the CRUD engine (enable, test-send, the outbox), spread into `probes` of
 * access.test.ts: tenant B (an administrator of its own tenant, 200002) against tenant A (200001).
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { nextId } from '../src/core/ids.js';
import { mailConfig, mailOutbox } from '../src/modules/mail/mail.tables.js';
import type { TestApp } from './helper.js';

const A = '200001';
const B = '200002';

export function mailProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  const db = () => app().database.db;
  const req = (method: 'GET' | 'POST', url: string, payload?: object) => app().req({ method, url, headers: headers(), ...(payload ? { payload } : {}) });
  const aConfig = async () => {
    const id = nextId();
    await db().insert(mailConfig).values({ id, tenantId: A, name: 'A mail', host: 'smtp.example.com', port: 587, security: 'starttls', fromAddress: 'a@example.com' });
    return id;
  };
  const outbox = async (tenantId: string) => {
    const id = nextId();
    await db().insert(mailOutbox).values({ id, tenantId, toAddress: `${tenantId}@example.com`, subject: 'x', scene: 'test', success: 1 });
    return id;
  };
  const probes: Record<string, () => Promise<void>> = {
    'POST /api/blade-resource/mail/enable': async () => {
      const id = await aConfig();
      expect((await req('POST', `/api/blade-resource/mail/enable?id=${id}`)).statusCode).toBe(400);
      expect((await db().select().from(mailConfig).where(eq(mailConfig.id, id)))[0]!.status).toBe(1);
    },
    'POST /api/blade-resource/mail/test-send': async () => {
      const id = await aConfig();
      const res = await req('POST', '/api/blade-resource/mail/test-send', { id, to: 'b@example.com' });
      expect(res.statusCode).toBe(400);
      expect(await db().select().from(mailOutbox).where(eq(mailOutbox.mailId, id))).toHaveLength(0);
    },
    'GET /api/blade-resource/mail/outbox/detail': async () => {
      expect((await req('GET', `/api/blade-resource/mail/outbox/detail?id=${await outbox(A)}`)).statusCode).toBe(400);
    },
  };
  for (const verb of ['list', 'page']) {
    probes[`GET /api/blade-resource/mail/outbox/${verb}`] = async () => {
      const foreign = await outbox(A);
      const own = await outbox(B);
      const rows = ((await req('GET', `/api/blade-resource/mail/outbox/${verb}?size=100&tenantId=${A}`)).json().data.records ?? []) as { id: string; tenantId: string }[];
      expect(rows.map((r) => r.id)).toContain(own);
      expect(rows.map((r) => r.id)).not.toContain(foreign);
      for (const r of rows) expect(r.tenantId).toBe(B);
    };
  }
  return probes;
}
