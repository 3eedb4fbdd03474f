/** The alarm dictionaries this screen shows (severity, alarm status, handling status) as coloured tags. */
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { dictSourceKey, useDicts } from '@/core/crud/dict';
import type { DictSource } from '@/core/crud/dict';

type Code = 'alarm_severity' | 'alarm_status' | 'alarm_handle_status';
const SOURCES: readonly DictSource[] = [{ code: 'alarm_severity' }, { code: 'alarm_status' }, { code: 'alarm_handle_status' }];

/** Solid colours dark enough for white text (WCAG AA), as on the alarm screen. */
const RED = '#cf1322';
const ORANGE = '#ad4e00';
const OCHRE = '#7c5e00';
const BLUE = '#0958d9';
const GREEN = '#237804';
const COLOURS: Record<Code, Record<string, string>> = {
  alarm_severity: { '4': RED, '3': ORANGE, '2': OCHRE, '1': BLUE },
  alarm_status: { '0': RED, '1': GREEN },
  alarm_handle_status: { '1': BLUE, '2': GREEN },
};

export interface IncidentDicts {
  label(code: Code, key: unknown): string;
  options(code: Code): { value: string; label: string }[];
  tag(code: Code, key: unknown): ReactNode;
}

export function useIncidentDicts(): IncidentDicts {
  const loaded = useDicts(SOURCES);
  return useMemo(() => {
    const items = (code: Code) => loaded[dictSourceKey({ code })] ?? [];
    const label = (code: Code, key: unknown) => items(code).find((i) => i.dictKey === String(key))?.dictValue ?? String(key ?? '-');
    return {
      label,
      options: (code) => items(code).map((i) => ({ value: i.dictKey, label: i.dictValue })),
      tag: (code, key) => <Tag color={COLOURS[code][String(key)]}>{label(code, key)}</Tag>,
    };
  }, [loaded]);
}

/** Open incidents on a red tag, closed ones on a green one (white text, WCAG AA). */
export function IncidentStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={status === 0 ? RED : GREEN}>{t(`alarmIncident.status.${status === 0 ? 'open' : 'closed'}`)}</Tag>;
}
