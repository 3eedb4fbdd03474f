/**
 * The seed's access steps: the complete menu tree with its buttons (contracts AREAS, names in both languages) and the
 * roles for the spec's actors with their grants (contracts ROLE_SEEDS). Run once each by seed.ts.
 */
import { AREAS, PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import { BUTTON_NAME_OVERRIDES, BUTTON_NAMES, MENU_NAMES } from '@helio/contracts/seed/menu-names';
import { ROLE_SEEDS } from '@helio/contracts/seed/roles';
import type { Db } from '../db/client.js';
import * as t from '../db/schema.js';
import { insertChunked, seqIds, SEED_IDS } from './seed-support.js';

export async function seedMenus(db: Db): Promise<void> {
  const id = seqIds(1123598815738675201n);
  const rows: (typeof t.menu.$inferInsert)[] = [];
  AREAS.forEach((area, ai) => {
    const areaId = id();
    const names = MENU_NAMES[area.code]!;
    rows.push({
      id: areaId,
      parentId: '0',
      code: area.code,
      name: names.zh,
      nameEn: names.en,
      alias: 'menu',
      path: area.path,
      source: names.icon,
      sort: ai + 1,
      category: 1,
      action: 0,
      isOpen: 1,
    });
    area.pages.forEach((page, pi) => {
      const pageId = id();
      const pn = MENU_NAMES[page.code]!;
      const external = page.path.startsWith('/api/');
      rows.push({
        id: pageId,
        parentId: areaId,
        code: page.code,
        name: pn.zh,
        nameEn: pn.en,
        alias: 'menu',
        path: page.path,
        source: pn.icon,
        sort: pi + 1,
        category: 1,
        action: 0,
        isOpen: external ? 2 : 1,
      });
      (page.buttons as readonly string[]).forEach((action, bi) => {
        const bn = BUTTON_NAMES[action as keyof typeof BUTTON_NAMES];
        const named = BUTTON_NAME_OVERRIDES[`${page.code}_${action}`] ?? bn;
        rows.push({
          id: id(),
          parentId: pageId,
          code: `${page.code}_${action}`,
          name: named.zh,
          nameEn: named.en,
          alias: action,
          path: `${page.path}/${action}`,
          source: bn.icon,
          sort: bi + 1,
          category: 2,
          action: ['add', 'import', 'export'].includes(action) ? 1 : action === 'delete' ? 3 : 2,
          isOpen: 1,
        });
      });
    });
  });
  await insertChunked(db, t.menu, rows);
}

export async function seedRoles(db: Db): Promise<void> {
  const id = seqIds(1123598816738675201n);
  const menuRows = await db
    .select({ id: t.menu.id, code: t.menu.code, parentId: t.menu.parentId })
    .from(t.menu);
  const byId = new Map(menuRows.map((m) => [m.id, m]));
  const byCode = new Map(menuRows.map((m) => [m.code, m]));
  const link = id();
  void link; // keep the administrator at the Blade id: the first of the sequence
  const roleRows: (typeof t.role.$inferInsert)[] = [];
  const grants: (typeof t.roleMenu.$inferInsert)[] = [];
  const grantId = seqIds(1161272893875225001n);
  ROLE_SEEDS.forEach((r, i) => {
    const roleId = i === 0 && r.alias === 'administrator' ? SEED_IDS.administratorRole : id();
    roleRows.push({
      id: roleId,
      tenantId: PLATFORM_TENANT_ID,
      parentId: '0',
      roleName: r.zh,
      roleNameEn: r.en,
      roleAlias: r.alias,
      roleType: r.roleType,
      roleCode: r.alias,
      sort: r.sort,
    });
    // A granted code brings its ancestors (a button needs its page and area to show).
    const granted = new Set<string>();
    const codes = r.grants === 'all' ? menuRows.map((m) => m.code) : r.grants;
    for (const code of codes) {
      let m = byCode.get(code);
      while (m && !granted.has(m.id)) {
        granted.add(m.id);
        m = byId.get(m.parentId);
      }
    }
    for (const menuId of granted) grants.push({ id: grantId(), roleId, menuId });
  });
  await db.insert(t.role).values(roleRows);
  await insertChunked(db, t.roleMenu, grants);
}
