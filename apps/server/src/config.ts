/**
 * Configuration from the environment, validated once at start. A bad value stops the server with a message that
 * names the variable, what it got and what it accepts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from './settings/config-error.js';
import { loadResourceSettings, type ResourceSettings } from './settings/resources.js';
import { loadTelemetryConfig, type TelemetryConfig } from './settings/telemetry.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  mqttUrl: string | undefined;
  mqttPort: number;
  adminPassword: string | undefined;
  /** HELIO_JWT_SECRET or the file named by HELIO_JWT_SECRET_FILE; else the key generated into the database. */
  jwtSecret: string | undefined;
  /** HELIO_SM2_PRIVATE_KEY(_FILE): 64 hex digits; the public key is derived from it. */
  sm2PrivateKey: string | undefined;
  /** HELIO_STORAGE_KEY(_FILE): the AES-256 key that seals stored secrets, 32 bytes as base64 or hex. */
  storageKey: Buffer | undefined;
  captcha: boolean;
  simulator: boolean;
  tenantMode: boolean;
  switchMode: boolean;
  /** Guest self-registration (off by default); when on: captcha, a limit per IP, approval by an administrator. */
  registerMode: boolean;
  /** Registration attempts per client IP and hour (HELIO_REGISTER_IP_LIMIT). */
  registerIpLimit: number;
  accessTokenTtl: number | undefined;
  refreshTokenTtl: number | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  timeZone: string;
  loginMaxFailures: number;
  loginIpMaxFailures: number;
  loginLockMinutes: number;
  maxPageSize: number;
  webDir: string | undefined;
  docs: boolean;
  trustProxy: boolean;
  /**
   * The bearer token Prometheus sends to `GET /metrics` (HELIO_METRICS_TOKEN, at least 16 characters). Without it
   * the metrics answer only to a scrape from this machine (loopback, not through a proxy).
   */
  metricsToken: string | undefined;
  /** Per-minute limits of core/rate-limit.ts: captcha images per client address, file downloads per user. */
  rateLimits: { captchaPerMin: number; downloadPerMin: number };
  /** Prefix of this deployment's keys in Redis (HELIO_REDIS_PREFIX), so several deployments may share one Redis. */
  redisPrefix: string;
  /** PostgreSQL: the longest a statement may run, ms (HELIO_DB_STATEMENT_TIMEOUT_MS, default 30 s; 0 = no limit). */
  dbStatementTimeoutMs: number;
  /** Milliseconds between two looks for due jobs (HELIO_JOB_POLL_MS; kernel/jobs.ts). */
  jobPollMs: number;
  /**
   * Alarm rules on device reports (HELIO_ALARM_RULES, default on). Off: reports are stored and shown but raise no
   * alarm — for a deployment that takes its alarms elsewhere, and for the benchmark that measures what rules cost.
   */
  alarmRules: boolean;
  /** Device path: broker bounds, ingest limits, status interval, retention, simulator (settings/telemetry.ts). */
  telemetry: TelemetryConfig;
  /** Files, SMS, logs and data sources (settings/resources.ts). */
  resources: ResourceSettings;
}

export { ConfigError };

type Env = Record<string, string | undefined>;

function redisPrefix(env: Env): string {
  const v = env.HELIO_REDIS_PREFIX ?? 'helio:';
  if (!/^[\w:.-]{1,40}$/.test(v)) throw new ConfigError('HELIO_REDIS_PREFIX must be 1 to 40 letters, digits, ":", ".", "_" or "-"');
  return v;
}

function metricsToken(env: Env): string | undefined {
  const v = env.HELIO_METRICS_TOKEN?.trim();
  if (!v) return undefined;
  if (v.length < 16) throw new ConfigError('HELIO_METRICS_TOKEN must be at least 16 characters');
  return v;
}

function bool(env: Env, name: string, def: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  const v = raw.trim().toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(v)) return true;
  if (['off', 'false', '0', 'no'].includes(v)) return false;
  throw new ConfigError(`${name}="${raw}" is not valid: use on or off`);
}

function int(env: Env, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < min || v > max) {
    throw new ConfigError(`${name}="${raw}" is not valid: use a whole number from ${min} to ${max}`);
  }
  return v;
}

function optInt(env: Env, name: string, min: number, max: number): number | undefined {
  return env[name] === undefined || env[name] === '' ? undefined : int(env, name, 0, min, max);
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL (expected ${protocols.join(' or ')}//host:port/...)`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}// (got ${parsed.protocol}//)`);
  }
  return raw;
}

/**
 * A secret from the variable itself or from the file its `_FILE` twin names (Docker and Kubernetes secrets), so it
 * need not sit in the environment or in the database. Both at once is an error; surrounding whitespace is trimmed.
 */
