/**
 * Sending SMS through a tenant's configuration (the enabled one, or one named by code; none = the log-only
 * provider), recording every message in the outbox (verification codes masked), and the verification-code flows
 * of phone sign-in and forgotten passwords.
 */
import { and, eq, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BizError } from '../../core/errors.js';
import { nextId } from '../../core/ids.js';
import type { KvStore } from '../../core/kv-store.js';
import type { Db } from '../../db/client.js';
import { user } from '../../db/schema.js';
import { sms, smsOutbox } from '../../db/schema-resource.js';
import type { OutboundGuard } from '../../core/net-guard.js';
import type { SecretBox } from '../../core/secret-box.js';
import { AliyunSmsProvider, LogSmsProvider, type SmsMessage, type SmsProvider, type SmsResult } from './sms.provider.js';
import { VerificationCodes, type CodeScene, type Phone } from './verification.js';

export type SmsRow = typeof sms.$inferSelect;

export const ENABLED = 2;
/** dict `sms`: 1 log output, 2 Aliyun, 3 Tencent (not yet), 4 generic HTTP gateway (not yet). */
const CATEGORY_LOG = 1;
const CATEGORY_ALIYUN = 2;
const VERIFICATION_TEMPLATE = 'verification';

export interface SendContext {
  tenantId: string;
  userId?: string | undefined;
  scene?: string;
  /** Params whose values are secrets (masked in the outbox). */
  secretParams?: readonly string[];
}

export class SmsService {
  readonly codes: VerificationCodes;
  private readonly logProvider: LogSmsProvider;

  constructor(
    private readonly db: Db,
    kv: KvStore,
    private readonly box: SecretBox,
    private readonly guard: OutboundGuard,
    logger: FastifyBaseLogger,
  ) {
    this.codes = new VerificationCodes(kv);
    this.logProvider = new LogSmsProvider(logger);
  }

  async enabledConfig(tenantId: string): Promise<SmsRow | undefined> {
    const [row] = await this.db.select().from(sms).where(and(eq(sms.tenantId, tenantId), eq(sms.status, ENABLED), eq(sms.isDeleted, 0)));
    return row;
  }

  async configByCode(tenantId: string, code: string): Promise<SmsRow | undefined> {
    const [row] = await this.db.select().from(sms).where(and(eq(sms.tenantId, tenantId), eq(sms.smsCode, code), eq(sms.isDeleted, 0)));
    return row;
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
    await this.db.insert(smsOutbox).values({
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
   * A verification code for a phone: limits first (always counted), then — for sign-in and password reset — only
   * phones of an existing account get a message. The caller's answer is the same either way.
   */
  async requestCode(scene: CodeScene, tenantId: string, p: Phone, ip: string): Promise<void> {
    await this.codes.admit(p, ip);
    if (scene !== 'verify' && !(await findUserByPhone(this.db, tenantId, p))) return;
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

/** The one live account of a tenant with this phone (none when missing, disabled or ambiguous). */
export async function findUserByPhone(db: Db, tenantId: string, p: Phone): Promise<typeof user.$inferSelect | undefined> {
  const rows = await db
    .select()
    .from(user)
    .where(
      and(
        eq(user.tenantId, tenantId),
        eq(user.phone, p.number),
        eq(user.isDeleted, 0),
        eq(user.status, 1),
        or(eq(user.phoneDiallingCode, p.dial), eq(user.phoneDiallingCode, p.dial.slice(1)), eq(user.phoneDiallingCode, ''), isNull(user.phoneDiallingCode)),
      ),
    )
    .limit(2);
  return rows.length === 1 ? rows[0] : undefined;
}
