/**
 * Tenant probes for the notify routes (alarm notifications, issue 14), spread into `probes` of access.test.ts:
 * tenant B's administrator (bob, 200002) against tenant A's (alice, 200001) subscription, inbox message and alarm.
 * B's lists show B's own rows only; B's reads and writes of A's rows are refused (or touch nothing) and change nothing.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { nextId } from '../src/core/ids.js';
import type { TestApp } from './helper.js';

const C = '/api/skyworth-client';

interface World {
  subA: string;
  inboxA: string;
  inboxB: string;
  alarmA: string;
}

const SUB = { plantIds: [], minSeverity: 1, categories: [], channels: ['inapp'], recovery: true, escalation: false, enabled: true };

export function notifyProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  let setup: Promise<World> | undefined;
  const rows = <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => app().database.rows<T>(q);
  const userOf = async (account: string, tenant: string) =>
    (await rows<{ id: string }>(sql`SELECT id::text AS id FROM blade_user WHERE account = ${account} AND tenant_id = ${tenant} AND is_deleted = 0`))[0]!.id;
  const inboxRow = async (tenant: string, userId: string, alarmId: string) => {
    const id = nextId();
    await rows(sql`INSERT INTO helio_notify_inbox (id, tenant_id, user_id, alarm_id, kind, alarm_code, device_type, severity, sns)
      VALUES (${id}, ${tenant}, ${userId}, ${alarmId}, 'raised', 8, 1, 3, ${JSON.stringify([`${tenant}-NOTIFY-SN`])}::jsonb) RETURNING id`);
    return id;
  };
  const world = () =>
    (setup ??= (async () => {
      const alice = await userOf('alice', '200001');
      const bob = await userOf('bob', '200002');
      const subA = nextId();
      await rows(sql`INSERT INTO helio_alarm_subscription (id, tenant_id, user_id, name) VALUES (${subA}, '200001', ${alice}, 'A-NOTIFY-SUB') RETURNING id`);
      const alarmA = nextId();
      await rows(sql`INSERT INTO helio_alarm (id, tenant_id, plant_id, device_id, device_sn, device_type, alarm_code, alarm_type, level, trigger_time)
        VALUES (${alarmA}, '200001', NULL, ${nextId()}, 'A-NOTIFY-SN', 1, 8, 1, 3, now()) RETURNING id`);
      await rows(sql`INSERT INTO helio_alarm_notification (id, tenant_id, alarm_id, user_id, channel, kind, alarm_code, status)
        VALUES (${nextId()}, '200001', ${alarmA}, ${alice}, 'inapp', 'raised', 8, 'sent') RETURNING id`);
      return { subA, alarmA, inboxA: await inboxRow('200001', alice, alarmA), inboxB: await inboxRow('200002', bob, alarmA) };
    })());
  const get = (url: string) => app().req({ method: 'GET', url, headers: headers() });
  const post = (url: string, payload: object) => app().req({ method: 'POST', url, headers: headers(), payload });
  const subA = async (id: string) => (await rows<{ name: string; deleted: number }>(sql`SELECT name, is_deleted AS deleted FROM helio_alarm_subscription WHERE id = ${id}`))[0];
  const readA = async (id: string) => (await rows<{ r: number }>(sql`SELECT read_flag AS r FROM helio_notify_inbox WHERE id = ${id}`))[0]!.r;

  return {
    [`GET ${C}/alarmSubscription/list`]: async () => {
      await world();
      const own = await post(`${C}/alarmSubscription/submit`, { ...SUB, name: 'B-NOTIFY-SUB' });
      expect(own.statusCode, own.body).toBe(200);
      const res = await get(`${C}/alarmSubscription/list?tenantId=200001`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((s: { name: string }) => s.name)).toEqual(['B-NOTIFY-SUB']);
    },
    [`GET ${C}/alarmSubscription/detail`]: async () => {
      const { subA: id } = await world();
      const res = await get(`${C}/alarmSubscription/detail?id=${id}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('A-NOTIFY-SUB');
    },
    [`POST ${C}/alarmSubscription/submit`]: async () => {
      const { subA: id } = await world();
      expect((await post(`${C}/alarmSubscription/submit`, { ...SUB, id, name: 'B was here' })).statusCode).toBe(400);
      expect(await subA(id)).toEqual({ name: 'A-NOTIFY-SUB', deleted: 0 });
    },
    [`POST ${C}/alarmSubscription/remove`]: async () => {
      const { subA: id } = await world();
      expect((await post(`${C}/alarmSubscription/remove`, { ids: id })).statusCode).toBe(400);
      expect(await subA(id)).toEqual({ name: 'A-NOTIFY-SUB', deleted: 0 });
    },
    [`GET ${C}/alarmSubscription/channels`]: async () => {
      const res = await get(`${C}/alarmSubscription/channels`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((c: { name: string }) => c.name)).toEqual(['inapp', 'sms', 'mail']);
    },
    [`GET ${C}/alarmInbox/unread`]: async () => {
      const { inboxB } = await world();
      const res = await get(`${C}/alarmInbox/unread`);
      expect(res.json().data.records.map((r: { id: string }) => r.id)).toEqual([inboxB]);
      expect(res.body).not.toContain('200001-NOTIFY-SN');
    },
    [`GET ${C}/alarmInbox/list`]: async () => {
      const { inboxB } = await world();
      const res = await get(`${C}/alarmInbox/list`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.records.map((r: { id: string }) => r.id)).toEqual([inboxB]);
      expect(res.body).not.toContain('200001-NOTIFY-SN');
    },
    [`POST ${C}/alarmInbox/read`]: async () => {
      const { inboxA } = await world();
      expect((await post(`${C}/alarmInbox/read`, { ids: inboxA })).json().data).toEqual({ read: 0 });
      expect(await readA(inboxA)).toBe(0);
    },
    [`GET ${C}/alarmLog/notifications`]: async () => {
      const { alarmA } = await world();
      const res = await get(`${C}/alarmLog/notifications?alarmId=${alarmA}`);
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('alice');
    },
  };
}
