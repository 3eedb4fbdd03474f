/**
 * The notification settings, system parameters (`blade_param`, platform-wide, editable on the parameter screen),
 * read when they are needed so a change applies without a restart. Out-of-range values fall back to the default.
 *
 * | key                          | default | what |
 * |------------------------------|---------|------|
 * | notify.gatherSeconds         | 5       | the first message of a group waits this long for more of the same alarm code |
 * | notify.digestWindowSeconds   | 60      | after a message, the rest of the group waits until the window ends: one digest |
 * | notify.sendTimeoutSeconds    | 10      | a channel's send is failed after this long |
 * | notify.escalationMinutes     | 15      | a critical alarm not acknowledged this long is escalated |
 * | notify.language              | zh-CN   | language of SMS and e-mail texts (the inbox follows the reader's language) |
 */
import { sql } from 'drizzle-orm';
import type { Lang } from '../../core/i18n.js';
import type { Db } from '../../db/client.js';

export interface NotifySettings {
  gatherMs: number;
  windowMs: number;
  sendTimeoutMs: number;
  escalationMs: number;
  language: Lang;
}

export const SETTING_KEYS = {
  gather: 'notify.gatherSeconds',
  window: 'notify.digestWindowSeconds',
  sendTimeout: 'notify.sendTimeoutSeconds',
  escalation: 'notify.escalationMinutes',
  language: 'notify.language',
} as const;

const num = (v: string | undefined, def: number, min: number, max: number): number => {
  const n = v === undefined || v.trim() === '' ? NaN : Number(v);
  return Number.isFinite(n) && n >= min && n <= max ? n : def;
};

export async function readSettings(db: Db): Promise<NotifySettings> {
  const keys = Object.values(SETTING_KEYS);
  const res = (await db.execute(sql`SELECT param_key AS k, param_value AS v FROM blade_param
    WHERE is_deleted = 0 AND param_key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`)) as unknown as { rows: { k: string; v: string }[] };
  const p = new Map(res.rows.map((r) => [r.k, r.v]));
  return {
    gatherMs: num(p.get(SETTING_KEYS.gather), 5, 0, 3600) * 1000,
    windowMs: num(p.get(SETTING_KEYS.window), 60, 0, 86_400) * 1000,
    sendTimeoutMs: num(p.get(SETTING_KEYS.sendTimeout), 10, 0.05, 300) * 1000,
    escalationMs: num(p.get(SETTING_KEYS.escalation), 15, 0, 10_080) * 60_000,
    language: p.get(SETTING_KEYS.language) === 'en-US' ? 'en-US' : 'zh-CN',
  };
}
