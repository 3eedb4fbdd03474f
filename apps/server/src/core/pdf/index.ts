/** Server-side PDF documents (no module imports): the quote and its arithmetic. */
export { renderQuotePdf, QUOTE_PAGE, type QuoteDocument, type QuoteLine, type QuoteParty, type RenderQuoteOptions } from './quote-pdf.js';
export {
  quoteTotals,
  lineAmounts,
  toCents,
  formatCents,
  formatPercent,
  formatQuantity,
  divHalfUp,
  type Money,
  type Decimal,
  type QuoteLineInput,
  type LineAmounts,
  type QuoteTotals,
} from '@helio/contracts/money/quote-totals';
export { QUOTE_LABELS, formatQuoteDate } from './quote-messages.js';
