/**
 * The texts of alarm notifications in both languages: one message may be a digest of many alarms of the same code.
 * The inbox renders them when read (the reader's language); SMS and e-mail when sent (`notify.language`).
 */
import { unknownCodeName } from '@helio/contracts/modules/alarm/alarm-catalogue';
import type { Lang } from '../../core/i18n.js';

export interface MessageFacts {
  kind: string;
  severity: number;
  /** The catalogue's names (null: an uncatalogued code). */
  nameZh: string | null;
  nameEn: string | null;
  code: number;
  count: number;
  sns: string[];
  plantName: string | null;
  waitedMinutes: number | null;
}

const SEVERITY: Record<number, [string, string]> = { 4: ['紧急', 'Critical'], 3: ['重要', 'Major'], 2: ['次要', 'Minor'], 1: ['提示', 'Warning'] };

export function renderMessage(m: MessageFacts, lang: Lang): { title: string; content: string } {
  const en = lang === 'en-US';
  const name = (en ? m.nameEn : m.nameZh) ?? (en ? unknownCodeName(m.code).en : unknownCodeName(m.code).zh);
  const sev = (SEVERITY[m.severity] ?? SEVERITY[1]!)[en ? 1 : 0];
  const many = m.count > 1;
  const on = many ? (en ? ` on ${m.count} devices` : `(${m.count} 台设备)`) : '';
  let title: string;
  if (m.kind === 'recovered') title = en ? `Recovered: ${name}${on}` : `已恢复: ${name}${on}`;
  else if (m.kind === 'escalation') {
    const mins = m.waitedMinutes ?? 0;
    title = en ? `Escalation: ${sev} ${name}${on} not acknowledged for ${mins} min` : `告警升级: ${sev} ${name}${on} ${mins} 分钟未确认`;
  } else title = `[${sev}] ${name}${on}`;
  const shown = m.sns.slice(0, 5);
  const more = m.count - shown.length;
  const devices = shown.join(', ') + (more > 0 ? (en ? ` and ${more} more` : ` 等 ${m.count} 台`) : '');
  const station = m.plantName ? (en ? ` · ${m.plantName}` : ` · ${m.plantName}`) : '';
  return { title, content: `${devices}${station}` };
}
