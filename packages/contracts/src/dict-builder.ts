/** The shapes of the dictionary seed and the builders the dictionary files share (dicts.ts, dicts-business.ts). */

export interface DictItemSeed {
  key: string;
  zh: string;
  en: string;
  /** Defaults to the item's position (1-based). */
  sort?: number;
  /** Free-form extras (blade attribute1..3): here a stable machine slug where code needs one. */
  attribute1?: string;
  attribute2?: string;
  attribute3?: string;
}

export interface DictSeed {
  code: string;
  zh: string;
  en: string;
  items: DictItemSeed[];
}

export type Extra = Pick<DictItemSeed, 'attribute1' | 'attribute2' | 'attribute3'>;
export type ItemRow = readonly [key: string, zh: string, en: string, extra?: Extra | string];

export interface TypedDictSeed<C extends string> extends DictSeed {
  code: C;
}

/** Builds a dictionary; items are `[key, zh, en, attribute1 | {attribute1..3}]`, sorted in the order given. */
export function dict<C extends string>(code: C, zh: string, en: string, rows: readonly ItemRow[]): TypedDictSeed<C> {
  return {
    code,
    zh,
    en,
    items: rows.map(([key, itemZh, itemEn, extra], i) => ({
      key,
      zh: itemZh,
      en: itemEn,
      sort: i + 1,
      ...(typeof extra === 'string' ? { attribute1: extra } : extra),
    })),
  };
}

/** Items keyed '1', '2', … in order. */
export function numbered(rows: readonly (readonly [zh: string, en: string, extra?: Extra | string])[]): ItemRow[] {
  return rows.map(([zh, en, extra], i) => [String(i + 1), zh, en, extra] as const);
}
