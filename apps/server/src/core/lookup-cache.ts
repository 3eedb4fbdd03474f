/**
 * A short-lived id → value cache for display names (role, department, post names on user lists). Missing ids are
 * fetched in one query; entries expire after `ttlMs`, so a rename shows on every process within that time.
 */
export class LookupCache<V> {
  private readonly map = new Map<string, { v: V | undefined; until: number }>();

  constructor(
    private readonly load: (ids: string[]) => Promise<Map<string, V>>,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 20_000,
  ) {}

  async get(ids: readonly string[]): Promise<Map<string, V>> {
    const now = Date.now();
    const out = new Map<string, V>();
    const missing: string[] = [];
    for (const id of new Set(ids)) {
      const hit = this.map.get(id);
      if (hit && hit.until > now) {
        if (hit.v !== undefined) out.set(id, hit.v);
      } else missing.push(id);
    }
    if (missing.length) {
      const loaded = await this.load(missing);
      if (this.map.size + missing.length > this.maxEntries) this.map.clear();
      for (const id of missing) {
        const v = loaded.get(id);
        this.map.set(id, { v, until: now + this.ttlMs });
        if (v !== undefined) out.set(id, v);
      }
    }
    return out;
  }

  clear(): void {
    this.map.clear();
  }
}
