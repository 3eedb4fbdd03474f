/**
 * Tenant probes of the agent routes beyond the engine's generic ones (spread into `probes` of access.test.ts):
 * tenant B's administrator (200002) neither reads nor changes tenant A's (200001) companies, staff, excluded staff,
 * stations, documents or log. Each tenant gets a company with its department, a staff member, an exclusion, a
 * station it operates, a document and a log row, so every list shows B's own row and not A's.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { AGENT_API } from '@helio/contracts/modules/agent/agent.resource';
import { nextId } from '../src/core/ids.js';
import { dept, user, userDept } from '../src/db/schema.js';
import { attach } from '../src/db/schema-resource.js';
import { plant } from '../src/db/schema-device.js';
import { agentCompany, agentDocument, agentOperationLog, agentUnauthorizedUser } from '../src/modules/agent/agent.tables.js';
import type { TestApp } from './helper.js';
import { createPlant } from './station-fixtures.js';

const A = '200001';
const B = '200002';
const AG = `${AGENT_API}/agent`;

interface Side {
  id: string;
  name: string;
  deptId: string;
  staffId: string;
  account: string;
  exclusionId: string;
  plantId: string;
  plantName: string;
  attachId: string;
}

export function agentProbes(app: () => TestApp, headers: () => Record<string, string>): Record<string, () => Promise<void>> {
  let seeded: Promise<{ a: Side; b: Side }> | undefined;
  const seedSide = async (tenantId: string): Promise<Side> => {
    const db = app().database.db;
    const id = nextId();
    const s: Side = {
      id,
      name: `AgentCo${tenantId}${id.slice(-6)}`,
      deptId: nextId(),
      staffId: nextId(),
      account: `agst${tenantId}${id.slice(-6)}`,
      exclusionId: nextId(),
      plantId: '',
      plantName: `AgentPlant${tenantId}${id.slice(-6)}`,
      attachId: nextId(),
    };
    await db.insert(dept).values({ id: s.deptId, tenantId, deptName: s.name, fullName: s.name });
    await db.insert(user).values({ id: s.staffId, tenantId, account: s.account, password: '!', name: s.account, realName: s.account, roleId: '', deptId: s.deptId });
    await db.insert(userDept).values({ id: nextId(), userId: s.staffId, deptId: s.deptId });
    await db.insert(agentCompany).values({ id, tenantId, agentNumber: `N${id}`.slice(0, 32), companyName: s.name, agentType: 1, contactName: 'c', phone: '13800138000', deptId: s.deptId });
    await db.insert(agentUnauthorizedUser).values({ id: s.exclusionId, tenantId, agentId: id, userId: s.staffId });
    await db.insert(agentOperationLog).values({ id: nextId(), tenantId, agentId: id, operation: 'update', changes: [{ field: 'remark', oldValue: null, newValue: s.name }] });
    s.plantId = await createPlant(db, { tenantId, name: s.plantName, operationCompanyId: s.deptId });
    await db.insert(attach).values({ id: s.attachId, tenantId, link: `/files/${s.attachId}`, domainUrl: '', name: s.attachId, originalName: `${s.name}.pdf`, extension: 'pdf', attachSize: 10 });
    await db.insert(agentDocument).values({ agentId: id, seq: 0, attachId: s.attachId, tenantId });
    return s;
  };
  const seed = () => (seeded ??= (async () => ({ a: await seedSide(A), b: await seedSide(B) }))());
  const req = (method: 'GET' | 'POST', url: string, payload?: object) => app().req({ method, url, headers: headers(), ...(payload ? { payload } : {}) });

  /** A read of B's own company shows B's marker; the same read of A's company is refused as a missing record. */
  const perCompany = (path: string, mine: (s: Side) => string) => async () => {
    const { a, b } = await seed();
    const own = await req('GET', `${path}?agentId=${b.id}`);
    expect(own.statusCode, path).toBe(200);
    expect(own.body).toContain(mine(b));
    const theirs = await req('GET', `${path}?agentId=${a.id}`);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.body).not.toContain(mine(a));
  };
  /** A write naming A's company is refused as a missing record. */
  const refused = (path: string, body: (a: Side, b: Side) => object) => async () => {
    const { a, b } = await seed();
    const res = await req('POST', path, body(a, b));
    expect(res.statusCode, path).toBe(400);
    expect(res.json().msg).toMatch(/不存在|不属于/);
  };

  return {
    [`GET ${AG}/operationLog/list`]: perCompany(`${AG}/operationLog/list`, (s) => s.name),
    [`GET ${AG}/findAgentUserList`]: perCompany(`${AG}/findAgentUserList`, (s) => s.account),
    [`GET ${AGENT_API}/agentUnauthorizedUser/list`]: perCompany(`${AGENT_API}/agentUnauthorizedUser/list`, (s) => s.account),
    [`GET ${AG}/station/list`]: perCompany(`${AG}/station/list`, (s) => s.plantName),
    [`GET ${AG}/documents`]: perCompany(`${AG}/documents`, (s) => s.attachId),
    [`POST ${AG}/selectAgencyCompany`]: async () => {
      const { a, b } = await seed();
      const res = await req('POST', `${AG}/selectAgencyCompany`, {});
      expect(res.body).toContain(b.name);
      expect(res.body).not.toContain(a.name);
    },
    [`GET ${AGENT_API}/companyInfo/getListCompanyName`]: async () => {
      const { a, b } = await seed();
      const res = await req('GET', `${AGENT_API}/companyInfo/getListCompanyName`);
      expect(res.body).toContain(b.name);
      expect(res.body).not.toContain(a.name);
    },
    [`POST ${AG}/selectDeliveryManager`]: async () => {
      const { a } = await seed();
      expect((await req('POST', `${AG}/selectDeliveryManager`, {})).statusCode).toBe(200);
      expect((await req('POST', `${AG}/selectDeliveryManager`, { agentId: a.id })).statusCode).toBe(400);
    },
    [`GET ${AGENT_API}/user/list-by-dept-tenant`]: async () => {
      const { a, b } = await seed();
      expect((await req('GET', `${AGENT_API}/user/list-by-dept-tenant?deptId=${b.deptId}`)).body).toContain(b.account);
      const res = await req('GET', `${AGENT_API}/user/list-by-dept-tenant?deptId=${a.deptId}&tenantId=${A}`);
      expect(res.body).not.toContain(a.account);
    },
    [`GET ${AG}/station/options`]: async () => {
      const { a, b } = await seed();
      const res = await req('GET', `${AG}/station/options`);
      expect(res.body).toContain(b.plantName);
      expect(res.body).not.toContain(a.plantName);
    },
    [`POST ${AG}/staff/save`]: refused(`${AG}/staff/save`, (a) => ({ agentId: a.id, account: `x${a.id.slice(-8)}`, realName: 'x', phone: '13800138000', roleAlias: 'electrician' })),
    [`POST ${AGENT_API}/agentUnauthorizedUser/saveBatch`]: refused(`${AGENT_API}/agentUnauthorizedUser/saveBatch`, (a) => ({ agentId: a.id, userIds: [a.staffId] })),
    [`POST ${AG}/station/save`]: async () => {
      const { a, b } = await seed();
      await refused(`${AG}/station/save`, () => ({ agentId: a.id, plantIds: [] }))();
      // B's company cannot take A's station either.
      const res = await req('POST', `${AG}/station/save`, { agentId: b.id, plantIds: [a.plantId] });
      expect(res.statusCode).toBe(400);
      const [p] = await app().database.db.select({ c: plant.operationCompanyId }).from(plant).where(eq(plant.id, a.plantId));
      expect(p!.c).toBe(a.deptId);
    },
    [`POST ${AG}/documents`]: refused(`${AG}/documents`, (a) => ({ agentId: a.id, attachIds: [] })),
    [`POST ${AGENT_API}/agentUnauthorizedUser/remove`]: async () => {
      const { a } = await seed();
      const res = await req('POST', `${AGENT_API}/agentUnauthorizedUser/remove?ids=${a.exclusionId}`);
      expect(res.json().data).toEqual({ removed: 0 });
      expect((await app().database.db.select().from(agentUnauthorizedUser).where(eq(agentUnauthorizedUser.id, a.exclusionId))).length).toBe(1);
    },
    ...Object.fromEntries(
      ['save', 'update'].map((verb) => [
        `POST ${AG}/${verb}`,
        async () => {
          // A's id and tenant in B's body: an update answers "no such record", a save inserts into B's own tenant.
          const { a } = await seed();
          const [before] = await app().database.db.select().from(agentCompany).where(eq(agentCompany.id, a.id));
          const r = await req('POST', `${AG}/${verb}`, { id: a.id, tenantId: A, companyName: 'X', agentType: 1, contactName: 'X', phone: '13800138000', adminAccount: `pr${verb}${a.id.slice(-6)}` });
          if (verb === 'update') expect(r.statusCode).toBe(400);
          else expect(r.json().code, r.body).toBe(200);
          const [after] = await app().database.db.select().from(agentCompany).where(eq(agentCompany.id, a.id));
          expect(after).toEqual(before);
          if (verb === 'save') {
            const [mine] = await app().database.db.select().from(agentCompany).where(eq(agentCompany.id, String(r.json().data.id)));
            expect(mine!.tenantId).toBe(B);
          }
        },
      ]),
    ),
    [`POST ${AG}/deleteBatch`]: async () => {
      const { a } = await seed();
      expect((await req('POST', `${AG}/deleteBatch`, { ids: a.id })).json().data).toEqual({ removed: 0 });
      const [row] = await app().database.db.select().from(agentCompany).where(eq(agentCompany.id, a.id));
      expect(row!.isDeleted).toBe(0);
    },
  };
}
