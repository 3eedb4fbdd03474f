/** OAuth clients (blade_client). The secret is write-only: stored as sha256, never returned. */
import { defineResource } from '../../crud/resource.js';
import { KEY_PATTERN } from '../../validation.js';

/**
 * Refresh-token reuse policy of a client (dictionary `refresh_token_reuse`). `strict`: presenting a refresh token that
 * was already rotated revokes the whole session (RFC 9700) — Helio's own console, and the default for a new client.
 * `lenient`: any unexpired refresh token of a live session is honoured, as SpringBlade does, because stock Blade
 * clients (Saber, Sword) keep one refresh token per browser tab. Trade-off: docs/security.md.
 */
export const REFRESH_TOKEN_REUSE = ['strict', 'lenient'] as const;
export type RefreshTokenReuse = (typeof REFRESH_TOKEN_REUSE)[number];

export const clientResource = defineResource({
  name: 'client',
  page: 'client',
  api: '/api/blade-system/client',
  title: { zh: '应用管理', en: 'OAuth clients' },
  tenantScoped: false,
  platformOnly: true,
  actions: ['add', 'edit', 'delete', 'view', 'batchDelete'],
  defaultSort: { field: 'createTime', order: 'asc' },
  fields: [
    { key: 'clientId', label: { zh: '应用ID', en: 'Client ID' }, kind: 'text', search: 'like', unique: true, rules: { required: true, max: 48, pattern: KEY_PATTERN, patternMessage: 'keyChars' } },
    { key: 'clientSecret', label: { zh: '应用密钥', en: 'Client secret' }, kind: 'password', secret: true, table: false, rules: { min: 8, max: 256 } },
    { key: 'scope', label: { zh: '授权范围', en: 'Scope' }, kind: 'text', rules: { required: true, max: 256 } },
    { key: 'authorizedGrantTypes', label: { zh: '授权类型', en: 'Grant types' }, kind: 'text', rules: { required: true, max: 256, pattern: '^[a-z_]+(,[a-z_]+)*$' }, span: 24 },
    { key: 'webServerRedirectUri', label: { zh: '回调地址', en: 'Redirect URI' }, kind: 'text', table: false, rules: { max: 256 } },
    { key: 'accessTokenValidity', label: { zh: '令牌秒数', en: 'Access token seconds' }, kind: 'number', numeric: true, rules: { required: true } },
    { key: 'refreshTokenValidity', label: { zh: '刷新令牌秒数', en: 'Refresh token seconds' }, kind: 'number', numeric: true, rules: { required: true } },
    { key: 'refreshTokenReuse', label: { zh: '刷新令牌重用', en: 'Refresh token reuse' }, kind: 'dict', dict: 'refresh_token_reuse', search: 'equal', rules: { max: 16, pattern: `^(${REFRESH_TOKEN_REUSE.join('|')})$` }, span: 24 },
    { key: 'additionalInformation', label: { zh: '附加说明', en: 'Additional information' }, kind: 'textarea', table: false, rules: { max: 4096 }, span: 24 },
  ],
});
