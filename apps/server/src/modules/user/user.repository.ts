/** Users: reads scoped by tenant, the VO shape clients expect (never the password), and dept-tree filtering. */
import { and, count, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../../core/access.js';
import { formatDateTime } from '../../core/dates.js';
import { isId } from '../../core/ids.js';
import { pagedSelect, parseFilters, parseSort, text, num, time, type ListSpec, type Paging } from '../../core/list-query.js';
import { LookupCache } from '../../core/lookup-cache.js';
import { tenantCondition } from '../../core/tenant.js';
import type { Db } from '../../db/client.js';
import { dept, post, role, user, userDept } from '../../db/schema.js';

export type UserRow = typeof user.$inferSelect;

export const USER_LIST_SPEC: ListSpec = {
  filters: {
    account: text(user.account),
    realName: text(user.realName),
    name: text(user.name),
    phone: text(user.phone),
    email: text(user.email),
    code: text(user.code),
    userType: num(user.userType),
    status: num(user.status),
    sex: num(user.sex),
    createTime: time(user.createTime),
  },
  sorts: {
    account: user.account,
    realName: user.realName,
    name: user.name,
    createTime: user.createTime,
    updateTime: user.updateTime,
    code: user.code,
  },
  // Matches blade_user_list_idx (tenant, create_time desc nulls last, id desc nulls last) so a page is an index walk.
  defaultSort: [sql`${user.createTime} desc nulls last`, sql`${user.id} desc nulls last`],
  extraKeys: ['deptId'],
};

const split = (s: string | null) => (s ? s.split(',').filter(Boolean) : []);

export class UserRepository {
  private readonly roleNames: LookupCache<{ zh: string; en: string | null }>;
  private readonly deptNames: LookupCache<string>;
  private readonly postNames: LookupCache<string>;

  constructor(private readonly db: Db) {
    this.roleNames = new LookupCache(async (ids) => {
      const rows = await db.select({ id: role.id, zh: role.roleName, en: role.roleNameEn }).from(role).where(inArray(role.id, ids));
      return new Map(rows.map((r) => [r.id, { zh: r.zh, en: r.en }]));
    });
    this.deptNames = new LookupCache(async (ids) => {
      const rows = await db.select({ id: dept.id, n: dept.deptName }).from(dept).where(inArray(dept.id, ids));
      return new Map(rows.map((r) => [r.id, r.n]));
    });
    this.postNames = new LookupCache(async (ids) => {
      const rows = await db.select({ id: post.id, n: post.postName }).from(post).where(inArray(post.id, ids));
      return new Map(rows.map((r) => [r.id, r.n]));
    });
  }

  async byId(id: string, u: Pick<AuthUser, 'tenantId'>): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(user)
      .where(and(eq(user.id, id), eq(user.isDeleted, 0), tenantCondition(user.tenantId, u)));
    return row;
  }

  /** Ids of a department and all of its descendants within the caller's tenant. */
  async deptAndChildren(deptId: string, u: Pick<AuthUser, 'tenantId'>): Promise<string[]> {
    const rows = await this.db
      .select({ id: dept.id })
      .from(dept)
      .where(
        and(
          eq(dept.isDeleted, 0),
          tenantCondition(dept.tenantId, u),
          or(eq(dept.id, deptId), ilike(dept.ancestors, `%${deptId}%`)),
        ),
      );
    return rows.map((r) => r.id);
  }

  async page(q: Record<string, unknown>, p: Paging, u: Pick<AuthUser, 'tenantId'>, scope?: SQL) {
    const filters = parseFilters(q, USER_LIST_SPEC);
    const conds: (SQL | undefined)[] = [eq(user.isDeleted, 0), tenantCondition(user.tenantId, u), scope, ...filters];
    const deptId = isId(q.deptId) ? q.deptId : undefined;
    if (deptId) {
      const depts = await this.deptAndChildren(deptId, u);
      if (depts.length === 0) return { rows: [] as UserRow[], total: 0 };
      conds.push(sql`exists (select 1 from ${userDept} where ${userDept.userId} = ${user.id} and ${inArray(userDept.deptId, depts)})`);
      // Department lists: the page is an index walk in list order that stops after `size` rows; the total comes
      // from the link table alone when nothing else narrows the list (links of removed users are deleted with
      // them, and departments belong to one tenant). A window count would materialise every matching user.
      const where = and(...conds);
      const [rows, total] = await Promise.all([
        this.db
          .select()
          .from(user)
          .where(where)
          .orderBy(...parseSort(q, USER_LIST_SPEC))
          .limit(p.size)
          .offset(p.offset),
        filters.length === 0 && !scope
          ? this.db
              .select({ n: sql<number>`count(distinct ${userDept.userId})` })
              .from(userDept)
              .where(inArray(userDept.deptId, depts))
              .then((r) => Number(r[0]?.n ?? 0))
          : this.db
              .select({ n: count() })
              .from(user)
              .where(where)
              .then((r) => Number(r[0]?.n ?? 0)),
      ]);
      return { rows, total };
    }
    const where = and(...conds);
    return pagedSelect<UserRow>(
      (total) =>
        this.db
          .select({ ...getTableColumns(user), __total: total })
          .from(user)
          .where(where)
          .orderBy(...parseSort(q, USER_LIST_SPEC))
          .limit(p.size)
          .offset(p.offset),
      async () => Number((await this.db.select({ n: count() }).from(user).where(where))[0]?.n ?? 0),
      p,
    );
  }

  /** Blade UserVO: the row without its password, plus role/dept/post names (cached lookups). */
  async toVOs(rows: UserRow[], lang: 'zh-CN' | 'en-US') {
    const ids = (f: (r: UserRow) => string | null) => rows.flatMap((r) => split(f(r)));
    const [roles, depts, posts] = await Promise.all([
      this.roleNames.get(ids((r) => r.roleId)),
      this.deptNames.get(ids((r) => r.deptId)),
      this.postNames.get(ids((r) => r.postId)),
    ]);
    const roleName = new Map([...roles].map(([id, n]) => [id, lang === 'en-US' && n.en ? n.en : n.zh]));
    const names = (m: Map<string, string>, s: string | null) => split(s).map((i) => m.get(i) ?? '').filter(Boolean).join(',');
    return rows.map((r) => userVO(r, names(roleName, r.roleId), names(depts, r.deptId), names(posts, r.postId)));
  }
}

export function userVO(r: UserRow, roleName = '', deptName = '', postName = '') {
  return {
    id: r.id,
    tenantId: r.tenantId,
    code: r.code ?? '',
    userType: r.userType,
    account: r.account,
    name: r.name ?? '',
    realName: r.realName ?? '',
    avatar: r.avatar ?? '',
    email: r.email ?? '',
    phone: r.phone ?? '',
    phoneDiallingCode: r.phoneDiallingCode ?? '',
    birthday: formatDateTime(r.birthday),
    sex: r.sex ?? 3,
    roleId: r.roleId,
    deptId: r.deptId,
    postId: r.postId,
    roleName,
    deptName,
    postName,
    status: r.status,
    createTime: formatDateTime(r.createTime),
    updateTime: formatDateTime(r.updateTime),
    version: r.version,
  };
}
