/**
 * SMS: configurations (CRUD, `enable`), `endpoint/send-message`, the outbox list, phone verification codes
 * (`phone/sms/verificationCode`, `encryptedValue`, the client app's `getVerificationCode`) and the forgotten
 * password reset (`blade-system/user/forgetPassword`). The token endpoints' `sms_code` grant is sms-grant.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { Type } from 'typebox';
import { smsOutboxResource, smsResource } from '@helio/contracts/modules/sms/sms.resource';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import type { ModuleContext } from '../../kernel/types.js';
import { ok, status } from '../../core/envelope.js';
import { BizError } from '../../core/errors.js';
import { isId } from '../../core/ids.js';
import { tenantCondition } from '../../core/tenant.js';
import { registerCrud } from '../../crud/register-crud.js';
import { user } from '../../db/schema.js';
import { sms, smsOutbox } from '../../db/schema-resource.js';
import { OutboundGuard } from '../../core/net-guard.js';
import { registerReadRoutes, type ReadTable } from '../../core/read-routes.js';
import { SecretBox } from '../../core/secret-box.js';
import { hashPassword, isStrongPassword } from '../auth/index.js';
import { ENABLED, findUserByPhone, SmsService } from './sms.service.js';
import { CODE_SCENES, CODE_TTL_MS, maskPhone, normalisePhone, RESEND_MS, type CodeScene } from './verification.js';

const ALIYUN = 2;
const MAX_PHONES = 100;
const TENANT = /^\d{6,12}$/;

/** Query string first (Blade clients), then a form or JSON body. */
function params(req: FastifyRequest): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  for (const [k, v] of Object.entries(body)) if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
  for (const [k, v] of Object.entries((req.query ?? {}) as Record<string, unknown>)) if (typeof v === 'string' && v !== '') out[k] = v;
  return out;
}

const tenantOf = (req: FastifyRequest, p: Record<string, string | undefined>) => {
  const raw = req.headers['tenant-id'];
  const t = (Array.isArray(raw) ? raw[0] : raw) ?? p.tenantId ?? p.tenant_id ?? PLATFORM_TENANT_ID;
  return TENANT.test(t) ? t : PLATFORM_TENANT_ID;
};

