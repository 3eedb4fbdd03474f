/**
 * Mail: the rules of configuration writes (the password sealed, the host judged by the outbound guard), enabling
 * one, the test send, and `send` for neighbours (the tenant's enabled configuration; never throws: `{ok, error}`).
 * Every message, sent or not, is recorded in the outbox.
 */
import { EMAIL_PATTERN } from '@helio/contracts/validation';
import { MAIL_SECURITY, mailOutboxResource, mailResource, type MailSecurity } from '@helio/contracts/modules/mail/mail.resource';
import type { Actor, ModuleContext } from '../../kernel/types.js';
import { BizError } from '../../core/errors.js';
import type { Lang } from '../../core/i18n.js';
import { isId, nextId } from '../../core/ids.js';
import { OutboundRefused, type OutboundGuard } from '../../core/net-guard.js';
import type { ReadOnlyOptions, ReadTable } from '../../core/read-routes.js';
import { SecretBox } from '../../core/secret-box.js';
import { tenantCondition } from '../../core/tenant.js';
import type { CrudRepositoryHooks } from '../../crud/register-crud.js';
import { MailError, mailText } from './mail.messages.js';
import { configById, enableConfig, enabledConfig, insertOutbox, type MailRow } from './mail.repository.js';
import { mailOutbox } from './mail.tables.js';
import { DEFAULT_TIMEOUT_MS, sendSmtp, SmtpFailure, type OutgoingMail, type SmtpSent } from './mail.transport.js';

const EMAIL = new RegExp(EMAIL_PATTERN);
const MAX_TEXT = 100_000;

export interface SendResult {
  ok: boolean;
  /** Why not, in English (also in the outbox). */
  error?: string;
}

/** `deliver`'s answer: the result, the outbox row and why not in the caller's language. */
export interface MailDelivery extends SendResult {
  /** Why not, in `SendOptions.lang` (English when none is given). */
  message?: string;
  /** The outbox row of this message (absent only when the outbox write failed). */
  outboxId?: string;
}

export interface SendOptions {
  /** Outbox scene: notify, message (default). */
  scene?: string;
  userId?: string | undefined;
  /** The language of `SendResult.message`. */
  lang?: Lang | undefined;
}

/** Attachments of one message: at most this many bytes together. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

export interface MailServiceOptions {
  /** The whole exchange's limit (default 10 s). */
  timeoutMs?: number;
}

const labelOf = (key: string, lang: Lang) => {
  const f = mailResource.fields.find((x) => x.key === key)!;
  return lang === 'en-US' ? f.label.en : f.label.zh;
};

export class MailService {
  /** The CRUD engine's write hooks of `mail` (run inside the write's transaction). */
  readonly hooks: CrudRepositoryHooks;
  /** The read-only engine's options of the outbox: messages of the caller's tenant. */
  readonly outboxReads: ReadOnlyOptions = {
    def: mailOutboxResource,
    table: mailOutbox as unknown as ReadTable,
    scope: (actor, q) => [tenantCondition(mailOutbox.tenantId, actor, q)],
  };
  private readonly timeoutMs: number;

  constructor(
    private readonly ctx: ModuleContext,
    private readonly guard: OutboundGuard,
    opts: MailServiceOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.hooks = {
      beforeWrite: async (call, row, values) => {
        if (call.op === 'remove') return;
        const merged = { ...(row ?? {}), ...values } as Record<string, unknown>;
        if (!MAIL_SECURITY.includes(String(merged.security) as MailSecurity)) {
          throw new BizError('invalidFormat', { field: labelOf('security', call.lang) });
        }
        if (typeof values.host === 'string') values.host = values.host.trim();
        const host = String(merged.host ?? '').trim();
        // An early, clear refusal of a literal private address or a localhost name; connections are judged again.
        if (!/^[A-Za-z0-9._:[\]-]+$/.test(host)) throw new BizError('invalidFormat', { field: labelOf('host', call.lang) });
        this.guard.assertLiteral(host);
        if (/^localhost\.?$|\.localhost\.?$/i.test(host) && !this.guard.listed(host)) throw new OutboundRefused(host);
        if (typeof values.password === 'string' && values.password !== '') {
          const box = await this.box();
          if (!box.isSealed(values.password)) values.password = box.seal(values.password);
        }
      },
    };
  }

  /** Loaded when first used: the storage module configures the storage key while the services are built. */
  private box(): Promise<SecretBox> {
    return SecretBox.load(this.ctx.db);
  }

  /** Makes a configuration of the actor's tenant (platform users: any) its tenant's only enabled one; answers it. */
  async enable(actor: Actor, id: string): Promise<MailRow> {
    return this.ctx.tx(async (tx) => {
      const row = isId(id) ? await configById(tx, this.ctx.scope(actor), id) : undefined;
      if (!row) throw new BizError('recordNotFound');
      await enableConfig(tx, row, actor);
      return row;
    });
  }

