/**
 * The mail module's own messages in zh-CN and en-US: why a message could not be sent (answered as a translated 400
 * in the caller's language; recorded in the outbox in English) and the test message's text.
 */
import { ValidationError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';

export const MAIL_MESSAGES = {
  auth: ['邮件服务器拒绝了用户名或密码: {reason}', 'The mail server refused the user name or password: {reason}'],
  authRequired: ['邮件服务器要求登录,请填写用户名和密码', 'The mail server requires a sign-in; enter a user name and password'],
  refused: ['无法连接邮件服务器 {host}:{port}(连接被拒绝)', 'Could not connect to the mail server {host}:{port} (connection refused)'],
  unreachable: ['无法连接邮件服务器 {host}:{port}({reason})', 'Could not reach the mail server {host}:{port} ({reason})'],
  timeout: ['邮件服务器 {host}:{port} 在 {seconds} 秒内没有应答', 'The mail server {host}:{port} did not answer within {seconds} s'],
  dns: ['找不到邮件服务器: {host}', 'The mail server was not found: {host}'],
  tls: ['与邮件服务器建立加密连接失败: {reason}', 'The encrypted connection to the mail server failed: {reason}'],
  rejected: ['邮件服务器拒收了该邮件: {reason}', 'The mail server refused the message: {reason}'],
  failed: ['邮件发送失败: {reason}', 'The e-mail could not be sent: {reason}'],
  hostNotAllowed: ['不允许连接该主机: {host}', 'Connections to this host are not allowed: {host}'],
  noConfig: ['没有启用的邮件配置', 'No mail configuration is enabled'],
  passwordUnreadable: ['无法读取已保存的密码,请重新输入密码', 'The stored password cannot be read; enter it again'],
  recipientInvalid: ['收件人地址格式不正确', 'The recipient address is not valid'],
  attachmentsTooLarge: ['附件总大小不能超过 {mb} MB', 'The attachments must not exceed {mb} MB together'],
  subjectInvalid: ['邮件主题不能为空且不能超过 255 个字符', 'The subject must not be empty or longer than 255 characters'],
  testSubject: ['Helio 测试邮件', 'Helio test e-mail'],
  testBody: [
    '这是一封来自 Helio 的测试邮件,邮件配置“{name}”({host}:{port})可以正常发送。\n发送时间: {time}',
    'This is a test message from Helio: the mail configuration "{name}" ({host}:{port}) can send mail.\nSent at: {time}',
  ],
} as const satisfies Record<string, readonly [string, string]>;

export type MailMessageKey = keyof typeof MAIL_MESSAGES;
export type MailParams = Record<string, string | number>;

export function mailText(lang: Lang, key: MailMessageKey, params: MailParams = {}): string {
  let text: string = MAIL_MESSAGES[key][lang === 'en-US' ? 1 : 0];
  for (const [k, v] of Object.entries(params)) text = text.replaceAll(`{${k}}`, String(v));
  return text;
}

/** A mail failure: the translated 400 the client gets (the error handler answers a ValidationError's message). */
export class MailError extends ValidationError {
  constructor(
    readonly key: MailMessageKey,
    readonly params: MailParams,
    lang: Lang,
  ) {
    super([mailText(lang, key, params)]);
  }

  /** The same in English, for the outbox and the notification record. */
  get english(): string {
    return mailText('en-US', this.key, this.params);
  }
}
