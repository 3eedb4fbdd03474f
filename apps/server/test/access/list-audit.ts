/**
 * Keeps the tenant probes of every list, page and lazy-list route honest (access.test.ts): each probe runs with the
 * app's `req` recorded, and afterwards every such route must have answered its own probe either 403 only (a
 * platform-only list) or 200 at least once with at least one row, every row that carries a tenant being tenant B's
 * (a further question refused with 400/404, e.g. "A's station", is fine). A probe whose list answers 400 (it sent
 * `id`/`ids`, which lists refuse) or shows nothing at all proves nothing about the tenant filter, and fails here.
 * Whether A's rows are hidden is each probe's own assertion.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helper.js';

export const LIST_ROUTE = /\/(list|page|lazy-list)$/;

/**
 * Lists whose probe may read an empty 200: B owns no station (the fleet-figure probes of test/access-stations.ts
 * expect B's totals to be 0). Their probe asserts 200 and that neither A's station name nor A's serials are in it.
 */
const C = '/api/skyworth-client';
export const STATION_LISTS_EMPTY = new Set(
  ['plant/list', 'plant/page', 'inverter/list', 'inverter/page', 'battery/list', 'battery/page', 'guardianPlant/list', 'charger/list'].map((p) => `GET ${C}/${p}`),
);

type Row = Record<string, unknown>;
const flat = (xs: Row[]): Row[] => xs.flatMap((x) => [x, ...flat(Array.isArray(x.children) ? (x.children as Row[]) : [])]);

/** The rows of a list answer: `data.records` (pages), `data` (lists, trees, lazy levels), flattened through `children`. */
export function rowsOf(body: unknown): Row[] {
  const data = (body as { data?: unknown } | undefined)?.data as { records?: unknown } | unknown[] | undefined;
  if (Array.isArray(data)) return flat(data as Row[]);
  if (data && Array.isArray((data as { records?: unknown }).records)) return flat((data as { records: Row[] }).records);
  return [];
}

interface Seen {
  status: number;
  rows: Row[];
}

export function listAudit(tenantB: string) {
  const seen = new Map<string, Seen[]>();
  const ran = new Set<string>();
  let current: string | undefined;

  /** Records the answers of `t.req` to the route of the probe that is running. */
  const install = (t: TestApp) => {
    const inner = t.req;
    t.req = async (opts: InjectOptions): Promise<LightMyRequestResponse> => {
      const res = await inner(opts);
      const path = String(opts.url ?? '').split('?')[0];
      if (current && `${opts.method ?? 'GET'} ${path}` === current) {
        let rows: Row[] = [];
        try {
          rows = rowsOf(res.json());
        } catch {
          // not JSON: no rows
        }
        seen.set(current, [...(seen.get(current) ?? []), { status: res.statusCode, rows }]);
      }
      return res;
    };
  };

  /** Wraps a probe so that its answers are attributed to its route. */
  const wrap = (key: string, probe: () => Promise<void>) => async () => {
    if (!LIST_ROUTE.test(key)) return probe();
    current = key;
    ran.add(key);
    try {
      await probe();
    } finally {
      current = undefined;
    }
  };

  /** Every list route whose probe ran and what is wrong with what it answered (empty: all honest). */
  const defects = (routes: string[]) => [
    ...[...STATION_LISTS_EMPTY].filter((k) => !routes.includes(k)).map((k) => `${k}: exempted from showing a row, but no such route`),
    ...routes
      .filter((k) => LIST_ROUTE.test(k) && ran.has(k))
      .flatMap((k) => {
        const answers = seen.get(k) ?? [];
        const codes = [...new Set(answers.map((a) => a.status))];
        if (!answers.length) return [`${k}: the probe never called it`];
        if (codes.length === 1 && codes[0] === 403) return [];
        if (!codes.includes(200) || codes.some((c) => c !== 200 && c !== 400 && c !== 404)) return [`${k}: answered ${codes.join(', ')}, not 200`];
        if (!STATION_LISTS_EMPTY.has(k) && !answers.some((a) => a.status === 200 && a.rows.length > 0)) return [`${k}: no answer showed a row of tenant B`];
        const foreign = answers.flatMap((a) => a.rows).filter((r) => 'tenantId' in r && String(r.tenantId) !== tenantB);
        return foreign.length ? [`${k}: rows of tenants ${[...new Set(foreign.map((r) => String(r.tenantId)))].join(', ')}`] : [];
      }),
  ];

  return { install, wrap, defects, ran };
}
