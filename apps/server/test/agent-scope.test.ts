/**
 * Associated stations are the agent's data scope (issue 17): a company's stations are those its department operates,
 * so a staff member of the company (any agent role) sees exactly those stations, their devices and their alarms —
 * not the tenant's others — and the company's own administrator sees only its own company. Setting the stations
 * is the whole set (left-out ones released), logged, and only among stations the caller sees.
 */
import { describe, expect, it } from 'vitest';
import { nextId } from '../src/core/ids.js';
import { alarm } from '../src/db/schema-device.js';
import { AGENT, get, h, makeCompany, post, t, tag, useAgentApp } from './agent-fixtures.js';
import { createDevice, createPlant } from './station-fixtures.js';

useAgentApp();

const ids = (res: { json(): { data: { records?: { id: string }[] } | { id: string }[] } }) => {
  const d = res.json().data;
  return (Array.isArray(d) ? d : (d.records ?? [])).map((r) => String(r.id)).sort();
};

describe('agent data scope', () => {
  it('a staff member sees only the stations, devices and alarms of the associated stations', async () => {
    const db = t.database.db;
    const c = await makeCompany();
    const other = await makeCompany();
    const mine = await createPlant(db, { name: `Mine ${tag()}` });
    const notMine = await createPlant(db, { name: `Not mine ${tag()}` });
    const theirs = await createPlant(db, { name: `Theirs ${tag()}` });
    const devMine = await createDevice(db, { plantId: mine, kind: 'inverter' });
    const devNotMine = await createDevice(db, { plantId: notMine, kind: 'inverter' });
    for (const [plantId, dev] of [[mine, devMine], [notMine, devNotMine]] as const) {
      await db.insert(alarm).values({ id: nextId(), tenantId: '000000', plantId, deviceId: dev.id, deviceSn: dev.sn, deviceType: 1, alarmCode: 101, alarmType: 1, triggerTime: new Date() });
    }

    // Associate: the whole set; a station the caller cannot see (a made-up id) is refused.
    const unknown = await post(`${AGENT}/station/save`, { agentId: c.id, plantIds: [mine, '123456789'] }, { ...h, 'accept-language': 'en-US' });
    expect(unknown.json().msg).toBe('Associated stations: no such station you may see: 123456789');
    expect(ids(await post(`${AGENT}/station/save`, { agentId: c.id, plantIds: [mine, notMine] }))).toEqual([mine, notMine].sort());
    expect(ids(await post(`${AGENT}/station/save`, { agentId: c.id, plantIds: [mine] }))).toEqual([mine]);
    expect(ids(await post(`${AGENT}/station/save`, { agentId: other.id, plantIds: [theirs] }))).toEqual([theirs]);
    expect(ids(await get(`${AGENT}/station/list?agentId=${c.id}`))).toEqual([mine]);
    const options = (await get(`${AGENT}/station/options?keyword=Mine`)).json().data as { id: string; agentId: string | null }[];
    expect(options.find((o) => o.id === mine)?.agentId).toBe(c.id);
    const log = (await get(`${AGENT}/operationLog/list?agentId=${c.id}`)).json().data;
    expect(log.records[0]).toMatchObject({ operation: 'stations', changes: [expect.objectContaining({ field: 'stations' })] });

    // A staff member signs in and sees only the company's station, its device and its alarm.
    const account = tag('tech');
    const staff = await post(`${AGENT}/staff/save`, { agentId: c.id, account, realName: 'Tech', phone: '13800000011', roleAlias: 'site_technician', password: 'Techn1cian26' });
    expect(staff.json().code).toBe(200);
    const s = await t.login(account, 'Techn1cian26');
    expect(s.access_token).toBeTruthy();
    const hs = { 'blade-auth': `bearer ${s.access_token}` };
    expect(ids(await get('/api/skyworth-client/plant/list?size=100', hs))).toEqual([mine]);
    expect(ids(await get('/api/skyworth-client/inverter/list?size=100', hs))).toEqual([devMine.id]);
    const alarms = (await get('/api/skyworth-client/alarmLog/list?size=100', hs)).json().data.records as { plantId: string }[];
    expect(alarms.length).toBe(1);
    expect(String(alarms[0]!.plantId)).toBe(mine);
    // The administrator sees all three.
    const all = ids(await get('/api/skyworth-client/plant/list?size=200', h));
    expect(all).toEqual(expect.arrayContaining([mine, notMine, theirs]));

    // Released: the staff member no longer sees it.
    await post(`${AGENT}/station/save`, { agentId: c.id, plantIds: [] });
    expect(ids(await get('/api/skyworth-client/plant/list?size=100', hs))).toEqual([]);

    // The company's administrator sees its own company only.
    const adminS = await t.login(c.adminAccount!, 'Agent2026pw');
    const ha = { 'blade-auth': `bearer ${adminS.access_token}` };
    const own = await get(`${AGENT}/list?size=100`, ha);
    expect(ids(own), own.body).toEqual([c.id]);
    expect((await get(`${AGENT}/detail?id=${other.id}`, ha)).json().code).toBe(400);
  });
});