  /** A test message through one configuration (enabled or not) of the actor's tenant; a failure is a translated 400. */
  async testSend(actor: Actor, input: { id: string; to: string }, lang: Lang): Promise<SmtpSent> {
    const to = input.to.trim();
    if (!EMAIL.test(to)) throw new MailError('recipientInvalid', {}, lang);
    const row = isId(input.id) ? await configById(this.ctx.db, this.ctx.scope(actor), input.id) : undefined;
    if (!row) throw new BizError('recordNotFound');
    const params = { name: row.name, host: row.host, port: row.port };
    const message = {
      to,
      subject: mailText(lang, 'testSubject'),
      text: mailText(lang, 'testBody', { ...params, time: new Date().toISOString() }),
    };
    const outcome = await this.deliver(row, message);
    await this.record(row.tenantId, row.id, message, outcome, { scene: 'test', userId: actor.userId });
    if ('failure' in outcome) {
      const f = outcome.failure;
      if (f instanceof OutboundRefused) throw f;
      throw new MailError(f.key, f.params, lang);
    }
    return outcome.sent;
  }

  /**
   * A message through the tenant's enabled configuration, recorded in the outbox; never throws and never takes
   * longer than the time limit (plus the outbox write).
   */
  async send(tenantId: string, m: OutgoingMail, opts: SendOptions = {}): Promise<SendResult> {
    const r = await this.deliverMail(tenantId, m, opts);
    return r.ok ? { ok: true } : { ok: false, ...(r.error !== undefined ? { error: r.error } : {}) };
  }

  /** `send`, answering also the outbox row and, on failure, why in `opts.lang`. */
  async deliverMail(tenantId: string, m: OutgoingMail, opts: SendOptions = {}): Promise<MailDelivery> {
    const message = { ...m, to: String(m.to ?? '').trim(), subject: String(m.subject ?? '').slice(0, 255) };
    let row: MailRow | undefined;
    let outcome: Outcome;
    try {
      row = await enabledConfig(this.ctx.db, tenantId);
      if (!EMAIL.test(message.to)) outcome = { failure: new SmtpFailure('recipientInvalid', {}) };
      else if (!message.subject.trim() || /[\r\n]/.test(message.subject)) outcome = { failure: new SmtpFailure('subjectInvalid', {}) };
      else if (!row) outcome = { failure: new SmtpFailure('noConfig', {}) };
      else if ((m.attachments ?? []).reduce((n, a) => n + a.content.length, 0) > MAX_ATTACHMENT_BYTES) {
        outcome = { failure: new SmtpFailure('attachmentsTooLarge', { mb: MAX_ATTACHMENT_BYTES / 1024 / 1024 }) };
      } else outcome = await this.deliver(row, { ...message, text: String(message.text ?? '').slice(0, MAX_TEXT), html: m.html?.slice(0, MAX_TEXT) });
    } catch (e) {
      this.ctx.log.warn({ err: e }, 'mail send failed before delivery');
      outcome = { failure: new SmtpFailure('failed', { reason: (e as Error).message?.slice(0, 200) ?? 'unknown error' }) };
    }
    let outboxId: string | undefined;
    try {
      outboxId = await this.record(tenantId, row?.id ?? null, message, outcome, { scene: opts.scene ?? 'message', userId: opts.userId });
    } catch (e) {
      this.ctx.log.warn({ err: e }, 'mail outbox record failed');
    }
    const ref = outboxId ? { outboxId } : {};
    if ('sent' in outcome) return { ok: true, ...ref };
    return { ok: false, error: englishOf(outcome.failure), message: textOf(outcome.failure, opts.lang ?? 'en-US'), ...ref };
  }

  /** Opens the password and sends; a failure is returned, not thrown. */
  private async deliver(row: MailRow, m: OutgoingMail): Promise<Outcome> {
    let password: string | null = null;
    if (row.password) {
      password = (await this.box()).open(row.password);
      if (password === null) return { failure: new SmtpFailure('passwordUnreadable', {}) };
    }
    const settings = {
      host: row.host,
      port: row.port,
      security: row.security as MailSecurity,
      username: row.username,
      password,
      fromAddress: row.fromAddress,
      fromName: row.fromName,
    };
    try {
      return { sent: await sendSmtp(this.guard, settings, m, this.timeoutMs) };
    } catch (e) {
      if (e instanceof SmtpFailure || e instanceof OutboundRefused) return { failure: e };
      return { failure: new SmtpFailure('failed', { reason: String((e as Error)?.message ?? e).slice(0, 200) }) };
    }
  }

  private async record(tenantId: string, mailId: string | null, m: { to: string; subject: string }, outcome: Outcome, o: Required<Pick<SendOptions, 'scene'>> & SendOptions): Promise<string> {
    const id = nextId();
    await insertOutbox(this.ctx.db, {
      id,
      tenantId,
      mailId,
      toAddress: m.to.slice(0, 320),
      subject: m.subject.slice(0, 255),
      scene: o.scene.slice(0, 16),
      success: 'sent' in outcome ? 1 : 0,
      error: 'failure' in outcome ? englishOf(outcome.failure).slice(0, 500) : null,
      messageId: 'sent' in outcome ? outcome.sent.messageId.slice(0, 255) : null,
      createUser: o.userId ?? null,
    });
    return id;
  }
}

type Outcome = { sent: SmtpSent } | { failure: SmtpFailure | OutboundRefused };

function textOf(f: SmtpFailure | OutboundRefused, lang: Lang): string {
  return f instanceof OutboundRefused ? mailText(lang, 'hostNotAllowed', { host: f.host }) : mailText(lang, f.key, f.params);
}

function englishOf(f: SmtpFailure | OutboundRefused): string {
  return textOf(f, 'en-US');
}
