/**
 * SMS: configurations (CRUD, `enable`), `endpoint/send-message`, the outbox list, phone verification codes
 * (`phone/sms/verificationCode`, `encryptedValue`, the client app's `getVerificationCode`) and the forgotten
 * password reset (`blade-system/user/forgetPassword`). HTTP ↔ sms.service.ts and phone-account.service.ts; the
 * token endpoints' `sms_code` grant is sms-grant.ts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { smsResource } from '@helio/contracts/modules/sms/sms.resource';
import { PLATFORM_TENANT_ID } from '@helio/contracts/permissions';
import type { ModuleContext } from '../../kernel/types.js';
import { ok, status } from '../../core/envelope.js';
import { registerCrud } from '../../crud/register-crud.js';
import { sms } from '../../db/schema-resource.js';
import { registerReadRoutes } from '../../core/read-routes.js';
import type { PhoneAccountService } from './phone-account.service.js';
import type { SmsService } from './sms.service.js';
import { CODE_TTL_MS, maskPhone, RESEND_MS, type CodeScene } from './verification.js';

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

export function smsRoutes(app: FastifyInstance, s: ModuleContext, service: SmsService, phones: PhoneAccountService): void {
  registerCrud(app, s, smsResource, sms as never, service.hooks);

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
      const row = await service.enable(req.user!, (req.query as { id: string }).id);
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
      // Template parameters as a JSON object in the body, or as JSON text anywhere.
      const tplParams = typeof body.params === 'object' && body.params !== null ? body.params : p.params;
      await service.sendMessage(req.user!, { code: p.code, phones: p.phones, params: tplParams });
      return status(req, true);
    },
  );

  registerReadRoutes(app, s, { ...service.outboxReads, tag: 'sms', access: { permission: ['sms', 'sms_view'] } });

  // ---- verification codes ------------------------------------------------------------------------------------
  const answer = (req: FastifyRequest, phone: { dial: string; number: string }) =>
    ok(req, { phone: maskPhone(phone), expireIn: CODE_TTL_MS / 1000, resendIn: RESEND_MS / 1000 });

  const requestCode = async (req: FastifyRequest, forcedScene?: CodeScene) => {
    const p = params(req);
    const request = { tenantId: tenantOf(req, p), phone: p.phone, phoneDiallingCode: p.phoneDiallingCode, scene: p.scene, encryptedValue: p.encryptedValue };
    return answer(req, await phones.requestCode(request, req.ip, forcedScene));
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
    async (req) => ok(req, await phones.encryptedValue(req.user!)),
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
      const row = await phones.resetPassword({
        tenantId,
        phone: p.phone,
        phoneDiallingCode: p.phoneDiallingCode,
        code: p.code ?? p.verificationCode,
        password: p.password ?? p.newPassword ?? '',
      });
      s.use('log').logs.usual({ req, tenantId, user: row.account, id: 'user.forget-password', data: { userId: row.id } });
      return status(req, true);
    },
  );
}