function secretValue(env: Env, name: string): string | undefined {
  const direct = env[name] || undefined;
  const file = env[`${name}_FILE`] || undefined;
  if (direct !== undefined && file !== undefined) {
    throw new ConfigError(`${name} and ${name}_FILE are both set: use one of them`);
  }
  if (file === undefined) return direct;
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(`${name}_FILE="${file}" cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const v = text.trim();
  if (v === '') throw new ConfigError(`${name}_FILE="${file}" is empty`);
  return v;
}

function storageKey(env: Env): Buffer | undefined {
  const raw = secretValue(env, 'HELIO_STORAGE_KEY');
  if (raw === undefined) return undefined;
  const key = /^[0-9a-f]{64}$/i.test(raw)
    ? Buffer.from(raw, 'hex')
    : /^[A-Za-z0-9+/]{43}=?$/.test(raw)
      ? Buffer.from(raw, 'base64')
      : undefined;
  if (!key || key.length !== 32 || new Set(key).size < 8) {
    throw new ConfigError('HELIO_STORAGE_KEY must be 32 random bytes as base64 or 64 hex digits (e.g. `openssl rand -base64 32`)');
  }
  return key;
}

function sm2PrivateKey(env: Env): string | undefined {
  const raw = secretValue(env, 'HELIO_SM2_PRIVATE_KEY');
  if (raw === undefined) return undefined;
  if (!/^[0-9a-f]{64}$/i.test(raw) || /^0+$/.test(raw)) {
    throw new ConfigError('HELIO_SM2_PRIVATE_KEY must be an SM2 private key of 64 hex digits');
  }
  return raw.toLowerCase();
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const logLevel = (env.HELIO_LOG_LEVEL ?? env.LOG_LEVEL ?? 'info').toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`HELIO_LOG_LEVEL="${logLevel}" is not valid: use one of ${LOG_LEVELS.join(', ')}`);
  }
  const timeZone = env.HELIO_TIMEZONE || 'Asia/Shanghai';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new ConfigError(`HELIO_TIMEZONE="${timeZone}" is not a valid IANA time zone (e.g. Asia/Shanghai)`);
  }
  const adminPassword = env.HELIO_ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && (adminPassword.length < 8 || adminPassword.length > 64)) {
    throw new ConfigError('HELIO_ADMIN_PASSWORD must be 8 to 64 characters long');
  }
  const jwtSecret = secretValue(env, 'HELIO_JWT_SECRET');
  if (jwtSecret !== undefined && Buffer.byteLength(jwtSecret) < 32) {
    throw new ConfigError('HELIO_JWT_SECRET must be at least 32 bytes; leave it unset to have one generated');
  }
  return {
    port: int(env, 'PORT', 8080, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.HELIO_DATA_DIR || './data'),
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:']),
    mqttUrl: url(env, 'MQTT_URL', ['mqtt:', 'mqtts:', 'tcp:', 'ws:', 'wss:']),
    mqttPort: int(env, 'HELIO_MQTT_PORT', 1884, 0, 65535),
    adminPassword,
    jwtSecret,
    sm2PrivateKey: sm2PrivateKey(env),
    storageKey: storageKey(env),
    captcha: bool(env, 'HELIO_CAPTCHA', true),
    simulator: bool(env, 'HELIO_SIMULATOR', true),
    tenantMode: bool(env, 'HELIO_TENANT_MODE', true),
    switchMode: bool(env, 'HELIO_SWITCH_MODE', false),
    registerMode: bool(env, 'HELIO_REGISTER_MODE', false),
    registerIpLimit: int(env, 'HELIO_REGISTER_IP_LIMIT', 5, 1, 10_000),
    accessTokenTtl: optInt(env, 'HELIO_ACCESS_TOKEN_TTL', 60, 86_400),
    refreshTokenTtl: optInt(env, 'HELIO_REFRESH_TOKEN_TTL', 300, 90 * 86_400),
    logLevel: logLevel as Config['logLevel'],
    timeZone,
    loginMaxFailures: int(env, 'HELIO_LOGIN_MAX_FAILURES', 5, 1, 1000),
    loginIpMaxFailures: int(env, 'HELIO_LOGIN_IP_MAX_FAILURES', 100, 1, 100_000),
    loginLockMinutes: int(env, 'HELIO_LOGIN_LOCK_MINUTES', 30, 1, 24 * 60),
    maxPageSize: int(env, 'HELIO_MAX_PAGE_SIZE', 500, 10, 10_000),
    webDir: env.HELIO_WEB_DIR || undefined,
    docs: bool(env, 'HELIO_API_DOCS', true),
    trustProxy: bool(env, 'HELIO_TRUST_PROXY', false),
    metricsToken: metricsToken(env),
    rateLimits: {
      captchaPerMin: int(env, 'HELIO_RATE_CAPTCHA_PER_MIN', 300, 1, 1_000_000),
      downloadPerMin: int(env, 'HELIO_RATE_DOWNLOAD_PER_MIN', 120, 1, 1_000_000),
    },
    redisPrefix: redisPrefix(env),
    dbStatementTimeoutMs: int(env, 'HELIO_DB_STATEMENT_TIMEOUT_MS', 30_000, 0, 3_600_000),
    jobPollMs: int(env, 'HELIO_JOB_POLL_MS', 1000, 50, 60_000),
    alarmRules: bool(env, 'HELIO_ALARM_RULES', true),
    telemetry: loadTelemetryConfig(env),
    resources: loadResourceSettings(env),
  };
}
