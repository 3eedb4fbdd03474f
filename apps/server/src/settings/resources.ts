/**
 * Settings of the files/SMS/logs/data-source modules, from the environment, validated once (a bad value stops the
 * server with a message naming the variable). Part of the one configuration (`loadConfig().resources`):
 *
 * | Variable | Default | Meaning |
 * |---|---|---|
 * | HELIO_LOG_RETENTION_DAYS | 90 | API, usual and error log rows (and the SMS outbox) older than this are deleted hourly |
 * | HELIO_LOG_MAX_ROWS | 1000000 | per log table: beyond this many rows the oldest are deleted (a flood cannot fill the disk) |
 * | HELIO_API_LOG | changes | `changes` (POST/PUT/PATCH/DELETE), `all` (every API request) or `off`; the platform parameter `log.api.mode` overrides it at run time |
 * | HELIO_API_LOG_QUEUE | 10000 | log entries waiting for the batched writer; beyond it new entries are dropped and counted |
 * | HELIO_DATASOURCE_HOSTS | 127.0.0.1,localhost | hosts a code-generator data source may connect to (exact names) |
 * | HELIO_ALLOW_PRIVATE_HOSTS | (none) | private/loopback hosts that storage (S3) and SMS endpoints may reach anyway |
 */
import { ConfigError } from './config-error.js';

export const API_LOG_MODES = ['changes', 'all', 'off'] as const;
export type ApiLogMode = (typeof API_LOG_MODES)[number];

/** `changes`, `all` or `off` (any case, surrounding blanks ignored); undefined for anything else. */
export function parseApiLogMode(raw: string | undefined): ApiLogMode | undefined {
  const v = raw?.trim().toLowerCase();
  return API_LOG_MODES.find((m) => m === v);
}

export interface ResourceSettings {
  logRetentionDays: number;
  logMaxRows: number;
  apiLog: ApiLogMode;
  apiLogQueue: number;
  datasourceHosts: string[];
  allowPrivateHosts: string[];
}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, def: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return def;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < min || v > max) {
    throw new ConfigError(`${name}="${raw}" is not valid: use a whole number from ${min} to ${max}`);
  }
  return v;
}

function hosts(env: Env, name: string, def: string): string[] {
  const raw = env[name] ?? def;
  const list = raw
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const h of list) {
    if (!/^[a-z0-9.:-]{1,253}$/.test(h)) throw new ConfigError(`${name}: "${h}" is not a host name or IP address`);
  }
  return list;
}

export function loadResourceSettings(env: Env = process.env): ResourceSettings {
  const apiLog = (env.HELIO_API_LOG || 'changes').toLowerCase();
  if (!(API_LOG_MODES as readonly string[]).includes(apiLog)) {
    throw new ConfigError(`HELIO_API_LOG="${apiLog}" is not valid: use changes, all or off`);
  }
  return {
    logRetentionDays: int(env, 'HELIO_LOG_RETENTION_DAYS', 90, 1, 3650),
    logMaxRows: int(env, 'HELIO_LOG_MAX_ROWS', 1_000_000, 1000, 1_000_000_000),
    apiLog: apiLog as ApiLogMode,
    apiLogQueue: int(env, 'HELIO_API_LOG_QUEUE', 10_000, 100, 1_000_000),
    datasourceHosts: hosts(env, 'HELIO_DATASOURCE_HOSTS', '127.0.0.1,localhost'),
    allowPrivateHosts: hosts(env, 'HELIO_ALLOW_PRIVATE_HOSTS', ''),
  };
}
