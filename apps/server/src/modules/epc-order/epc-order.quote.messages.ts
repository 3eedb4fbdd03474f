/**
 * The quote documents' and mails' texts in zh-CN and en-US: the mails' subjects and bodies, the PDF's file name and
 * notes, and the refusals of the quote routes (a translated 400).
 */
import { ValidationError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';

export const QUOTE_MESSAGES = {
  quoteSubject: ['报价单 {orderNumber}', 'Quotation {orderNumber}'],
  quoteBody: [
    '{name},您好:\n\n附件是您的光伏储能系统报价单(订单号 {orderNumber}),含税总计 {currency} {total}。\n如有疑问,请联系 {seller}。\n\n此致\n{seller}',
    'Dear {name},\n\nPlease find attached the quotation for your solar and storage system (order {orderNumber}), total including tax {currency} {total}.\nIf you have any questions, please contact {seller}.\n\nKind regards,\n{seller}',
  ],
  paymentSubject: ['付款确认 {orderNumber}', 'Payment confirmation {orderNumber}'],
  paymentBody: [
    '{name},您好:\n\n我们已于 {paidAt} 收到您为订单 {orderNumber} 支付的款项 {currency} {amount}(付款参考: {reference})。\n我们将尽快与您联系,安排安装日期。\n\n此致\n{seller}',
    'Dear {name},\n\nWe received your payment of {currency} {amount} on {paidAt} for order {orderNumber} (payment reference: {reference}).\nWe will contact you shortly to arrange the installation date.\n\nKind regards,\n{seller}',
  ],
  finalPaymentSubject: ['尾款确认 {orderNumber}', 'Final payment confirmation {orderNumber}'],
  finalPaymentBody: [
    '{name},您好:\n\n我们已于 {paidAt} 收到您为订单 {orderNumber} 支付的尾款 {currency} {amount}(付款参考: {reference})。\n您的订单已全部付清,感谢您的信任。\n\n此致\n{seller}',
    'Dear {name},\n\nWe received your final (balance) payment of {currency} {amount} on {paidAt} for order {orderNumber} (payment reference: {reference}).\nYour order is now paid in full. Thank you for your trust.\n\nKind regards,\n{seller}',
  ],
  calloutSubject: ['上门报价 {orderNumber}', 'Call-out quotation {orderNumber}'],
  calloutBody: [
    '{name},您好:\n\n附件是订单 {orderNumber} 的上门服务报价,含税总计 {currency} {total}。\n确认后我们将与您约定上门日期。如有疑问,请联系 {seller}。\n\n此致\n{seller}',
    'Dear {name},\n\nPlease find attached the call-out quotation for order {orderNumber}, total including tax {currency} {total}.\nOnce you agree, we will arrange the date of the visit. If you have any questions, please contact {seller}.\n\nKind regards,\n{seller}',
  ],
  calloutLine: ['上门服务费', 'Call-out service'],
  calloutPdfName: ['上门报价单-{orderNumber}.pdf', 'Call-out-quotation-{orderNumber}.pdf'],
  pdfName: ['报价单-{orderNumber}.pdf', 'Quotation-{orderNumber}.pdf'],
  validUntil: ['报价有效期至 {date}', 'This quotation is valid until {date}'],
  none: ['无', 'none'],
  noQuote: ['订单尚无报价', 'The order has no quote yet'],
  quoteInvalid: ['报价数据有误: {reason}', 'The quote cannot be priced: {reason}'],
  calloutNotApproved: ['上门报价尚未经财务审核通过,不能发送上门报价邮件', 'The call-out quote has not been approved by finance yet, so it cannot be e-mailed'],
  quoteNotApproved: ['报价尚未经财务审核通过,不能发送报价邮件', 'The quote has not been approved by finance yet, so it cannot be e-mailed'],
  paymentNotConfirmed: ['ESS付款尚未确认,不能发送付款确认邮件', 'The ESS payment has not been confirmed yet, so its confirmation cannot be e-mailed'],
  finalPaymentNotConfirmed: ['尾款尚未确认,不能发送尾款确认邮件', 'The balance payment has not been confirmed yet, so its confirmation cannot be e-mailed'],
  orderCancelled: ['订单已取消,不能发送邮件', 'The order has been cancelled; no e-mail can be sent'],
  recipientIncomplete: ['报价收件人需填写姓名、联系方式和地址', 'The quote recipient needs a name, a contact and an address'],
  recipientEmailMissing: ['收件人没有有效的电子邮箱: {email}', 'The recipient has no valid e-mail address: {email}'],
  mailFailed: ['邮件未发送(订单未变更,可稍后重试): {reason}', 'The e-mail was not sent (the order is unchanged; you can try again): {reason}'],
} as const satisfies Record<string, readonly [string, string]>;

export type QuoteMessageKey = keyof typeof QUOTE_MESSAGES;

export function quoteText(lang: Lang, key: QuoteMessageKey, params: Record<string, string | number> = {}): string {
  let text: string = QUOTE_MESSAGES[key][lang === 'en-US' ? 1 : 0];
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

/** A translated 400 with this message. */
export function quoteError(lang: Lang, key: QuoteMessageKey, params: Record<string, string | number> = {}): ValidationError {
  return new ValidationError([quoteText(lang, key, params)]);
}
