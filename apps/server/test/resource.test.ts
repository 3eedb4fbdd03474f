/**
 * Storage and uploads: limits by content (type, size, count), names and paths chosen by the server whatever the
 * client calls its files, signed links, safe downloads, attachments per tenant, the S3 back end against a real
 * S3-compatible server (s3rver, in process), secrets never returned, private endpoints refused.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attach, oss } from '../src/db/schema-resource.js';
import { createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';
import { gif, jpeg, multipart, png, type Part } from './multipart.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-res-'));
const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-s3-'));
let s3: S3rver;
let s3Port = 0;
let t: TestApp;
let h: Record<string, string>;

beforeAll(async () => {
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: 'helio-files' }] });
  s3Port = (await s3.run()).port;
  t = await createTestApp({ HELIO_DATA_DIR: dataDir, HELIO_ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
  h = await t.adminHeaders();
});
afterAll(async () => {
  await t?.stop();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

const put = (parts: Part[], use?: string, headers = h) => {
  const m = multipart(parts);
  return t.req({
    method: 'POST',
    url: `/api/blade-resource/oss/endpoint/put-file${use ? `?use=${use}` : ''}`,
    headers: { ...headers, ...m.headers },
    payload: m.payload,
  });
};

describe('upload limits are checked on the content', () => {
  it('stores an avatar under a server-chosen name and serves it from a signed link', async () => {
    const res = await put([{ filename: '../../etc/passwd.png', content: png(), type: 'text/plain' }], 'avatar');
    expect(res.json()).toMatchObject({ code: 200, success: true });
    const file = res.json().data as { link: string; name: string; originalName: string; attachId: string };
    expect(file.originalName).toBe('passwd.png');
    expect(file.name).toMatch(/^000000\/\d{8}\/[0-9a-f]{32}\.png$/);
    expect(fs.existsSync(path.join(dataDir, 'oss', file.name))).toBe(true);
    expect(file.link).toMatch(new RegExp(`^/api/blade-resource/oss/endpoint/file/${file.attachId}/[\\w-]{22}$`));
    const got = await t.req({ method: 'GET', url: file.link });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(png())).toBe(true);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(`attachment; filename="passwd.png"; filename*=UTF-8''passwd.png`);
    expect(got.headers['content-security-policy']).toContain('sandbox');
    // A tampered signature or another id with the same signature is a 404.
    expect((await t.req({ method: 'GET', url: `${file.link.slice(0, -2)}AA` })).statusCode).toBe(404);
    const other = file.link.replace(`/${file.attachId}/`, `/${BigInt(file.attachId) + 1n}/`);
    expect((await t.req({ method: 'GET', url: other })).statusCode).toBe(404);
  });

  it('refuses an avatar that is not really a jpg/png, too large, or more than one', async () => {
    const gifAsPng = await put([{ filename: 'me.png', content: gif(), type: 'image/png' }], 'avatar');
    expect(gifAsPng.statusCode).toBe(400);
    expect(gifAsPng.json().msg).toBe('不支持的文件类型: me.png');
    const scriptAsPng = await put([{ filename: 'x.png', content: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' }], 'avatar');
    expect(scriptAsPng.statusCode).toBe(400);
    const bigBody = multipart([{ filename: 'big.png', content: png(501 * 1024) }]);
    const big = await t.req({
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file?use=avatar',
      headers: { ...h, 'accept-language': 'en-US', ...bigBody.headers },
      payload: bigBody.payload,
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().msg).toMatch(/must not be larger than 500 kB/);
    const two = await put(
      [
        { filename: 'a.png', content: png() },
        { filename: 'b.png', content: png() },
      ],
      'avatar',
    );
    expect(two.json().msg).toBe('最多只能上传1个文件');
    expect((await put([{ filename: 'a.jpg', content: jpeg() }], 'avatar')).json().success).toBe(true);
  });

  it('attachments: at most 3 files of 10 MB, known types only, by content not by name', async () => {
    const three = await put([
      { filename: 'a.png', content: png() },
      { filename: 'notes.txt', content: '电站巡检记录\n' },
      { filename: 'b.jpg', content: jpeg() },
    ]);
    expect(three.json().data).toHaveLength(3);
    const four = await put([1, 2, 3, 4].map((i) => ({ filename: `${i}.png`, content: png() })));
    expect(four.json().msg).toBe('最多只能上传3个文件');
    const huge = await put([{ filename: 'big.png', content: png(10 * 1024 * 1024 + 1) }]);
    expect(huge.json().msg).toBe('文件大小不能超过10 MB');
    const exe = await put([{ filename: 'invoice.pdf', content: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)]) }]);
    expect(exe.json().msg).toBe('不支持的文件类型: invoice.pdf');
    const binaryTxt = await put([{ filename: 'a.txt', content: Buffer.from([0x00, 0x01, 0x02, 0xff]) }]);
    expect(binaryTxt.statusCode).toBe(400);
    const html = await put([{ filename: 'page.html', content: '<html><script>alert(1)</script></html>' }]);
    expect(html.statusCode).toBe(400);
    // Nothing of a refused request was stored.
    const names = (await t.database.db.select().from(attach)).map((a) => a.originalName);
    expect(names).not.toContain('1.png');
    expect(names).not.toContain('invoice.pdf');
  });

  it('cleans path tricks, control characters and header breakers out of original names', async () => {
    const res = await put([{ filename: '..\\..\\win\\sys\u0000tem.png', content: png() }]);
    const file = res.json().data as { originalName: string; link: string; name: string };
    expect(file.originalName).toBe('system.png');
    expect(file.originalName).not.toMatch(/[\\/\r\n\0]/);
    const crlf = await put([{ filename: 'a\r\nX-Evil: 1.png', content: png() }]);
    const got = await t.req({ method: 'GET', url: crlf.json().data.link });
    expect(got.statusCode).toBe(200);
    expect(got.headers['x-evil']).toBeUndefined();
    expect(path.resolve(dataDir, 'oss', file.name).startsWith(path.join(dataDir, 'oss') + path.sep)).toBe(true);
  });

  it('imports take one .xlsx/.xls; OTA takes one package', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Sheet1').addRow(['SN', 'Model']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    expect((await put([{ filename: 'devices.xlsx', content: xlsx }], 'import')).json().success).toBe(true);
    expect((await put([{ filename: 'devices.csv', content: 'SN,Model\n' }], 'import')).statusCode).toBe(400);
    expect((await put([{ filename: 'devices.xlsx', content: png() }], 'import')).statusCode).toBe(400);
    const zip = new JSZip();
    zip.file('firmware.bin', Buffer.alloc(1024, 7));
    const pkg = await zip.generateAsync({ type: 'nodebuffer' });
    expect((await put([{ filename: 'v1.2.zip', content: pkg }], 'ota')).json().data).toMatchObject({ originalName: 'v1.2.zip' });
    expect((await put([{ filename: 'v1.3.bin', content: Buffer.alloc(4096, 0x5a) }], 'ota')).json().success).toBe(true);
    const two = await put(
      [
        { filename: 'a.zip', content: pkg },
        { filename: 'b.zip', content: pkg },
      ],
      'ota',
    );
    expect(two.json().msg).toBe('最多只能上传1个文件');
    expect((await put([{ filename: 'a.png', content: png() }], 'nonsense')).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    expect((await put([{ filename: 'a.png', content: png() }], 'avatar', {})).statusCode).toBe(401);
  });
});

describe('attachments', () => {
  it('lists, shows, downloads and removes; a removed attachment link stops working', async () => {
    const up = (await put([{ filename: '巡检报告.pdf', content: Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n') }])).json();
    expect(up.success).toBe(true);
    const id = up.data.attachId as string;
    const list = (await t.req({ method: 'GET', url: '/api/blade-resource/attach/list?originalName=巡检', headers: h })).json();
    expect(list.data.records.map((r: { id: string }) => r.id)).toContain(id);
    const detail = (await t.req({ method: 'GET', url: `/api/blade-resource/attach/detail?id=${id}`, headers: h })).json();
    expect(detail.data).toMatchObject({ originalName: '巡检报告.pdf', extension: 'pdf', usage: 'attachment', mime: 'application/pdf' });
    const dl = await t.req({ method: 'GET', url: `/api/blade-resource/attach/download?id=${id}`, headers: h });
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="____.pdf"; filename*=UTF-8''%E5%B7%A1%E6%A3%80%E6%8A%A5%E5%91%8A.pdf`);
    const [row] = await t.database.db.select().from(attach).where(eq(attach.id, id));
    expect((await t.req({ method: 'POST', url: `/api/blade-resource/attach/remove?ids=${id}`, headers: h })).json().success).toBe(true);
    expect((await t.req({ method: 'GET', url: up.data.link })).statusCode).toBe(404);
    expect(fs.existsSync(path.join(dataDir, 'oss', row!.name!))).toBe(false);
  });

  it("another tenant's user neither lists nor fetches them", async () => {
    await createTenant(t.database.db, '300001');
    const role = await createRole(t.database.db, '300001', 'administrator', 'all');
    await createUser(t.database.db, { tenantId: '300001', account: 'carol', password: 'Passw0rd1', roleId: role });
    const c = await t.login('carol', 'Passw0rd1', '300001');
    const ch = { 'blade-auth': `bearer ${c.access_token}` };
    const mine = (await put([{ filename: 'c.png', content: png() }], 'avatar', ch)).json().data;
    expect(mine.name).toMatch(/^300001\//);
    const list = (await t.req({ method: 'GET', url: '/api/blade-resource/attach/list?size=100', headers: ch })).json();
    expect(list.data.records.every((r: { tenantId: string }) => r.tenantId === '300001')).toBe(true);
    const [adminRow] = await t.database.db.select().from(attach).where(eq(attach.tenantId, '000000')).limit(1);
    expect((await t.req({ method: 'GET', url: `/api/blade-resource/attach/detail?id=${adminRow!.id}`, headers: ch })).statusCode).toBe(400);
    expect((await t.req({ method: 'GET', url: `/api/blade-resource/attach/download?id=${adminRow!.id}`, headers: ch })).statusCode).toBe(400);
  });
});

describe('storage configurations', () => {
  const submit = (payload: object, headers = h) => t.req({ method: 'POST', url: '/api/blade-resource/oss/submit', headers, payload });

  it('S3 back end: files go to the enabled configuration, links stream them back, the secret never comes back', async () => {
    const res = await submit({
      category: 2,
      ossCode: 'minio',
      endpoint: `http://127.0.0.1:${s3Port}`,
      bucketName: 'helio-files',
      accessKey: 'S3RVER',
      secretKey: 'S3RVER',
      region: 'us-east-1',
    });
    expect(res.json()).toMatchObject({ success: true });
    const id = res.json().data.id as string;
    const [row] = await t.database.db.select().from(oss).where(eq(oss.id, id));
    expect(row!.secretKey).toMatch(/^gcm1:/);
    expect(row!.secretKey).not.toContain('S3RVER');
    const detail = (await t.req({ method: 'GET', url: `/api/blade-resource/oss/detail?id=${id}`, headers: h })).json();
    expect(detail.data.secretKey).toBe('********');
    expect(JSON.stringify((await t.req({ method: 'GET', url: '/api/blade-resource/oss/list', headers: h })).json())).not.toContain('gcm1:');
    expect((await t.req({ method: 'POST', url: `/api/blade-resource/oss/debug?id=${id}`, headers: h })).json().success).toBe(true);
    expect((await t.req({ method: 'POST', url: `/api/blade-resource/oss/enable?id=${id}`, headers: h })).json().success).toBe(true);

    const up = (await put([{ filename: 'site.jpg', content: jpeg() }])).json().data;
    const [a] = await t.database.db.select().from(attach).where(eq(attach.id, up.attachId));
    expect(a!.ossId).toBe(id);
    expect(fs.existsSync(path.join(dataDir, 'oss', up.name))).toBe(false);
    const got = await t.req({ method: 'GET', url: up.link });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(jpeg())).toBe(true);

    // Updating without a secret keeps the stored one.
    expect((await submit({ id, remark: 'primary' })).json().success).toBe(true);
    expect((await t.req({ method: 'POST', url: `/api/blade-resource/oss/debug?id=${id}`, headers: h })).json().success).toBe(true);
    // A second configuration enabled takes over; exactly one is enabled.
    const local = (await submit({ category: 1, ossCode: 'disk' })).json().data.id as string;
    await t.req({ method: 'POST', url: `/api/blade-resource/oss/enable?id=${local}`, headers: h });
    const enabled = (await t.database.db.select().from(oss)).filter((r) => r.tenantId === '000000' && r.status === 2);
    expect(enabled.map((r) => r.id)).toEqual([local]);
    // The S3 file is still served from where it was stored.
    expect((await t.req({ method: 'GET', url: up.link })).statusCode).toBe(200);
  });

  it('refuses endpoints on private or metadata addresses that are not allow-listed', async () => {
    for (const endpoint of ['http://169.254.169.254', 'http://10.0.0.1:9000', 'http://localhost:9000', 'file:///etc/passwd']) {
      const res = await submit({ category: 3, ossCode: `x${Math.random().toString(36).slice(2, 8)}`, endpoint, bucketName: 'b1', accessKey: 'a', secretKey: 's' });
      expect(res.statusCode, endpoint).toBe(400);
    }
  });

  it('requires the S3 fields for S3 categories', async () => {
    const res = await submit({ category: 3, ossCode: 'nokeys', endpoint: 'https://s3.example.com', bucketName: 'b1' });
    expect(res.json().msg).toBe('访问密钥 ID不能为空');
  });
});

describe('generic export', () => {
  it('writes the rows as plain cells (nothing evaluated)', async () => {
    const res = await t.req({
      method: 'POST',
      url: '/api/blade-resource/export/excel',
      headers: h,
      payload: { fileName: '电站列表', columns: [{ key: 'name', title: '名称' }, { key: 'kw', title: 'kW' }], rows: [{ name: '=HYPERLINK("http://x")', kw: 5.5 }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''%E7%94%B5%E7%AB%99%E5%88%97%E8%A1%A8.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cell = wb.worksheets[0]!.getRow(2).getCell(1);
    expect(cell.value).toBe('=HYPERLINK("http://x")');
    expect(cell.formula).toBeUndefined();
  });
});
