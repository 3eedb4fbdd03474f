/**
 * Tenant probes for the files, SMS, notices, logs, data-source/code-generator and report routes (issue 5), spread
 * into `probes` of access.test.ts: tenant B (an administrator of its own tenant, 200002) against tenant A (200001).
 */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { nextId } from '../src/core/ids.js';
import { logApi, logError, logUsual, notice, user } from '../src/db/schema.js';
import { attach, oss, reportFile, sms, smsOutbox } from '../src/db/schema-resource.js';
import type { TestApp } from './helper.js';
import { multipart, png } from './multipart.js';

/** Public on purpose: what sign-in, password recovery and <img src> links need. */
export const RESOURCE_PUBLIC_ROUTES = [
  'GET /api/blade-resource/oss/endpoint/file/:id/:sig', // signed file links (HMAC of the attachment id)
  'GET /api/blade-resource/phone/sms/verificationCode', // phone sign-in / forgotten password codes (rate-limited)
  'POST /api/blade-resource/phone/sms/verificationCode',
  'GET /api/skyworth-client/app/login/getVerificationCode',
  'POST /api/blade-system/user/forgetPassword',
];

const A = '200001';
const B = '200002';

export function resourceProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  const db = () => app().database.db;
  const req = (method: 'GET' | 'POST', url: string, payload?: object) =>
    app().req({ method, url, headers: headers(), ...(payload ? { payload } : {}) });
  const audit = { createTime: new Date(), updateTime: new Date() };

  const aAttach = async () => {
    const id = nextId();
    await db().insert(attach).values({ id, tenantId: A, name: `${A}/20260101/${'a'.repeat(32)}.png`, originalName: 'a-secret.png', extension: 'png', attachSize: 1, mime: 'image/png', link: '', ...audit });
    return id;
  };
  const aOss = async () => {
    const id = nextId();
    await db().insert(oss).values({ id, tenantId: A, category: 1, ossCode: `a${id.slice(-6)}`, status: 1, ...audit });
    return id;
  };
  const aSms = async () => {
    const id = nextId();
    await db().insert(sms).values({ id, tenantId: A, category: 1, smsCode: `a${id.slice(-6)}`, status: 1, ...audit });
    return id;
  };
  const aReport = async () => {
    const id = nextId();
    await db().insert(reportFile).values({ id, tenantId: A, name: 'A report', reportType: 'station-kpi', fileName: 'a.xlsx', mime: 'x', fileSize: 1, content: Buffer.from('a'), ...audit });
    return id;
  };
  const noForeignRows = (body: { data: { records?: { id: string; tenantId?: string }[] } }, foreign: string) => {
    const rows = body.data.records ?? [];
    expect(rows.map((r) => r.id)).not.toContain(foreign);
    for (const r of rows) if ('tenantId' in r) expect(r.tenantId).toBe(B);
  };

  const probes: Record<string, () => Promise<void>> = {};

  // ---- storage and attachments ---------------------------------------------------------------------------------
  for (const verb of ['list', 'page']) {
    probes[`GET /api/blade-resource/attach/${verb}`] = async () => {
      const id = await aAttach();
      noForeignRows((await req('GET', `/api/blade-resource/attach/${verb}?size=100&tenantId=${A}`)).json(), id);
    };
  }
  probes['GET /api/blade-resource/attach/detail'] = async () => {
    const res = await req('GET', `/api/blade-resource/attach/detail?id=${await aAttach()}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('a-secret');
  };
  probes['GET /api/blade-resource/attach/download'] = async () => {
    expect((await req('GET', `/api/blade-resource/attach/download?id=${await aAttach()}`)).statusCode).toBe(400);
  };
  probes['POST /api/blade-resource/attach/remove'] = async () => {
    const id = await aAttach();
    await req('POST', `/api/blade-resource/attach/remove?ids=${id}`);
    expect((await db().select().from(attach).where(eq(attach.id, id)))[0]!.isDeleted).toBe(0);
  };
  for (const path of ['put-file', 'put-file-attach']) {
    probes[`POST /api/blade-resource/oss/endpoint/${path}`] = async () => {
      const m = multipart([{ filename: 'b.png', content: png() }]);
      const res = await app().req({ method: 'POST', url: `/api/blade-resource/oss/endpoint/${path}?use=avatar&tenantId=${A}`, headers: { ...headers(), ...m.headers }, payload: m.payload });
      const [row] = await db().select().from(attach).where(eq(attach.id, res.json().data.attachId));
      expect(row!.tenantId).toBe(B);
      expect(row!.name!.startsWith(`${B}/`)).toBe(true);
    };
  }
  probes['POST /api/blade-resource/oss/enable'] = async () => {
    const id = await aOss();
    await req('POST', `/api/blade-resource/oss/enable?id=${id}`);
    expect((await db().select().from(oss).where(eq(oss.id, id)))[0]!.status).toBe(1);
  };
  probes['POST /api/blade-resource/oss/debug'] = async () => {
    expect((await req('POST', `/api/blade-resource/oss/debug?id=${await aOss()}`)).statusCode).toBe(400);
  };
  probes['POST /api/blade-resource/export/excel'] = async () => {
    // Echoes only what the caller sent: no stored data of any tenant is read.
    const res = await req('POST', '/api/blade-resource/export/excel', { columns: [{ key: 'a', title: 'A' }], rows: [{ a: 'b' }] });
    expect(res.statusCode).toBe(200);
  };

  // ---- SMS -----------------------------------------------------------------------------------------------------
  probes['POST /api/blade-resource/sms/enable'] = async () => {
    const id = await aSms();
    await req('POST', `/api/blade-resource/sms/enable?id=${id}`);
    expect((await db().select().from(sms).where(eq(sms.id, id)))[0]!.status).toBe(1);
  };
  probes['POST /api/blade-resource/sms/endpoint/send-message'] = async () => {
    const id = await aSms();
    const [a] = await db().select().from(sms).where(eq(sms.id, id));
    const res = await req('POST', '/api/blade-resource/sms/endpoint/send-message', { code: a!.smsCode, phones: '13800138000' });
    expect(res.statusCode).toBe(400);
    expect(await db().select().from(smsOutbox).where(eq(smsOutbox.smsId, id))).toHaveLength(0);
  };
  const aOutbox = async () => {
    const id = nextId();
    await db().insert(smsOutbox).values({ id, tenantId: A, provider: 'log', phones: '+8613900000000', params: '{}' });
    return id;
  };
  for (const verb of ['list', 'page']) {
    probes[`GET /api/blade-resource/sms/outbox/${verb}`] = async () => {
      const id = await aOutbox();
      noForeignRows((await req('GET', `/api/blade-resource/sms/outbox/${verb}?size=100&tenantId=${A}`)).json(), id);
    };
  }
  probes['GET /api/blade-resource/sms/outbox/detail'] = async () => {
    expect((await req('GET', `/api/blade-resource/sms/outbox/detail?id=${await aOutbox()}`)).statusCode).toBe(400);
  };
  probes['GET /api/blade-resource/phone/sms/encryptedValue'] = async () => {
    // Only ever the caller's own phone.
    const [bob] = await db().select().from(user).where(and(eq(user.account, 'bob'), eq(user.tenantId, B)));
    await db().update(user).set({ phone: '13912345678' }).where(eq(user.id, bob!.id));
    const body = (await req('GET', '/api/blade-resource/phone/sms/encryptedValue')).json();
    expect(body.data.phone).toBe('139****5678');
  };

  // ---- notices -------------------------------------------------------------------------------------------------
  const aNotice = async () => {
    const id = nextId();
    await db().insert(notice).values({ id, tenantId: A, title: 'A only', category: 1, releaseTime: new Date(Date.now() - 60_000), content: 'secret' });
    return id;
  };
  probes['GET /api/blade-desk/notice/unread'] = async () => {
    const id = await aNotice();
    const body = (await req('GET', '/api/blade-desk/notice/unread')).json();
    expect(body.data.map((n: { id: string }) => n.id)).not.toContain(id);
  };
  probes['POST /api/blade-desk/notice/read'] = async () => {
    const res = await req('POST', `/api/blade-desk/notice/read?id=${await aNotice()}`);
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('secret');
  };

  // ---- logs ----------------------------------------------------------------------------------------------------
  const logs = { api: logApi, usual: logUsual, error: logError } as const;
  for (const [kind, table] of Object.entries(logs)) {
    const aLog = async (tenantId = A) => {
      const id = nextId();
      const own = tenantId === A ? { requestUri: '/a-only', createBy: 'alice' } : { requestUri: '/b-own', createBy: 'bob' };
      // A tenant reads the error rows its browsers uploaded (source web); A's row is one too, so only the tenant hides it.
      await db().insert(table).values({ id, tenantId, ...own, ...(kind === 'error' ? { source: 'web' } : {}) } as never);
      return id;
    };
    for (const verb of ['list', 'page']) {
      probes[`GET /api/blade-log/${kind}/${verb}`] = async () => {
        // B's own row is written here, not left to the log writer (it flushes in the background): the list must show it.
        const own = await aLog(B);
        const id = await aLog();
        const body = (await req('GET', `/api/blade-log/${kind}/${verb}?size=100&tenantId=${A}`)).json();
        noForeignRows(body, id);
        expect(body.data.records.map((r: { id: string }) => r.id)).toContain(own);
      };
    }
    probes[`GET /api/blade-log/${kind}/detail`] = async () => {
      expect((await req('GET', `/api/blade-log/${kind}/detail?id=${await aLog()}`)).statusCode).toBe(400);
    };
  }

  // ---- reports -------------------------------------------------------------------------------------------------
  const rest = '/api/blade-report/report/rest';
  for (const verb of ['list', 'page']) {
    probes[`GET ${rest}/${verb}`] = async () => {
      const id = await aReport();
      noForeignRows((await req('GET', `${rest}/${verb}?size=100&tenantId=${A}`)).json(), id);
    };
  }
  probes[`GET ${rest}/detail`] = async () => {
    expect((await req('GET', `${rest}/detail?id=${await aReport()}`)).statusCode).toBe(400);
  };
  probes[`GET ${rest}/download`] = async () => {
    expect((await req('GET', `${rest}/download?id=${await aReport()}`)).statusCode).toBe(400);
  };
  probes[`POST ${rest}/remove`] = async () => {
    const id = await aReport();
    await req('POST', `${rest}/remove?ids=${id}`);
    expect((await db().select().from(reportFile).where(eq(reportFile.id, id)))[0]!.isDeleted).toBe(0);
  };
  probes[`POST ${rest}/generate`] = async () => {
    const res = await req('POST', `${rest}/generate?type=api-activity&tenantId=${A}`);
    const [row] = await db().select().from(reportFile).where(eq(reportFile.id, res.json().data.id));
    expect(row!.tenantId).toBe(B);
    expect(JSON.parse(row!.params!).tenantId).toBe(A); // asked for, but …
    const [n] = await db().select().from(logApi).where(eq(logApi.tenantId, A)).limit(1);
    expect(n).toBeDefined(); // … A has API log rows, and B's workbook is built from B's rows only (tenantCondition)
  };

  // ---- data sources and the code generator: platform administrators only ---------------------------------------
  for (const key of [
    'POST /api/blade-develop/datasource/test-connection',
    'GET /api/blade-develop/model/table-list',
    'GET /api/blade-develop/model/table-info',
    'GET /api/blade-develop/model/model-prototype',
    'POST /api/blade-develop/model-prototype/submit-list',
    'GET /api/blade-develop/model-prototype/select',
    'GET /api/blade-develop/model-prototype/list',
    'POST /api/blade-develop/code/copy',
    'GET /api/blade-develop/code/gen-code',
    'POST /api/blade-develop/code/gen-code',
  ]) {
    probes[key] = async () => {
      const [method, url] = key.split(' ') as ['GET' | 'POST', string];
      const res = await req(method, `${url}?id=1&ids=1&modelId=1&datasourceId=1&tableName=blade_user`, method === 'POST' ? {} : undefined);
      expect(res.statusCode).toBe(403);
    };
  }
  return probes;
}
