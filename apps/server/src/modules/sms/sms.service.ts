/**
 * Sending SMS through a tenant's configuration (the enabled one, or one named by code; none = the log-only
 * provider), recording every message in the outbox (verification codes masked), the rules of configuration writes
 * and enabling one, and sending a verification code (phone-account.service.ts has the flows around it).
 */
import { smsOutboxResource, smsResource } from '@helio/contracts/modules/sms/sms.resource';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { BizError } from '../../core/errors.js';
import { isId, nextId } from '../../core/ids.js';
import type { OutboundGuard } from '../../core/net-guard.js';
import type { ReadOnlyOptions, ReadTable } from '../../core/read-routes.js';
import type { SecretBox } from '../../core/secret-box.js';
import { tenantCondition } from '../../core/tenant.js';
import type { CrudRepositoryHooks } from '../../crud/register-crud.js';
import { smsOutbox } from '../../db/schema-resource.js';
import { AliyunSmsProvider, LogSmsProvider, type SmsMessage, type SmsProvider, type SmsResult } from './sms.provider.js';
import { configByCode, configById, enableConfig, enabledConfig, findUserByPhone, insertOutbox, type SmsRow } from './sms.repository.js';
import { VerificationCodes, type CodeScene, type Phone } from './verification.js';

/** dict `sms`: 1 log output, 2 Aliyun, 3 Tencent (not yet), 4 generic HTTP gateway (not yet). */
const CATEGORY_LOG = 1;
const CATEGORY_ALIYUN = 2;
const VERIFICATION_TEMPLATE = 'verification';
const MAX_PHONES = 100;

export interface SendContext {
  tenantId: string;
  userId?: string | undefined;
  scene?: string;
  /** Params whose values are secrets (masked in the outbox). */
  secretParams?: readonly string[];
}

/** `send-message` as a client sends it: a configuration code, comma-separated phones, template parameters. */
export interface MessageInput {
  code?: string | undefined;
  phones?: string | undefined;
  /** A JSON object, as text or already parsed. */
  params?: unknown;
}

export class SmsService {
  readonly codes: VerificationCodes;
  private readonly logProvider: LogSmsProvider;
  /** The CRUD engine's write hooks of `sms` (run inside the write's transaction). */
  readonly hooks: CrudRepositoryHooks;
  /** The read-only engine's options of the outbox list and detail: messages of the caller's tenant. */
  readonly outboxReads: ReadOnlyOptions = {
    def: smsOutboxResource,
    table: smsOutbox as unknown as ReadTable,
    scope: (actor, q) => [tenantCondition(smsOutbox.tenantId, actor, q)],
  };

  constructor(
    private readonly ctx: ModuleContext,
    readonly box: SecretBox,
    private readonly guard: OutboundGuard,
  ) {
    this.codes = new VerificationCodes(ctx.kv);
    this.logProvider = new LogSmsProvider(ctx.log);
    this.hooks = {
      beforeWrite: (call, row, values) => {
        if (call.op === 'remove') return;
        const merged = { ...(row ?? {}), ...values } as Record<string, unknown>;
        if (merged.endpoint) guard.checkUrl(String(merged.endpoint), 'endpoint');
        if (Number(merged.category) === CATEGORY_ALIYUN) {
          for (const key of ['accessKey', 'secretKey', 'signName', 'templateId']) {
            const f = smsResource.fields.find((x) => x.key === key)!;
            if (!merged[key]) throw new BizError('required', { field: call.lang === 'en-US' ? f.label.en : f.label.zh });
          }
        }
        if (typeof values.secretKey === 'string' && values.secretKey !== '' && !box.isSealed(values.secretKey)) {
          values.secretKey = box.seal(values.secretKey);
        }
      },
    };
  }

  enabledConfig(tenantId: string): Promise<SmsRow | undefined> {
    return enabledConfig(this.ctx.db, tenantId);
  }

  configByCode(tenantId: string, code: string): Promise<SmsRow | undefined> {
    return configByCode(this.ctx.db, tenantId, code);
  }

  /** Makes a configuration of the actor's tenant (platform users: any) its tenant's only enabled one; answers it. */
  async enable(actor: Actor, id: string): Promise<SmsRow> {
    return this.ctx.tx(async (tx) => {
      const row = isId(id) ? await configById(tx, this.ctx.scope(actor), id) : undefined;
      if (!row) throw new BizError('recordNotFound');
      await enableConfig(tx, row, actor);
      return row;
    });
  }

