/**
 * Region field rules and the submit body as every Blade-family client sends it (spec §2 Region, §5).
 *
 * Regions are keyed by `code`, as SpringBlade's `blade_region` is: a submit whose code exists updates that region,
 * one whose code does not exist inserts it. Two client dialects meet here:
 *
 * - Helio speaks `regionLevel`; SpringBlade and the stock Saber speak `level`. Answers carry both; a submit may send
 *   either. When a body carries both with different values (Saber posts a region's detail back with its own `level`
 *   field edited), the one that differs from the stored level wins on an edit, and `level` wins otherwise (an insert,
 *   or a body copied from another region, below).
 * - Saber adds a child by copying the parent's detail into its form and changing `parentCode`, `code`, `name` and
 *   `level`; the parent's `id` (its code), `version` and the fields Saber does not show (`nameEn`) ride along. A body
 *   whose `id` names another region than its `code` is such a copy: its `version` is that other region's and is not
 *   applied, and an English name equal to that region's is not taken over. The `id` itself never selects a row.
 * - Saber edits a region by rebuilding its code as `parentCode + code.replace(parentCode, '')` (the parent left out
 *   at the top level), which is the same code only for prefix-style codes (SpringBlade's `11` → `1101`). For a
 *   zero-padded code (`440300` under `440000`) it posts `440000440300`; a body that is exactly that rebuild of the
 *   region its `id` names, under that region's own parent, is an edit of that region.
 */
import { msg, type Lang } from '../../core/i18n.js';

export const CODE = /^\d{1,12}$/;
/** The parent code of provinces (the country). */
export const ROOT = '00';

export const COLUMNS = [
  ['code', '区划编号', 'Code'],
  ['parentCode', '上级编号', 'Parent code'],
  ['name', '区划名称', 'Name'],
  ['nameEn', '英文名称', 'English name'],
  ['regionLevel', '层级(0国家 1省 2市 3区县 4乡镇 5村)', 'Level (0 country … 5 village)'],
  ['sort', '排序', 'Sort'],
  ['remark', '备注', 'Remark'],
] as const;

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The level a body means (see the module comment); undefined when it names none. */
export function levelOf(b: Record<string, unknown>, stored?: number): unknown {
  const blade = given(b.level) ? b.level : undefined;
  const helio = given(b.regionLevel) ? b.regionLevel : undefined;
  if (blade === undefined) return helio;
  if (helio === undefined || String(blade) === String(helio)) return blade;
  if (stored !== undefined && String(blade) === String(stored)) return helio;
  return blade;
}

/** The id a body was copied from, when it is another region than the one it names (Saber's "add child"). */
export function copiedFrom(b: Record<string, unknown>): string | undefined {
  const id = given(b.id) ? String(b.id).trim() : '';
  return id && id !== String(b.code ?? '').trim() ? id : undefined;
}

/** The code a Saber edit of `source` (the region its `id` names) meant, when the body is one; else undefined. */
export function saberEditOf(b: Record<string, unknown>, source: { code: string; parentCode: string }): string | undefined {
  const parent = String(b.parentCode ?? '').trim();
  if (!parent || parent !== source.parentCode) return undefined;
  const rebuilt = (parent === ROOT ? '' : parent) + source.code.replace(parent, '');
  return String(b.code ?? '').trim() === rebuilt && rebuilt !== source.code ? source.code : undefined;
}

/** Field rules (spec §5: code, name, level, sort required); `regionLevel` of the body is already resolved. */
export function validateRegion(lang: Lang, b: Record<string, unknown>): string[] {
  const out: string[] = [];
  const f = (zh: string, en: string) => (lang === 'en-US' ? en : zh);
  const code = String(b.code ?? '').trim();
  if (!code) out.push(msg(lang, 'required', { field: f('区划编号', 'Code') }));
  else if (!CODE.test(code)) out.push(msg(lang, 'invalidFormat', { field: f('区划编号', 'Code') }));
  if (!String(b.name ?? '').trim()) out.push(msg(lang, 'required', { field: f('区划名称', 'Name') }));
  else if (String(b.name).length > 64) out.push(msg(lang, 'tooLong', { field: f('区划名称', 'Name'), max: 64 }));
  if (String(b.nameEn ?? '').length > 128) out.push(msg(lang, 'tooLong', { field: f('英文名称', 'English name'), max: 128 }));
  const lvl = b.regionLevel;
  if (!given(lvl)) out.push(msg(lang, 'required', { field: f('区划层级', 'Level') }));
  else if (!/^[0-5]$/.test(String(lvl))) out.push(msg(lang, 'outOfRange', { field: f('区划层级', 'Level') }));
  const sort = b.sort;
  if (!given(sort)) out.push(msg(lang, 'required', { field: f('排序', 'Sort') }));
  else if (!/^-?\d{1,9}$/.test(String(sort))) out.push(msg(lang, 'notANumber', { field: f('排序', 'Sort') }));
  const parent = String(b.parentCode ?? '').trim();
  if (parent && !CODE.test(parent)) out.push(msg(lang, 'invalidFormat', { field: f('上级编号', 'Parent code') }));
  if (parent && parent === code) out.push(msg(lang, 'invalidFormat', { field: f('上级编号', 'Parent code') }));
  if (String(b.remark ?? '').length > 255) out.push(msg(lang, 'tooLong', { field: f('备注', 'Remark'), max: 255 }));
  return out;
}
