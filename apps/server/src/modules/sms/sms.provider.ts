/**
 * SMS providers. `log` (the default) sends nothing: it writes the message to the server log (the outbox table
 * gets every message whatever the provider). `aliyun` calls Alibaba Cloud SMS `SendSms` (API version 2017-05-25)
 * with the RPC signature (SignatureVersion 1.0, HMAC-SHA1 over `GET&%2F&<percent-encoded sorted query>`, key
 * `<AccessKeySecret>&`), through the outbound guard.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { guardedRequest, OutboundRefused, type OutboundGuard } from '../../core/net-guard.js';

export interface SmsMessage {
  phones: string[];
  templateId: string;
  signName: string;
  params: Record<string, string>;
}

export interface SmsResult {
  ok: boolean;
  /** Provider's message id, or its error code and message. */
  detail: string;
}

export interface SmsProvider {
  readonly name: 'log' | 'aliyun';
  send(m: SmsMessage): Promise<SmsResult>;
}

export interface InfoLogger {
  info(obj: object, msg: string): void;
}

export class LogSmsProvider implements SmsProvider {
  readonly name = 'log' as const;
  constructor(private readonly logger: InfoLogger) {}

  async send(m: SmsMessage): Promise<SmsResult> {
    this.logger.info({ sms: { phones: m.phones, templateId: m.templateId, signName: m.signName, params: m.params } }, 'sms (log provider, not sent)');
    return { ok: true, detail: 'logged' };
  }
}

/** RFC 3986 encoding as Alibaba Cloud specifies it (space → %20, `*` → %2A, `~` kept). */
export function percentEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The signed query string of an Alibaba Cloud RPC call (GET). */
export function aliyunSignedQuery(params: Record<string, string>, accessKeySecret: string, method = 'GET'): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  const signature = createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
  return `Signature=${percentEncode(signature)}&${canonical}`;
}

export interface AliyunOptions {
  accessKeyId: string;
  accessKeySecret: string;
  regionId: string;
  /** Default https://dysmsapi.aliyuncs.com */
  endpoint: URL;
  guard: OutboundGuard;
}

export class AliyunSmsProvider implements SmsProvider {
  readonly name = 'aliyun' as const;
  constructor(private readonly o: AliyunOptions) {}

  async send(m: SmsMessage): Promise<SmsResult> {
    const params: Record<string, string> = {
      AccessKeyId: this.o.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      // Alibaba Cloud takes international numbers as country code + number, without the plus.
      PhoneNumbers: m.phones.map((x) => x.replace(/^\+/, '')).join(','),
      RegionId: this.o.regionId || 'cn-hangzhou',
      SignName: m.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: m.templateId,
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    if (Object.keys(m.params).length) params.TemplateParam = JSON.stringify(m.params);
    const url = new URL(this.o.endpoint.toString());
    url.pathname = '/';
    url.search = `?${aliyunSignedQuery(params, this.o.accessKeySecret)}`;
    try {
      const res = await guardedRequest(this.o.guard, url, { method: 'GET', timeoutMs: 10_000, maxBytes: 64 * 1024 });
      const body = JSON.parse(res.body || '{}') as { Code?: string; Message?: string; BizId?: string };
      if (res.status === 200 && body.Code === 'OK') return { ok: true, detail: body.BizId ?? 'OK' };
      return { ok: false, detail: `${body.Code ?? res.status}: ${body.Message ?? ''}`.slice(0, 300) };
    } catch (e) {
      // A gateway on a refused address is the configuration's fault, not a failed delivery: say so, translated.
      if (e instanceof OutboundRefused) throw e;
      return { ok: false, detail: (e as Error).message.slice(0, 300) };
    }
  }
}
