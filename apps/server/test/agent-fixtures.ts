/**
 * Shared by the agent tests (agent.test.ts, agent-scope.test.ts): the app of the importing file signed in as the
 * administrator, the paths, request helpers, a region chain and a company maker.
 */
import { afterAll, beforeAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helper.js';
import { multipart, png } from './multipart.js';

export let t: TestApp;
export let h: Record<string, string>;

export function useAgentApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    h = await t.adminHeaders();
  });
  afterAll(async () => t?.stop());
}

export const API = '/api/skyworth-agent';
export const AGENT = `${API}/agent`;
export const en = { 'accept-language': 'en-US' };

export const post = (url: string, payload?: object, headers = h) => t.req({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
export const get = (url: string, headers = h) => t.req({ method: 'GET', url, headers });

let seq = 0;
export const tag = (p = 'ag') => `${p}${Date.now().toString(36)}${seq++}`;

/** A province → city → district chain of real region rows (the quick test databases may have none: then made here). */
export async function regionChain(): Promise<{ province: string; city: string; district: string; names: string }> {
  const found = (
    (await t.database.db.execute(sql`SELECT p.code AS province, c.code AS city, d.code AS district, p.name || ' / ' || c.name || ' / ' || d.name AS names
      FROM blade_region p JOIN blade_region c ON c.parent_code = p.code JOIN blade_region d ON d.parent_code = c.code
     WHERE p.region_level = 1 ORDER BY p.code, c.code, d.code LIMIT 1`)) as unknown as { rows: { province: string; city: string; district: string; names: string }[] }
  ).rows[0];
  if (found) return found;
  await t.database.db.execute(sql`INSERT INTO blade_region (code, parent_code, name, region_level, sort) VALUES
    ('990000', '00', '测试省', 1, 1), ('990100', '990000', '测试市', 2, 1), ('990101', '990100', '测试区', 3, 1) ON CONFLICT DO NOTHING`);
  return { province: '990000', city: '990100', district: '990101', names: '测试省 / 测试市 / 测试区' };
}

/** Uploads one file as an attachment (`put-file?use=attachment`); answers its attachment id. */
export async function upload(filename: string, content: Buffer, type: string, headers = h): Promise<string> {
  const up = multipart([{ filename, content, type }]);
  const res = await t.req({ method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file?use=attachment', headers: { ...headers, ...up.headers }, payload: up.payload });
  const id = res.json().data?.attachId as string | undefined;
  if (!id) throw new Error(`upload failed: ${res.body}`);
  return id;
}

export const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export { png };

export const company = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  companyName: `Sunrise Solar ${tag('')}`,
  agentType: 1,
  contactName: 'Li Lei',
  phoneDiallingCode: '+86',
  phone: '13800138000',
  email: 'li@example.com',
  agentFee: '1200.125',
  ...extra,
});

/** A new company (answers the save's data: id, agentNumber, deptId, adminUserId, adminAccount, initialPassword). */
export async function makeCompany(extra: Record<string, unknown> = {}, headers = h): Promise<Record<string, string>> {
  const res = await post(`${AGENT}/save`, company({ adminAccount: tag('adm'), adminPassword: 'Agent2026pw', ...extra }), headers);
  if (res.json().code !== 200) throw new Error(`company save failed: ${res.body}`);
  return res.json().data as Record<string, string>;
}
