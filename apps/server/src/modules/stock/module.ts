/**
 * Stock and materials (issue 17): SKU base info, warehouses, materials (CRUD engine, Excel for
 * materials) and the stock ledger — balances, movements with reversing cancels, the change log, serial numbers
 * checked against the factory lists, the valuation and low-stock notices in the bell.
 */
import { defineModule } from '../../kernel/types.js';
import type { StockApi } from './index.js';
import { StockLedger } from './stock.ledger.js';
import { StockReservations } from './stock.reserve.js';
import { StockQueries } from './stock.queries.js';
import { stockRoutes } from './stock.routes.js';

export default defineModule<StockApi>({
  name: 'stock',
  services: (ctx) => {
    const ledger = new StockLedger(ctx);
    return { ledger, queries: new StockQueries(ctx), reservations: new StockReservations(ctx, ledger) };
  },
  routes: (app, ctx, api) => stockRoutes(app, ctx, api),
});
