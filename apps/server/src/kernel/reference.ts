/**
 * Versioned reference data: each module's menus, buttons and dictionaries (its manifest's `reference`) are applied on
 * every start whose `version` or content differs from what `helio_reference_version` records, so a menu button or
 * dictionary entry added in a later release reaches databases installed before it. Applying only adds what is
 * missing (by menu code; by dictionary code, key and language): what an administrator renamed, re-sorted or deleted
 * stays as they left it. A restart with unchanged versions costs one query.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { dict, menu } from '../db/schema.js';
import { nextId } from '../core/ids.js';
import { referenceVersion } from './kernel.tables.js';
import type { ModuleManifest, ReferenceData } from './types.js';

type MenuRef = NonNullable<ReferenceData['menus']>[number];

const BUTTON_KIND: Record<string, number> = { add: 1, import: 1, export: 1, delete: 3 };

async function applyMenus(tx: Db, menus: readonly MenuRef[]): Promise<number> {
  const codes = menus.flatMap((m) => [m.area, m.code, ...(m.buttons ?? []).map((b) => b.code)]);
  const existing = await tx.select({ id: menu.id, code: menu.code }).from(menu).where(inArray(menu.code, [...new Set(codes)]));
  const idOf = new Map(existing.map((r) => [r.code, r.id]));
  let added = 0;
  for (const [i, m] of menus.entries()) {
    const parentId = m.area === '' ? '0' : idOf.get(m.area);
    if (parentId === undefined) throw new Error(`reference menu ${m.code}: area ${m.area} does not exist`);
    if (!idOf.has(m.code)) {
      const id = nextId();
      await tx.insert(menu).values({
        id, parentId, code: m.code, name: m.name.zh, nameEn: m.name.en, alias: 'menu', path: m.path,
        source: m.icon ?? null, sort: m.sort ?? i + 1, category: 1, action: 0, isOpen: m.path.startsWith('/api/') ? 2 : 1,
      });
      idOf.set(m.code, id);
      added++;
    }
    for (const [bi, b] of (m.buttons ?? []).entries()) {
      if (idOf.has(b.code)) continue;
      const action = b.code.slice(m.code.length + 1) || b.code;
      const id = nextId();
      await tx.insert(menu).values({
        id, parentId: idOf.get(m.code)!, code: b.code, name: b.zh, nameEn: b.en, alias: action, path: `${m.path}/${action}`,
        source: b.icon ?? null, sort: bi + 1, category: 2, action: BUTTON_KIND[action] ?? 2, isOpen: 1,
      });
      idOf.set(b.code, id);
      added++;
    }
  }
  return added;
}

async function applyDictionaries(tx: Db, dicts: NonNullable<ReferenceData['dictionaries']>): Promise<number> {
  let added = 0;
  for (const [di, d] of dicts.entries()) {
    const rows = await tx
      .select({ id: dict.id, key: dict.dictKey, language: dict.language, parentId: dict.parentId })
      .from(dict)
      .where(and(eq(dict.code, d.code)));
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const mine = rows.filter((r) => r.language === lang);
      let parentId = mine.find((r) => r.parentId === '0')?.id;
      if (!parentId) {
        parentId = nextId();
        await tx.insert(dict).values({
          id: parentId, parentId: '0', code: d.code, dictKey: '-1', dictValue: lang === 'zh-CN' ? d.zh : d.en, sort: di + 1, language: lang, isSealed: 0,
        });
        added++;
      }
      const keys = new Set(mine.map((r) => r.key));
      for (const [i, item] of d.items.entries()) {
        if (keys.has(item.key)) continue;
        await tx.insert(dict).values({
          id: nextId(), parentId, code: d.code, dictKey: item.key, dictValue: lang === 'zh-CN' ? item.zh : item.en,
          sort: item.sort ?? i + 1, language: lang, isSealed: 0,
          attribute1: item.attribute1 ?? null, attribute2: item.attribute2 ?? null, attribute3: item.attribute3 ?? null,
        });
        added++;
      }
    }
  }
  return added;
}

/** `v<version>-<hash of the menus and dictionaries>`: a changed list is applied even if nobody bumped `version`. */
export function referenceStamp(ref: ReferenceData): string {
  const hash = createHash('sha256').update(JSON.stringify({ menus: ref.menus ?? [], dictionaries: ref.dictionaries ?? [] })).digest('hex');
  return `v${ref.version}-${hash.slice(0, 16)}`;
}

/** Applies the reference data of every module whose version moved; returns what changed, by module. */
export async function applyReferenceData(db: Db, manifests: readonly ModuleManifest[]): Promise<Record<string, number>> {
  const withData = manifests.filter((m) => m.reference);
  if (withData.length === 0) return {};
  const applied = new Map((await db.select().from(referenceVersion)).map((r) => [r.module, r.version]));
  const changed: Record<string, number> = {};
  for (const m of withData) {
    const ref = m.reference!;
    const version = referenceStamp(ref);
    if (applied.get(m.name) === version) continue;
    await db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      let n = 0;
      if (ref.menus) n += await applyMenus(tx, ref.menus);
      if (ref.dictionaries) n += await applyDictionaries(tx, ref.dictionaries);
      await ref.apply?.(tx);
      await tx
        .insert(referenceVersion)
        .values({ module: m.name, version })
        .onConflictDoUpdate({ target: referenceVersion.module, set: { version, appliedAt: new Date() } });
      changed[m.name] = n;
    });
  }
  return changed;
}
