/**
 * The stock module's public entry: the ledger (movements, cancels, serial status) and its reads, for the order
 * workflow and stations that draw on stock (reserve for an order, issue on shipment, install a serial at a station).
 */
import type { StockLedger } from './stock.ledger.js';
import type { StockQueries } from './stock.queries.js';
import type { StockReservations } from './stock.reserve.js';

export type { MovementInput } from './stock.ledger.js';
export type { ReserveLine } from './stock.reserve.js';

export interface StockApi {
  ledger: StockLedger;
  queries: StockQueries;
  /** Reservations for a neighbour's record, inside the neighbour's transaction. */
  reservations: StockReservations;
}

declare module '../../kernel/types.js' {
  interface ModuleApis {
    stock: StockApi;
  }
}

// Issuing against a record's reservation (an installer order's shipment) and the shipment screens' reads.
export { heldFor, issueForReference, serialChoices, type HeldLine, type IssueLine } from './stock.issue.js';
// The serials issued under a record's reference, and their installation at a station (an order's commissioning).
export { installSerials, referenceSerials, serialStates, swapSerials, type ReferenceSerial } from './stock.install.js';
