/** The quote document's labels in zh-CN and en-US (the two tables must keep the same keys). */
import type { Lang } from '../i18n.js';

export const QUOTE_LABELS = {
  'zh-CN': {
    title: '报价单',
    orderNo: '订单编号',
    date: '报价日期',
    currency: '币种',
    seller: '报价方',
    recipient: '客户',
    contact: '联系方式',
    address: '地址',
    colNo: '序号',
    colSku: 'SKU',
    colName: '名称',
    colSpec: '规格/型号',
    colQty: '数量',
    colUnitPrice: '单价',
    colDiscount: '折扣',
    colTax: '税率',
    colTotal: '金额(含税)',
    subtotal: '小计',
    discount: '折扣',
    tax: '税额',
    total: '合计',
    notes: '备注',
    page: '第 {page} / {pages} 页',
    continued: '(续)',
  },
  'en-US': {
    title: 'Quotation',
    orderNo: 'Order no.',
    date: 'Date',
    currency: 'Currency',
    seller: 'From',
    recipient: 'To',
    contact: 'Contact',
    address: 'Address',
    colNo: 'No.',
    colSku: 'SKU',
    colName: 'Name',
    colSpec: 'Spec / model',
    colQty: 'Qty',
    colUnitPrice: 'Unit price',
    colDiscount: 'Discount',
    colTax: 'Tax',
    colTotal: 'Amount (incl. tax)',
    subtotal: 'Subtotal',
    discount: 'Discount',
    tax: 'Tax',
    total: 'Total',
    notes: 'Notes',
    page: 'Page {page} of {pages}',
    continued: '(continued)',
  },
} satisfies Record<Lang, Record<string, string>>;

export type QuoteLabels = (typeof QUOTE_LABELS)['zh-CN'];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11-28" (or a Date, read in UTC) → "2026年11月28日" / "28 Nov 2026". */
export function formatQuoteDate(date: string | Date, language: Lang): string {
  const iso = typeof date === 'string' ? date : date.toISOString();
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) throw new RangeError(`date: expected YYYY-MM-DD: ${iso}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return language === 'zh-CN' ? `${y}年${mo}月${d}日` : `${d} ${MONTHS[mo - 1]} ${y}`;
}
