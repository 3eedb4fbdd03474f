/**
 * How an alarm's codes look: the dictionary's words (`alarm_severity`, `alarm_status`, `alarm_ack_status`,
 * `alarm_handle_status`, `alarm_category`, `alarm_type`, in the user's language) on tags coloured by meaning.
 */
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { dictSourceKey, useDicts } from '@/core/crud/dict';
import type { DictItem, DictSource } from '@/core/crud/dict';

export const ALARM_DICTS = ['alarm_severity', 'alarm_status', 'alarm_ack_status', 'alarm_handle_status', 'alarm_category', 'alarm_type'] as const;
export type AlarmDict = (typeof ALARM_DICTS)[number];

const SOURCES: readonly DictSource[] = ALARM_DICTS.map((code) => ({ code }));

/**
 * Tag colours per dictionary key: solid colours dark enough for white text (WCAG AA contrast; antd's light preset
 * tags such as gold or success are not), neutral keys on antd's default tag.
 */
const RED = '#cf1322';
const ORANGE = '#ad4e00';
const OCHRE = '#7c5e00';
const BLUE = '#0958d9';
const GREEN = '#237804';
const COLOURS: Partial<Record<AlarmDict, Record<string, string>>> = {
  alarm_severity: { '4': RED, '3': ORANGE, '2': OCHRE, '1': BLUE },
  alarm_status: { '0': RED, '1': GREEN },
  alarm_ack_status: { '0': ORANGE },
  alarm_handle_status: { '1': BLUE, '2': GREEN },
};

export interface AlarmDicts {
  items(code: AlarmDict): DictItem[];
  /** The dictionary's word for a key (the key itself while the dictionary loads or when it lacks the key). */
  label(code: AlarmDict, key: unknown): string;
  options(code: AlarmDict): { value: string; label: string }[];
  tag(code: AlarmDict, key: unknown): ReactNode;
}

/** The alarm dictionaries in the user's language. */
export function useAlarmDicts(): AlarmDicts {
  const loaded = useDicts(SOURCES);
  return useMemo(() => {
    const items = (code: AlarmDict) => loaded[dictSourceKey({ code })] ?? [];
    const label = (code: AlarmDict, key: unknown) => {
      if (key === null || key === undefined || key === '') return '-';
      return items(code).find((i) => i.dictKey === String(key))?.dictValue ?? String(key);
    };
    return {
      items,
      label,
      options: (code) => items(code).map((i) => ({ value: i.dictKey, label: i.dictValue })),
      tag: (code, key) =>
        key === null || key === undefined ? (
          '-'
        ) : (
          <Tag color={COLOURS[code]?.[String(key)]}>
            {label(code, key)}
          </Tag>
        ),
    };
  }, [loaded]);
}
