/** The alarm dictionaries this screen shows (`alarm_severity`, `alarm_category`, `alarm_type`) in the user's language. */
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { dictSourceKey, useDicts } from '@/core/crud/dict';
import type { DictSource } from '@/core/crud/dict';

const CODES = ['alarm_severity', 'alarm_category', 'alarm_type'] as const;
type Code = (typeof CODES)[number];
const SOURCE_LIST: readonly DictSource[] = CODES.map((code) => ({ code }));

export const SOURCES = ['sunspec', 'vendor', 'platform', 'rule'] as const;

/** Severity colours dark enough for white text (WCAG AA). */
const SEVERITY_COLOURS: Record<string, string> = { '4': '#cf1322', '3': '#ad4e00', '2': '#7c5e00', '1': '#0958d9' };

export interface RuleDicts {
  label(code: Code, key: unknown): string;
  options(code: Code): { value: string; label: string }[];
  severityTag(key: number): ReactNode;
}

export function useRuleDicts(): RuleDicts {
  const loaded = useDicts(SOURCE_LIST);
  return useMemo(() => {
    const items = (code: Code) => loaded[dictSourceKey({ code })] ?? [];
    const label = (code: Code, key: unknown) => items(code).find((i) => i.dictKey === String(key))?.dictValue ?? String(key);
    return {
      label,
      options: (code) => items(code).map((i) => ({ value: i.dictKey, label: i.dictValue })),
      severityTag: (key) => <Tag color={SEVERITY_COLOURS[String(key)]}>{label('alarm_severity', key)}</Tag>,
    };
  }, [loaded]);
}