export async function smsRoutes(app: FastifyInstance, s: ModuleContext): Promise<void> {
  const db = s.database.db;
  const box = await SecretBox.load(db);
  const guard = new OutboundGuard(s.config.resources.allowPrivateHosts);
  const service = new SmsService(db, s.kv, box, guard, app.log);
  app.addHook('onClose', async () => guard.destroy());

  registerCrud(app, s, smsResource, sms as never, {
    beforeWrite: (call, row, values) => {
      if (call.op === 'remove') return;
      const merged = { ...(row ?? {}), ...values } as Record<string, unknown>;
      if (merged.endpoint) guard.checkUrl(String(merged.endpoint), 'endpoint');
      if (Number(merged.category) === ALIYUN) {
        for (const key of ['accessKey', 'secretKey', 'signName', 'templateId']) {
          const f = smsResource.fields.find((x) => x.key === key)!;
          if (!merged[key]) throw new BizError('required', { field: call.lang === 'en-US' ? f.label.en : f.label.zh });
        }
      }
      if (typeof values.secretKey === 'string' && values.secretKey !== '' && !box.isSealed(values.secretKey)) {
        values.secretKey = box.seal(values.secretKey);
      }
    },
  });

  app.post(
    '/api/blade-resource/sms/enable',
    {
      config: { access: { permission: 'sms_enable' } },
      schema: {
        tags: ['sms'],
        summary: "Make an SMS configuration its tenant's only enabled one (status 2)",
        querystring: Type.Object({ id: Type.String() }, { additionalProperties: true }),
      },
    },
    async (req) => {
      const { id } = req.query as { id: string };
      const [row] = isId(id) ? await db.select().from(sms).where(and(eq(sms.id, id), eq(sms.isDeleted, 0), tenantCondition(sms.tenantId, req.user!))) : [];
      if (!row) throw new BizError('recordNotFound');
      await db.transaction(async (tx) => {
        await tx.update(sms).set({ status: 1, updateTime: new Date(), updateUser: req.user!.userId }).where(and(eq(sms.tenantId, row.tenantId), eq(sms.status, ENABLED), ne(sms.id, row.id)));
        await tx.update(sms).set({ status: ENABLED, updateTime: new Date(), updateUser: req.user!.userId }).where(eq(sms.id, row.id));
      });
      s.use('log').logs.usual({ req, id: 'sms.enable', data: { id: row.id, smsCode: row.smsCode } });
      return status(req, true);
    },
  );

  app.post(
    '/api/blade-resource/sms/endpoint/send-message',
    {
      config: { access: { permission: 'sms_send' } },
      schema: {
        tags: ['sms'],
        summary: 'Send a message with a configuration of your tenant',
        description:
          '`code`: the configuration code (`smsCode`); `phones`: comma-separated numbers (at most 100, `+<country>` ' +
          'prefix optional); `params`: template parameters as a JSON object (string or object). Query, form or JSON body.',
      },
    },
    async (req) => {
      const p = params(req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const code = p.code ?? '';
      const row = code ? await service.configByCode(req.user!.tenantId, code) : await service.enabledConfig(req.user!.tenantId);
      if (code && !row) throw new BizError('smsConfigNotFound', { code: code.slice(0, 32) });
      const phones = String(p.phones ?? '')
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean);
      if (phones.length === 0 || phones.some((x) => !/^\+?\d{5,15}$/.test(x))) throw new BizError('phoneInvalid');
      if (phones.length > MAX_PHONES) throw new BizError('smsTooManyPhones', { max: MAX_PHONES });
      let tplParams: Record<string, string> = {};
      const rawParams = typeof body.params === 'object' && body.params !== null ? body.params : p.params;
      if (rawParams) {
        let parsed: unknown;
        try {
          parsed = typeof rawParams === 'string' ? JSON.parse(rawParams) : rawParams;
        } catch {
          throw new BizError('invalidFormat', { field: 'params' });
        }
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BizError('invalidFormat', { field: 'params' });
        tplParams = Object.fromEntries(Object.entries(parsed as Record<string, unknown>).slice(0, 20).map(([k, v]) => [k.slice(0, 32), String(v).slice(0, 200)]));
      }
      const result = await service.send(
        row,
        { phones, templateId: row?.templateId ?? '', signName: row?.signName ?? '', params: tplParams },
        { tenantId: req.user!.tenantId, userId: req.user!.userId, scene: 'message' },
      );
      if (!result.ok) throw new BizError('smsSendFailed', { reason: result.detail.slice(0, 80) });
      return status(req, true);
    },
  );

  registerReadRoutes(app, s, {
    def: smsOutboxResource,
    table: smsOutbox as unknown as ReadTable,
    tag: 'sms',
    access: { permission: ['sms', 'sms_view'] },
    scope: (actor, q) => [tenantCondition(smsOutbox.tenantId, actor, q)],
  });

  // ---- verification codes ------------------------------------------------------------------------------------
  const answer = (req: FastifyRequest, phone: { dial: string; number: string }) =>
    ok(req, { phone: maskPhone(phone), expireIn: CODE_TTL_MS / 1000, resendIn: RESEND_MS / 1000 });

  const requestCode = async (req: FastifyRequest, forcedScene?: CodeScene) => {
    const p = params(req);
    const tenantId = tenantOf(req, p);
    let phone;
    let scene: CodeScene;
    if (p.encryptedValue) {
      const raw = box.openToken(p.encryptedValue);
      if (!raw) throw new BizError('phoneInvalid');
      const [dial, number] = raw.split(' ');
      phone = normalisePhone(number, dial);
      scene = 'verify';
    } else {
      phone = normalisePhone(p.phone, p.phoneDiallingCode);
      scene = forcedScene ?? ((CODE_SCENES as readonly string[]).includes(p.scene ?? '') && p.scene !== 'verify' ? (p.scene as CodeScene) : 'login');
    }
    await service.requestCode(scene, tenantId, phone, req.ip);
    return answer(req, phone);
  };

  const codeSchema = {
    tags: ['sms'],
    summary: 'Send a phone verification code (sign-in or forgotten password)',
    description:
      '`phone`, `phoneDiallingCode` (default +86), `scene` (`login` default, or `forget`), `tenantId` (or the ' +
      '`Tenant-Id` header); or `encryptedValue` from `encryptedValue` (a code to your own phone). Codes live 5 ' +
      'minutes; one per phone a minute, ten a day, twenty per client IP an hour. The answer is the same whether or ' +
      'not an account has that phone.',
    security: [],
  };
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/api/blade-resource/phone/sms/verificationCode',
      config: { access: { public: true } },
      schema: codeSchema,
      handler: (req) => requestCode(req),
    });
  }
  app.get(
    '/api/skyworth-client/app/login/getVerificationCode',
    { config: { access: { public: true } }, schema: { ...codeSchema, summary: "The client app's sign-in code (scene login)" } },
    (req) => requestCode(req, 'login'),
  );

  app.get(
    '/api/blade-resource/phone/sms/encryptedValue',
    {
      config: { access: { login: true } },
      schema: {
        tags: ['sms'],
        summary: "Your own phone, masked, with an opaque handle (`encryptedValue`, 10 minutes) to request a code to it",
      },
    },
    async (req) => {
      const [row] = await db.select({ phone: user.phone, dial: user.phoneDiallingCode }).from(user).where(eq(user.id, req.user!.userId));
      if (!row?.phone) throw new BizError('phoneInvalid');
      const phone = normalisePhone(row.phone, row.dial || '+86');
      return ok(req, { phone: maskPhone(phone), phoneDiallingCode: phone.dial, encryptedValue: box.sealToken(`${phone.dial} ${phone.number}`, 600_000) });
    },
  );

  app.post(
    '/api/blade-system/user/forgetPassword',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['sms'],
        summary: 'Reset a forgotten password with a phone verification code (scene forget)',
        description:
          '`phone`, `phoneDiallingCode`, `code`, `password` (plain, 8–16 characters with letters and digits), ' +
          '`tenantId`; query, form or JSON. Every session of the account is ended.',
        security: [],
      },
    },
    async (req) => {
      const p = params(req);
      const tenantId = tenantOf(req, p);
      const phone = normalisePhone(p.phone, p.phoneDiallingCode);
      const password = p.password ?? p.newPassword ?? '';
      if (!isStrongPassword(password)) throw new BizError('passwordRule');
      if (!(await service.codes.verify('forget', tenantId, phone, p.code ?? p.verificationCode))) throw new BizError('smsCodeInvalid');
      const row = await findUserByPhone(db, tenantId, phone);
      if (!row) throw new BizError('smsCodeInvalid');
      await db.update(user).set({ password: await hashPassword(password), updateTime: new Date() }).where(eq(user.id, row.id));
      await s.use('auth').tokens.revokeUser(row.id, 'password-reset');
      await s.use('auth').lockout.unlock(tenantId, row.account);
      s.use('log').logs.usual({ req, tenantId, user: row.account, id: 'user.forget-password', data: { userId: row.id } });
      return status(req, true);
    },
  );
}
