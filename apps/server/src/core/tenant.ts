/**
 * Tenant isolation in the data layer: the tenant always comes from the token. Platform users (tenant 000000) see
 * every tenant and may narrow a list with `tenantId`; everybody else is pinned to their own tenant.
 */
import { eq, type AnyColumn, type SQL } from 'drizzle-orm';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import type { AuthUser } from './access.js';

export const isPlatform = (u: Pick<AuthUser, 'tenantId'>) => u.tenantId === PLATFORM_TENANT_ID;

export function tenantCondition(
  column: AnyColumn,
  u: Pick<AuthUser, 'tenantId'>,
  query?: Record<string, unknown>,
): SQL | undefined {
  if (isPlatform(u)) {
    const wanted = query?.tenantId;
    return typeof wanted === 'string' && /^\d{6,12}$/.test(wanted) ? eq(column, wanted) : undefined;
  }
  return eq(column, u.tenantId);
}

/** The tenant a new row belongs to: the caller's own, or (platform callers only) the one they chose. */
export function tenantForInsert(u: Pick<AuthUser, 'tenantId'>, requested?: unknown): string {
  if (isPlatform(u) && typeof requested === 'string' && /^\d{6,12}$/.test(requested)) return requested;
  return u.tenantId;
}
