/** The stock screen's server calls: contracts endpoints (typed by their schemas) and react-query keys. */
import { useQueryClient } from '@tanstack/react-query';
import type { BodyOf, DataOf } from '@helio/contracts/api/endpoint';
import {
  movementCancel,
  movementPage,
  movementSave,
  serialPage,
  skuPullDown,
  stockList,
  stockLogPage,
  stockSummary,
} from '@helio/contracts/modules/stock/stock.api';
import { callEndpoint, useEndpoint } from '@/core/http/endpoint';

export type BalanceRow = DataOf<typeof stockList>['records'][number];
export type MovementRow = DataOf<typeof movementPage>['records'][number];
export type StockLogRow = DataOf<typeof stockLogPage>['records'][number];
export type SerialRow = DataOf<typeof serialPage>['records'][number];
export type SkuOption = DataOf<typeof skuPullDown>[number];
export type MovementBody = BodyOf<typeof movementSave>;

export const useBalances = (q: Record<string, string | undefined>) => useEndpoint(stockList, q);
export const useSummary = () => useEndpoint(stockSummary, {});
export const useMovements = (q: Record<string, string | undefined>) => useEndpoint(movementPage, q);
export const useStockLog = (q: Record<string, string | undefined>) => useEndpoint(stockLogPage, q);
export const useSerials = (q: Record<string, string | undefined>) => useEndpoint(serialPage, q);
export const useSkuOptions = () => useEndpoint(skuPullDown, {});

/** After a movement or a cancel every stock figure is stale. */
export function useStockRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['endpoint'], predicate: (q) => String(q.queryKey[1] ?? '').startsWith('/api/skyworth-agent/') });
}

export const saveMovement = (body: MovementBody) => callEndpoint(movementSave, undefined, body);
export const cancelMovement = (id: string, reason?: string) => callEndpoint(movementCancel, undefined, { id, reason: reason ?? null });
