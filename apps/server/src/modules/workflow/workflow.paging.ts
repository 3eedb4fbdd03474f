/** A page in Blade's shape from a row query and a count query run side by side. */
import type { Paging } from '../../core/list-query.js';

export async function paged<T, V>(p: Paging, rows: Promise<T[]>, total: Promise<{ n: number }[]>, vo: (r: T) => V) {
  const [r, [c]] = await Promise.all([rows, total]);
  const n = Number(c?.n ?? 0);
  return { records: r.map(vo), total: n, size: p.size, current: p.current, pages: Math.ceil(n / p.size) };
}
