/**
 * `alarmLog/plantAgentViewInfo` (issue 14, spec §7 Client → Alarm): whom to call about a station's alarm — its
 * operation company (the agent), the operator with phone and email, the owner — by station or by alarm. Only for a
 * station the caller sees: another tenant, and an agent outside the station's operation company, get the answer a
 * missing record gets; a caller without the alarm page gets 403.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/core/ids.js';
import { user } from '../src/db/schema.js';
import { alarm } from '../src/db/schema-device.js';
import { createDept, createRole, createTenant, createUser } from './fixtures.js';
import { createTestApp, type TestApp } from './helper.js';
import { createDevice, createPlant } from './station-fixtures.js';

const A = '320001';
const B = '320002';
const URL = '/api/skyworth-client/alarmLog/plantAgentViewInfo';

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
let plantId = '';
let otherPlantId = '';
let alarmId = '';
let otherAlarmId = '';

const get = (who: string, query: string) => t.req({ method: 'GET', url: `${URL}?${query}`, headers: { ...headers[who], 'accept-language': 'en-US' } });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await createTenant(db, A);
  const admin = await createRole(db, A, 'administrator', 'all');
  await createUser(db, { tenantId: A, account: 'anna', password: 'Passw0rd1', roleId: admin });
  const agentDept = await createDept(db, A, 'Sunrise Agents');
  const agentRole = await createRole(db, A, 'agent', ['alarm']);
  const operator = await createUser(db, { tenantId: A, account: 'olaf', password: 'Passw0rd1', roleId: agentRole, deptId: agentDept });
  await db.update(user).set({ realName: 'Olaf Operator', phone: '13800138123' }).where(eq(user.id, operator));
  const noAlarms = await createRole(db, A, 'no_alarms', ['power_station']);
  await createUser(db, { tenantId: A, account: 'nora', password: 'Passw0rd1', roleId: noAlarms });
  await createTenant(db, B);
  const bAdmin = await createRole(db, B, 'administrator', 'all');
  await createUser(db, { tenantId: B, account: 'bert', password: 'Passw0rd1', roleId: bAdmin });

  plantId = await createPlant(db, { tenantId: A, name: 'Agent plant', operationCompanyId: agentDept, operationUserId: operator });
  otherPlantId = await createPlant(db, { tenantId: A, name: 'Other plant' });
  for (const [plant, set] of [[plantId, (id: string) => (alarmId = id)], [otherPlantId, (id: string) => (otherAlarmId = id)]] as const) {
    const device = await createDevice(db, { plantId: plant, kind: 'inverter', tenantId: A, secret: `s-${nextId()}` });
    const id = nextId();
    await db.insert(alarm).values({
      id, tenantId: A, plantId: plant, deviceId: device.id, deviceSn: device.sn, deviceType: 1, alarmCode: 1001, alarmType: 1, triggerTime: new Date(),
    });
    set(id);
  }
  for (const [who, account, tenant] of [['anna', 'anna', A], ['olaf', 'olaf', A], ['nora', 'nora', A], ['bert', 'bert', B]] as const) {
    headers[who] = { 'blade-auth': `bearer ${(await t.login(account, 'Passw0rd1', tenant)).access_token}` };
  }
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

describe('plantAgentViewInfo', () => {
  it('names the operation company and the operator with their contacts, by station and by alarm', async () => {
    const byPlant = await get('anna', `plantId=${plantId}`);
    expect(byPlant.statusCode, byPlant.body).toBe(200);
    expect(byPlant.json().data).toMatchObject({
      plantId,
      plantName: 'Agent plant',
      agentCompanyName: 'Sunrise Agents',
      operationUserName: 'Olaf Operator',
      operationUserPhone: '13800138123',
      operationUserEmail: 'olaf@example.com',
    });
    const byAlarm = await get('anna', `alarmId=${alarmId}`);
    expect(byAlarm.json().data).toEqual(byPlant.json().data);
    // A station without an operation company answers with empty contacts, not an error.
    const bare = await get('anna', `alarmId=${otherAlarmId}`);
    expect(bare.json().data).toMatchObject({ plantId: otherPlantId, agentCompanyName: null, operationUserName: null, operationUserPhone: null });
  });

  it('the agent sees its own stations only; another tenant sees nothing; no alarm page, no answer', async () => {
    expect((await get('olaf', `plantId=${plantId}`)).json().data.agentCompanyName).toBe('Sunrise Agents');
    for (const [who, query] of [['olaf', `plantId=${otherPlantId}`], ['olaf', `alarmId=${otherAlarmId}`], ['bert', `plantId=${plantId}`], ['bert', `alarmId=${alarmId}`]] as const) {
      const res = await get(who, query);
      expect(res.statusCode, `${who} ${query}`).toBe(400);
      expect(res.json().msg).toBe('The record does not exist or has been deleted');
    }
    expect((await get('nora', `plantId=${plantId}`)).statusCode).toBe(403);
  });

  it('asks for a station or an alarm, and refuses ids that are not ids', async () => {
    const none = await get('anna', '');
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toMatch(/plantId/);
    expect((await get('anna', 'plantId=12ab')).statusCode).toBe(400);
    expect((await get('anna', `plantId=${nextId()}`)).statusCode).toBe(400);
  });
});
