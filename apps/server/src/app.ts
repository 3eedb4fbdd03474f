/**
 * Builds the Fastify application: services, cross-cutting hooks (language, authentication, access check, envelope
 * errors), OpenAPI docs, the domain modules and — when built — the web app.
 */
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { collectRoutes, installAccessCheck, type AuthUser, type RouteRecord } from './core/access.js';
import { setTimeZone } from './core/dates.js';
import { takeQueryToken } from './core/download.js';
import { BizError, ForbiddenError, ValidationError, badInputState, databaseErrorReason, isDatabaseUnavailable, sqlState } from './core/errors.js';
import { msg, pickLang, type Lang, type MessageKey } from './core/i18n.js';
import { createKvStore, type KvStore } from './core/kv-store.js';
import { installHttpMetrics } from './core/http-metrics.js';
import { installRateLimits, rateRules } from './core/rate-limit.js';
import { logRedaction } from './core/redact.js';
import { boundRouteIntegers, refuseNul } from './core/validate.js';
import { lazyCompilers } from './core/lazy-schemas.js';
import { installSecurityHeaders } from './core/security-headers.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { uniqueViolation } from './db/unique-constraints.js';
import type { CrudHandle } from './crud/register-crud.js';
import { Kernel } from './kernel/kernel.js';
import type { ModuleManifest } from './kernel/types.js';
import type { AuthApi } from './modules/auth/index.js';
import type { LogService } from './modules/log/index.js';
import type { ScopeService } from './modules/scope/index.js';
import { installPasswordGate } from './modules/user/index.js';
import { registerCompression, registerWebApp, resolveWebDir } from './web-app.js';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
    user: AuthUser | undefined;
    authError: MessageKey | undefined;
  }
}

/** What tests and the entry point reach directly: the kernel and the platform modules' services. */
export interface Services extends AuthApi {
  config: Config;
  database: Database;
  kv: KvStore;
  kernel: Kernel;
  scopes: ScopeService;
  /** API, usual and error logs (batched writer off the request path). */
  logs: LogService;
  /** Resources served by the generic CRUD engine, by name (filled as modules register). */
  crud: Map<string, CrudHandle>;
}

export interface BuiltApp {
  app: FastifyInstance;
  services: Services;
  routes: RouteRecord[];
  /** Route schemas are compiled on first use (core/lazy-schemas.ts); this compiles those still pending. */
  compileSchemas(): void;
  /** After listen: the modules' start (the device path, the demo fleet) and the jobs. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export interface BuildOptions {
  /** An already-open database (tests); otherwise opened from the config. */
  database?: Database;
  kv?: KvStore;
  logger?: boolean;
  /** Where the process log goes (default stdout); tests capture it. Secrets are redacted either way. */
  logStream?: DestinationStream;
  /** The modules to load (default: every folder of src/modules with a module.ts). */
  modules?: ModuleManifest[];
}

/** Opens what the modules share (database, key-value store) and builds the kernel with every module's services. */
async function createServices(config: Config, opts: BuildOptions, log: FastifyBaseLogger): Promise<Services> {
  setTimeZone(config.timeZone);
  const database =
    opts.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') }));
  const kv = opts.kv ?? createKvStore(config.redisUrl, config.redisPrefix);
  const kernel = await Kernel.create({ config, database, kv, log, manifests: opts.modules });
  return {
    config,
    database,
    kv,
    kernel,
    ...kernel.use('auth'),
    scopes: kernel.use('scope').scopes,
    logs: kernel.use('log').logs,
    crud: kernel.crud,
  };
}

/**
 * The access token: `Blade-Auth: bearer …`, else `Authorization: Bearer …`, else — on a download route only
 * (`config.download`, GET) — the `blade-auth` query parameter Blade clients open download URLs with
 * (core/download.ts). The query parameter is removed from `req.query` on every route either way.
 */