  providerFor(row: SmsRow | undefined): SmsProvider {
    if (!row || row.category === CATEGORY_LOG) return this.logProvider;
    if (row.category === CATEGORY_ALIYUN) {
      const secret = this.box.open(row.secretKey);
      if (!row.accessKey || !secret) throw new BizError('smsSendFailed', { reason: 'access key' });
      return new AliyunSmsProvider({
        accessKeyId: row.accessKey,
        accessKeySecret: secret,
        regionId: row.regionId ?? '',
        endpoint: this.guard.checkUrl(row.endpoint || 'https://dysmsapi.aliyuncs.com', 'endpoint'),
        guard: this.guard,
      });
    }
    throw new BizError('smsProviderUnsupported');
  }

  /** Sends through the configuration's provider and records the message in the outbox. */
  async send(row: SmsRow | undefined, m: SmsMessage, ctx: SendContext): Promise<SmsResult> {
    const provider = this.providerFor(row);
    const result = await provider.send(m);
    const shown = Object.fromEntries(Object.entries(m.params).map(([k, v]) => [k, ctx.secretParams?.includes(k) ? '******' : v]));
    await insertOutbox(this.ctx.db, {
      id: nextId(),
      tenantId: ctx.tenantId,
      smsId: row?.id ?? null,
      provider: provider.name,
      phones: m.phones.join(',').slice(0, 2000),
      templateId: m.templateId.slice(0, 64),
      signName: m.signName.slice(0, 64),
      params: JSON.stringify(shown).slice(0, 4000),
      scene: (ctx.scene ?? 'message').slice(0, 16),
      success: result.ok ? 1 : 0,
      result: result.detail.slice(0, 500),
      createUser: ctx.userId ?? null,
    });
    return result;
  }

  /**
   * `send-message`: with the configuration named by `code` (else the enabled one) of the actor's tenant, to at most
   * MAX_PHONES numbers, with at most 20 template parameters; a provider's refusal is a 400 with its reason.
   */
  async sendMessage(actor: Actor, input: MessageInput): Promise<void> {
    const code = input.code ?? '';
    const row = code ? await this.configByCode(actor.tenantId, code) : await this.enabledConfig(actor.tenantId);
    if (code && !row) throw new BizError('smsConfigNotFound', { code: code.slice(0, 32) });
    const phones = String(input.phones ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    if (phones.length === 0 || phones.some((x) => !/^\+?\d{5,15}$/.test(x))) throw new BizError('phoneInvalid');
    if (phones.length > MAX_PHONES) throw new BizError('smsTooManyPhones', { max: MAX_PHONES });
    const result = await this.send(
      row,
      { phones, templateId: row?.templateId ?? '', signName: row?.signName ?? '', params: templateParams(input.params) },
      { tenantId: actor.tenantId, userId: actor.userId, scene: 'message' },
    );
    if (!result.ok) throw new BizError('smsSendFailed', { reason: result.detail.slice(0, 80) });
  }

  /**
   * A verification code for a phone: limits first (always counted), then — for sign-in and password reset — only
   * phones of an existing account get a message. The caller's answer is the same either way.
   */
  async requestCode(scene: CodeScene, tenantId: string, p: Phone, ip: string): Promise<void> {
    await this.codes.admit(p, ip);
    if (scene !== 'verify' && !(await findUserByPhone(this.ctx.db, tenantId, p))) return;
    const code = await this.codes.issue(scene, tenantId, p);
    const row = await this.enabledConfig(tenantId);
    const result = await this.send(
      row,
      { phones: [`${p.dial}${p.number}`], templateId: row?.templateId || VERIFICATION_TEMPLATE, signName: row?.signName ?? '', params: { code } },
      { tenantId, scene, secretParams: ['code'] },
    );
    if (!result.ok) throw new BizError('smsSendFailed', { reason: result.detail.slice(0, 80) });
  }
}

/** Template parameters: a JSON object (text or parsed), at most 20 keys of 32 and values of 200 characters. */
function templateParams(raw: unknown): Record<string, string> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    throw new BizError('invalidFormat', { field: 'params' });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BizError('invalidFormat', { field: 'params' });
  return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).slice(0, 20).map(([k, v]) => [k.slice(0, 32), String(v).slice(0, 200)]));
}
