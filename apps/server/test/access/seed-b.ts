/**
 * Rows of tenant B (200002) for the lists whose tenant probes would otherwise read an empty answer (access.test.ts):
 * a list that shows B's own row and not A's proves its tenant filter; an empty one proves nothing.
 *
 * B's stations and devices are left out on purpose: the fleet-figure probes of test/access-stations.ts expect B's
 * fleet to be empty (see STATION_LISTS_EMPTY in test/access/list-audit.ts).
 */
import { nextId } from '../../src/core/ids.js';
import type { Db } from '../../src/db/client.js';
import { logUsual, post } from '../../src/db/schema.js';
import { attach, reportFile, smsOutbox } from '../../src/db/schema-resource.js';

export const B_POST_CODE = 'B-CFO';

export async function seedTenantB(db: Db, tenantId: string): Promise<void> {
  const audit = { createTime: new Date(), updateTime: new Date() };
  await db.insert(post).values({ id: nextId(), tenantId, category: 1, postCode: B_POST_CODE, postName: 'B finance', sort: 1 });
  await db.insert(attach).values({
    id: nextId(),
    tenantId,
    name: `${tenantId}/20260101/${'b'.repeat(32)}.png`,
    originalName: 'b-own.png',
    extension: 'png',
    attachSize: 1,
    mime: 'image/png',
    link: '',
    ...audit,
  });
  await db.insert(smsOutbox).values({ id: nextId(), tenantId, provider: 'log', phones: '+8613900000001', params: '{}' });
  await db.insert(logUsual).values({ id: nextId(), tenantId, requestUri: '/b-own', createBy: 'bob' } as never);
  await db
    .insert(reportFile)
    .values({ id: nextId(), tenantId, name: 'B report', reportType: 'station-kpi', fileName: 'b.xlsx', mime: 'x', fileSize: 1, content: Buffer.from('b'), ...audit });
}