function readToken(req: FastifyRequest): string | undefined {
  const fromQuery = takeQueryToken(req);
  const raw = req.headers['blade-auth'];
  const header = Array.isArray(raw) ? raw[0] : raw;
  if (header) {
    // Blade: the first 6 characters, lower-cased, must be "bearer"; the token starts at offset 7.
    return header.slice(0, 6).toLowerCase() === 'bearer' ? header.slice(7).trim() : undefined;
  }
  const authz = req.headers.authorization;
  if (authz && /^bearer\s/i.test(authz)) return authz.slice(7).trim();
  return fromQuery;
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<BuiltApp> {
  const schemas = lazyCompilers();
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, ...logRedaction(), ...(opts.logStream ? { stream: opts.logStream } : {}) },
    trustProxy: config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
    schemaController: { compilersFactory: schemas.compilersFactory },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const services = await createServices(config, opts, app.log);
  const routes = collectRoutes(app);
  // Integers of every route's input schemas are 32-bit unless bounded otherwise (core/validate.ts).
  app.addHook('onRoute', boundRouteIntegers);

  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('user', undefined);
  app.decorateRequest('authError', undefined);
  installSecurityHeaders(app);
  installHttpMetrics(app, services.kernel.metrics);

  // Blade clients POST with a JSON content type and no body (e.g. `remove?ids=`): treat that as {}.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new BizError('badRequest'), undefined);
    }
  });
  await registerCompression(app);
  await app.register(formbody);
  // Multipart bodies are parsed only where a route reads them (core/upload.ts sets per-use limits).
  await app.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: 10 * 1024 * 1024, files: 3, fields: 20, parts: 30 } });

  app.addHook('onRequest', async (req) => {
    const q = req.query as Record<string, unknown> | undefined;
    req.lang = pickLang(req.headers['accept-language'], typeof q?.lang === 'string' ? q.lang : undefined);
    const token = readToken(req);
    if (!token) {
      req.authError = 'tokenMissing';
      return;
    }
    const u = await services.tokens.verifyAccess(token);
    if (u) req.user = u;
    else req.authError = 'unauthorized';
  });
  installAccessCheck(app, services.permissions);
  installRateLimits(app, services.kv, rateRules(config.rateLimits).download);
  // NUL in any query, path or body text: a 400 for every route (no column can store it; core/validate.ts).
  app.addHook('preValidation', refuseNul);
  // A generated password must be changed before anything else (modules/user/password-gate.ts).
  installPasswordGate(app, services);
  // API scopes: an endpoint covered by a scope rule is open only to roles granted that rule.
  app.addHook('preValidation', async (req) => {
    if (req.is404 || !req.user) return;
    const access = req.routeOptions.config?.access;
    if (!access || 'public' in access) return;
    if (!(await services.scopes.apiAllowed(req.user, req.url.split('?')[0]!))) throw new ForbiddenError();
  });

  app.setErrorHandler((err: FastifyError | BizError | ValidationError, req, reply) => {
    const lang = req.lang ?? 'zh-CN';
    if (err instanceof BizError) {
      return reply.status(err.status).send({ code: err.code, success: false, data: {}, msg: msg(lang, err.key, err.params) });
    }
    if (err instanceof ValidationError) {
      return reply.status(400).send({ code: 400, success: false, data: {}, msg: err.messages.join('; ') });
    }
    // A unique index said no (a concurrent duplicate the check before the write could not see): the rule's 400.
    const duplicate = uniqueViolation(err, lang);
    if (duplicate) return reply.status(400).send({ code: 400, success: false, data: {}, msg: duplicate.message });
    // A value the database could not take (class 22, 54000): a 400. Logged by SQLSTATE and route only, never the value.
    const badInput = badInputState(err);
    if (badInput) {
      req.log.warn({ sqlstate: badInput, route: `${req.method} ${req.routeOptions.url}` }, 'an unvalidated value reached the database');
      return reply.status(400).send({ code: 400, success: false, data: {}, msg: msg(lang, 'badInput') });
    }
    const fe = err as FastifyError;
    if (fe.validation) {
      const detail = fe.validation
        .map((v) => `${v.instancePath?.replace(/^\//, '') || (v.params as { missingProperty?: string })?.missingProperty || ''} ${v.message ?? ''}`.trim())
        .join('; ');
      return reply
        .status(400)
        .send({ code: 400, success: false, data: {}, msg: `${msg(lang, 'badRequest')}: ${detail}` });
    }
    const statusCode = fe.statusCode ?? 500;
    if (statusCode === 413) return reply.status(413).send({ code: 413, success: false, data: {}, msg: msg(lang, 'payloadTooLarge') });
    if (statusCode === 415) return reply.status(415).send({ code: 415, success: false, data: {}, msg: msg(lang, 'unsupportedMedia') });
    if (statusCode === 405) return reply.status(405).send({ code: 405, success: false, data: {}, msg: msg(lang, 'methodNotAllowed') });
    if (statusCode >= 400 && statusCode < 500) {
      return reply.status(400).send({ code: 400, success: false, data: {}, msg: msg(lang, 'badRequest') });
    }
    if (sqlState(err) === '53100') {
      // The database's disk is full (the embedded one: HELIO_DATA_DIR): nothing was written; an operator must act.
      req.log.error({ route: `${req.method} ${req.routeOptions.url}` }, 'database disk full: the write was refused');
      return reply.status(507).send({ code: 507, success: false, data: {}, msg: msg(lang, 'storageFull') });
    }
    if (sqlState(err) === '57014') {
      // A statement ran past HELIO_DB_STATEMENT_TIMEOUT_MS (a slow or locked database): transient, a clear 503.
      req.log.warn({ route: `${req.method} ${req.routeOptions.url}` }, 'database statement timed out');
      return reply.status(503).header('retry-after', '5').send({ code: 503, success: false, data: {}, msg: msg(lang, 'databaseSlow') });
    }
    if (isDatabaseUnavailable(err)) {
      // The database is away (connection lost, refused, pool timeout): transient, so 503 and a retry hint, not 500.
      req.log.warn({ reason: databaseErrorReason(err) }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ code: 503, success: false, data: {}, msg: msg(lang, 'databaseUnavailable') });
    }
    req.log.error({ err }, 'unhandled error');
    services.logs.serverError(err, req);
    // CI's server passes (HELIO_PRINT_500=1): an unexpected error's stack on stderr, to diagnose a 500 the suite saw.
    if (process.env.HELIO_PRINT_500 === '1') console.error('unexpected server error', req.method, req.url.split('?')[0], err);
    // Never leak a stack, SQL or driver message to the client.
    return reply.status(500).send({ code: 500, success: false, data: {}, msg: msg(lang, 'serverError') });
  });

  // @fastify/swagger hooks the root so it sees every route; the UI's own routes are public.
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Helio API',
        version: '0.1.0',
        description:
          'Blade-compatible API of the Helio console. Send `Blade-Auth: bearer <access_token>`; responses use the ' +
          '`R` envelope `{code, success, data, msg}`. The SpringBlade token contract encrypts passwords with SM2 ' +
          '(C1C2C3) using the public key from `GET /api/blade-auth/oauth/public-key`; this deployment\'s key is ' +
          `\`${services.keys.sm2PublicKey}\`.`,
      },
      components: { securitySchemes: { bladeAuth: { type: 'apiKey', in: 'header', name: 'Blade-Auth' } } },
      security: [{ bladeAuth: [] }],
    },
  });
  if (config.docs) {
    await app.register(async (docs) => {
      docs.addHook('onRoute', (r) => {
        r.config = { ...(r.config ?? {}), access: { public: true } } as typeof r.config;
      });
      await docs.register(swaggerUi, { routePrefix: '/api/docs' });
    });
  }
  await services.kernel.applyReference();
  await services.kernel.registerRoutes(app);

  const webDir = resolveWebDir(config);
  const sendShell = webDir ? await registerWebApp(app, webDir) : undefined;

  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && !req.url.startsWith('/api/') && webDir;
    // Client-side routes (/login, /system/user, a reload of any page) get the app shell.
    if (wantsPage) {
      return sendShell!(reply);
    }
    return reply.status(404).send({ code: 404, success: false, data: {}, msg: msg(req.lang ?? 'zh-CN', 'notFound') });
  });

  await app.ready();
  return {
    app,
    services,
    routes,
    compileSchemas: () => schemas.compileAll(),
    start: () => services.kernel.start(),
    close: async () => {
      await services.kernel.stop();
      await app.close();
      await services.kv.close();
      if (!opts.database) await services.database.close();
    },
  };
}
