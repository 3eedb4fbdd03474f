/**
 * Photos on alarm follow-up records (issue 14): images uploaded with the ordinary put-file route become a record's
 * photos by attachment id, in the record's transaction; the history answers each with its signed link, which serves
 * the image without a token. Refused, with a translated 400 and nothing written: another tenant's attachment, one that
 * does not exist or was removed, a non-image, more than nine. A Blade client that sends no photos is unaffected.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/core/ids.js';
import { createDept, createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';
import { jpeg, multipart, png, type Part } from './multipart.js';
import { createPlant } from './station-fixtures.js';

const A = '310001';
const B = '310002';
const C = '/api/skyworth-client';
const SAVE = `${C}/alarmLogOperationRecord/save`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'helio-alarm-photos-'));

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
let alarmId = '';

type Photo = { attachId: string; originalName: string | null; link: string };
type RecordVO = { id: string; content: string | null; handleStatus: number; photos: Photo[] };

const post = (who: string, url: string, payload: object, lang = 'en-US') =>
  t.req({ method: 'POST', url, headers: { ...headers[who], 'accept-language': lang }, payload });
const get = (who: string, url: string) => t.req({ method: 'GET', url, headers: { ...headers[who], 'accept-language': 'en-US' } });

/** Uploads files the way the web does (`put-file?use=attachment`); answers their attachment ids. */
async function upload(who: string, parts: Part[]): Promise<string[]> {
  const m = multipart(parts);
  const res = await t.req({
    method: 'POST',
    url: '/api/blade-resource/oss/endpoint/put-file?use=attachment',
    headers: { ...headers[who], ...m.headers },
    payload: m.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { attachId: string } | { attachId: string }[];
  return (Array.isArray(data) ? data : [data]).map((f) => f.attachId);
}

const history = async (who = 'amy'): Promise<RecordVO[]> => {
  const res = await get(who, `${C}/alarmLogOperationRecord/list?alarmId=${alarmId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.records as RecordVO[];
};
const written = async () =>
  (
    await t.database.rows<{ records: number; photos: number; handle: number }>(sql`
      SELECT (SELECT count(*)::int FROM helio_alarm_record WHERE alarm_id = ${alarmId}) AS records,
             (SELECT count(*)::int FROM helio_alarm_record_photo p JOIN helio_alarm_record r ON r.id = p.record_id
               WHERE r.alarm_id = ${alarmId}) AS photos,
             (SELECT handle_status FROM helio_alarm WHERE id = ${alarmId}) AS handle`)
  )[0];

/** A save that must be refused with this message, writing nothing. */
async function refused(payload: object, message: string | RegExp, lang = 'en-US'): Promise<void> {
  const before = await written();
  const res = await post('amy', SAVE, { alarmId, handleStatus: 1, content: 'must not stay', ...payload }, lang);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().success).toBe(false);
  expect(res.json().msg).toMatch(message);
  expect(await written()).toEqual(before);
}

beforeAll(async () => {
  t = await createTestApp({ HELIO_DATA_DIR: dataDir });
  const db = t.database.db;
  await createTenant(db, A);
  await createUser(db, { tenantId: A, account: 'amy', password: 'Passw0rd1', roleId: await createRole(db, A, 'administrator', 'all') });
  // A handler of the company that operates the alarm's station: alarm pages only, no attachment page (uploads need none).
  const company = await createDept(db, A, 'Operator Co');
  const handlerRole = await createRole(db, A, 'handler', ['alarm', 'alarm_handle']);
  await createUser(db, { tenantId: A, account: 'handler', password: 'Passw0rd1', roleId: handlerRole, deptId: company });
  const plantId = await createPlant(db, { tenantId: A, name: 'Photo station', operationCompanyId: company });
  await createTenant(db, B);
  await createUser(db, { tenantId: B, account: 'bea', password: 'Passw0rd1', roleId: await createRole(db, B, 'administrator', 'all') });
  for (const [who, tenant] of [['amy', A], ['handler', A], ['bea', B]] as const) {
    const s = await t.login(who, 'Passw0rd1', tenant);
    headers[who] = { 'blade-auth': `bearer ${s.access_token}` };
  }
  alarmId = nextId();
  await t.database.rows(sql`
    INSERT INTO helio_alarm (id, tenant_id, plant_id, device_id, device_sn, device_type, alarm_code, alarm_type, level, trigger_time)
    VALUES (${alarmId}, ${A}, ${plantId}, ${nextId()}, 'PHOTO-SN-1', 1, 8, 1, 3, now() - interval '5 minutes') RETURNING id`);
}, 120_000);

afterAll(async () => {
  await t?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('follow-up records with photos', () => {
  it('saves photos with the record, in the order sent, and reads them back with links that serve the images', async () => {
    const [first, second] = await upload('handler', [
      { filename: 'fan.png', content: png(), type: 'image/png' },
      { filename: 'heat-sink.jpg', content: jpeg(), type: 'image/jpeg' },
    ]);
    const res = await post('handler', SAVE, { alarmId, handleStatus: 1, content: 'Fan blocked, photos attached', photos: [second, first, second] });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data as RecordVO;
    // A repeated id is kept once, at its first place.
    expect(saved.photos.map((p) => [p.attachId, p.originalName])).toEqual([[second, 'heat-sink.jpg'], [first, 'fan.png']]);

    const [record] = await history();
    expect(record).toMatchObject({ id: saved.id, content: 'Fan blocked, photos attached', handleStatus: 1 });
    expect(record!.photos).toEqual(saved.photos);
    for (const p of record!.photos) expect(p.link).toMatch(new RegExp(`^/api/blade-resource/oss/endpoint/file/${p.attachId}/[\\w-]{22}$`));
    // The link is what an <img> loads: no token, the image itself.
    const img = await t.req({ method: 'GET', url: record!.photos[1]!.link });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png())).toBe(true);
  });

  it('takes the old shape (no photos) as before: a record with an empty photo list', async () => {
    const res = await post('amy', SAVE, { alarmId, handleStatus: 2, content: 'Fan replaced' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.photos).toEqual([]);
    const empty = await post('amy', SAVE, { alarmId, handleStatus: 2, photos: [] });
    expect(empty.statusCode, empty.body).toBe(200);
    const list = await history();
    expect(list.map((r) => [r.content, r.photos.length])).toEqual([[null, 0], ['Fan replaced', 0], ['Fan blocked, photos attached', 2]]);
  });

  it("refuses another tenant's attachment and one that does not exist, in the caller's language", async () => {
    const [foreign] = await upload('bea', [{ filename: 'b.png', content: png() }]);
    const [own] = await upload('amy', [{ filename: 'a.png', content: png() }]);
    await refused({ photos: [own!, foreign!] }, `No such photo in your tenant: ${foreign}`);
    await refused({ photos: [foreign!] }, `照片不存在或不属于本租户: ${foreign}`, 'zh-CN');
    await refused({ photos: ['987654321012345678'] }, 'No such photo in your tenant: 987654321012345678');
    await refused({ photos: ['not-an-id'] }, 'No such photo in your tenant: not-an-id');
    // Tenant B may not put its own photo on A's alarm either (the alarm is not B's to handle).
    const res = await post('bea', SAVE, { alarmId, handleStatus: 3, photos: [foreign!] });
    expect(res.statusCode).toBe(400);
  });

  it('refuses an attachment that is not an image', async () => {
    const [text] = await upload('amy', [{ filename: 'notes.txt', content: 'fan blocked by leaves', type: 'image/png' }]);
    await refused({ photos: [text!] }, 'A follow-up photo must be an image (jpg, png, gif, webp, bmp): notes.txt');
    await refused({ photos: [text!] }, '跟进照片只能是图片(jpg, png, gif, webp, bmp): notes.txt', 'zh-CN');
  });

  it('refuses more than nine photos', async () => {
    const ids: string[] = [];
    while (ids.length < 10) ids.push(...(await upload('amy', [1, 2, 3].map((i) => ({ filename: `p${i}.png`, content: png() })))));
    await refused({ photos: ids.slice(0, 10) }, /photos/);
    const nine = await post('amy', SAVE, { alarmId, handleStatus: 1, photos: ids.slice(0, 9) });
    expect(nine.statusCode, nine.body).toBe(200);
    expect((nine.json().data as RecordVO).photos.map((p) => p.attachId)).toEqual(ids.slice(0, 9));
  });

  it('no longer shows a photo whose attachment was removed, and refuses it on a new record', async () => {
    const [gone] = await upload('amy', [{ filename: 'gone.png', content: png() }]);
    const res = await post('amy', SAVE, { alarmId, handleStatus: 1, photos: [gone!] });
    expect(res.statusCode, res.body).toBe(200);
    const recordId = res.json().data.id as string;
    expect((await post('amy', `/api/blade-resource/attach/remove?ids=${gone}`, {})).statusCode).toBe(200);
    expect((await history()).find((r) => r.id === recordId)!.photos).toEqual([]);
    await refused({ photos: [gone!] }, `No such photo in your tenant: ${gone}`);
  });
});
