/**
 * Who the fuzz calls as, what it knows of the records, and the outbound-connection watch.
 *
 * - The callers are dedicated users, never the seeded admin: `fuzz-admin` (the administrator role) and `fuzz-limited`
 *   (a role with a few pages). The fuzz may change their passwords, disable or delete them, log them out or strip
 *   their roles; `restore()` puts their rows back and signs them in again through the real token service, so a
 *   route with such a side effect (logout, password change, clear-cache, user/remove) is fuzzed, not skipped.
 * - Real ids (and SNs, codes, tenant ids) come from the app's own list responses, so requests hit live records.
 * - Storage, SMS and data-source configurations the fuzz writes are pointed at a refused loopback address after
 *   every write (`pointAtLoopback`), and `watchOutbound` records any connection the process opens to something
 *   other than loopback: the fuzz must never call out.
 */
import diagnostics from 'node:diagnostics_channel';
import type net from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { datasource, oss, sms } from '../../src/db/schema-resource.js';
import { role, tenant, user } from '../../src/db/schema.js';
import { createRole, createUser } from '../fixtures.js';
import type { TestApp } from '../helper.js';
import type { Pool } from './values.js';

const ADMIN_ROLE = '1123598816738675201';
const PASSWORD = 'Fuzz-Pass-2026';
/** Where every storage/SMS endpoint and data-source URL written by the fuzz is pointed (refused: loopback). */
export const LOOPBACK_ENDPOINT = 'http://127.0.0.1:9/';

export interface Actors {
  tokens: { admin: string; limited: string };
  userIds: string[];
  restore(): Promise<void>;
}

export async function createActors(t: TestApp): Promise<Actors> {
  const db = t.database.db;
  const limitedRole = await createRole(db, '000000', 'fuzz-limited', ['notice', 'post', 'post_add', 'param', 'user', 'region']);
  const adminId = await createUser(db, { tenantId: '000000', account: 'fuzz-admin', password: PASSWORD, roleId: ADMIN_ROLE });
  const limitedId = await createUser(db, { tenantId: '000000', account: 'fuzz-limited', password: PASSWORD, roleId: limitedRole });
  const [adminRow] = await db.select().from(user).where(eq(user.id, adminId));
  const [limitedRow] = await db.select().from(user).where(eq(user.id, limitedId));
  const [adminRoleRow] = await db.select().from(role).where(eq(role.id, ADMIN_ROLE));
  const [limitedRoleRow] = await db.select().from(role).where(eq(role.id, limitedRole));
  const [platform] = await db.select().from(tenant).where(eq(tenant.tenantId, '000000'));
  const actors: Actors = {
    tokens: { admin: '', limited: '' },
    userIds: [adminId, limitedId],
    restore: async () => {
      for (const r of [adminRow!, limitedRow!]) await db.update(user).set({ ...r, updateTime: new Date() }).where(eq(user.id, r.id));
      for (const r of [adminRoleRow!, limitedRoleRow!]) await db.update(role).set(r).where(eq(role.id, r.id));
      await db.update(tenant).set(platform!).where(eq(tenant.id, platform!.id));
      const sign = async (id: string) => {
        const [row] = await db.select().from(user).where(eq(user.id, id));
        const { subject } = await t.services.auth.subjectFor(row!, 'helio');
        return (await t.services.tokens.issue(subject, { accessTokenValidity: 3600, refreshTokenValidity: 7200 })).accessToken;
      };
      actors.tokens = { admin: await sign(adminId), limited: await sign(limitedId) };
    },
  };
  // The first sign-in goes through the real token endpoint.
  const res = await t.login('fuzz-admin', PASSWORD);
  if (!res.access_token) throw new Error(`fuzz-admin sign-in failed: ${JSON.stringify(res)}`);
  await actors.restore();
  return actors;
}

/** Storage, SMS and data-source rows the fuzz wrote: their endpoints point at a refused loopback address (one statement). */
export async function pointAtLoopback(t: TestApp): Promise<void> {
  const url = 'jdbc:postgresql://127.0.0.1:9/fuzz';
  await t.database.db.execute(sql`
    with o as (update ${oss} set endpoint = ${LOOPBACK_ENDPOINT}, transform_endpoint = null
               where coalesce(endpoint, '') <> ${LOOPBACK_ENDPOINT} or transform_endpoint is not null returning 1),
         s as (update ${sms} set endpoint = ${LOOPBACK_ENDPOINT} where coalesce(endpoint, '') <> ${LOOPBACK_ENDPOINT} returning 1),
         d as (update ${datasource} set url = ${url} where url <> ${url} returning 1)
    select (select count(*) from o) + (select count(*) from s) + (select count(*) from d) as n`);
}

const LOOPBACK = (a: string) => a === '::1' || a.startsWith('127.') || a === '::ffff:127.0.0.1' || a === 'localhost';

/** Records every socket the process opens to a non-loopback address (or a name it had to look up). */
export function watchOutbound(): { violations: string[]; stop(): void } {
  const violations: string[] = [];
  const onSocket = (m: unknown) => {
    const socket = (m as { socket: net.Socket }).socket;
    socket.once('lookup', (_err: Error | null, address: string, _family: unknown, host: string) => {
      if (!LOOPBACK(host) || (address && !LOOPBACK(address))) violations.push(`lookup ${host} → ${address}`);
    });
    socket.once('connect', () => {
      const a = socket.remoteAddress ?? '';
      if (!LOOPBACK(a)) violations.push(`connect ${a}:${socket.remotePort}`);
    });
  };
  diagnostics.subscribe('net.client.socket', onSocket);
  return { violations, stop: () => diagnostics.unsubscribe('net.client.socket', onSocket) };
}

/** Real ids and values from every list-like GET route the admin can read. */
export async function harvest(t: TestApp, token: string, urls: string[], skipIds: readonly string[]): Promise<Pool> {
  const idsByBase = new Map<string, Set<string>>();
  const all = new Set<string>();
  const values = new Map<string, Set<string>>();
  const add = (m: Map<string, Set<string>>, k: string, v: string) => {
    const s = m.get(k) ?? new Set<string>();
    if (s.size < 40) s.add(v);
    m.set(k, s);
  };
  const walk = (base: string, x: unknown, depth: number): void => {
    if (depth > 6 || x === null || typeof x !== 'object') return;
    if (Array.isArray(x)) {
      for (const y of x.slice(0, 50)) walk(base, y, depth + 1);
      return;
    }
    for (const [k, v] of Object.entries(x as Record<string, unknown>)) {
      if (typeof v === 'string' && v.length > 0 && v.length < 80) {
        if ((k === 'id' || k.endsWith('Id')) && /^\d{1,19}$/.test(v) && !skipIds.includes(v)) {
          if (k === 'id') add(idsByBase, base, v);
          all.add(v);
        } else if (/(sn|code|key|tenantid|alias|account)$/i.test(k)) add(values, k, v);
      } else walk(base, v, depth + 1);
    }
  };
  for (const url of urls) {
    const res = await t.req({ method: 'GET', url, headers: { 'blade-auth': `bearer ${token}` } });
    if (res.statusCode !== 200 || !String(res.headers['content-type'] ?? '').includes('json')) continue;
    walk(url.replace(/\/[^/]*$/, ''), (res.json() as { data?: unknown }).data, 0);
  }
  const list = (m: Map<string, Set<string>>) => new Map([...m].map(([k, v]) => [k, [...v]]));
  return { idsByBase: list(idsByBase), ids: [...all].slice(0, 400), values: list(values) };
}

