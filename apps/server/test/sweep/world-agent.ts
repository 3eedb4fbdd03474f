/**
 * A world's agent rows (modules/agent): a company operating the world's department `dept` (so the world's plant is
 * not moved), its document (the world's attachment), an exclusion of the world's member and a log row. Names carry
 * the world's marker.
 */
import { nextId } from '../../src/core/ids.js';
import { agentCompany, agentDocument, agentOperationLog, agentUnauthorizedUser } from '../../src/modules/agent/agent.tables.js';
import type { TestApp } from '../helper.js';
import type { Kind } from './world.js';

export async function agentWorld(t: TestApp, ids: Record<Kind, string>, tenantId: string, marker: string): Promise<void> {
  const db = t.database.db;
  const audit = { createUser: ids.admin, updateUser: ids.admin };
  ids.agentCompany = nextId();
  await db.insert(agentCompany).values({
    id: ids.agentCompany, tenantId, agentNumber: `${marker}ag`.slice(0, 32), companyName: `${marker} agent`, agentType: 1, contactName: `${marker} contact`,
    phone: '13800138000', email: `${marker}@example.com`, deptId: ids.dept, adminUserId: ids.admin, ...audit,
  });
  await db.insert(agentDocument).values({ agentId: ids.agentCompany, seq: 0, attachId: ids.attach, tenantId });
  ids.agentExclusion = nextId();
  await db.insert(agentUnauthorizedUser).values({ id: ids.agentExclusion, tenantId, agentId: ids.agentCompany, userId: ids.member, reason: `${marker} reason`, createUser: ids.admin });
  await db.insert(agentOperationLog).values({ id: nextId(), tenantId, agentId: ids.agentCompany, operation: 'update', changes: [{ field: 'remark', oldValue: null, newValue: marker }], createUser: ids.admin });
}
