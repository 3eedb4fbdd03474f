/**
 * The order's progress: its process drawn as a BPMN diagram (the workflow flow chart's viewer; stage ids = element
 * ids, `progress-bpmn.ts`) with done, current and sent-back stages styled and the edges taken highlighted, the dwell
 * days in each stage's box, and the same as a table (the stages reached, their state, days and acting roles).
 */
import { useMemo } from 'react';
import type { CSSProperties } from 'react';
import { Grid, Space, Table, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { DiagramView } from '@/components/flow-chart';
import { pick, roleName, type OrderDetail } from './api';
import { processOf } from './process';
import { progressBpmn, progressMarkers, progressOf } from './progress-bpmn';
import './progress.css';

const MARK_COLOR = { done: 'success', current: 'processing', rejected: 'error' } as const;

interface StageRow {
  id: string;
  name: string;
  mark: keyof typeof MARK_COLOR;
  days: number | undefined;
  roles: string;
}

export function ProgressTab({ detail }: { detail: OrderDetail }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  // Fewer stages a row on narrow screens, so the drawing is not scaled down to nothing.
  const perRow = screens.lg ? 6 : screens.sm ? 4 : 2;
  const lang = i18n.language;
  const def = processOf(detail.order.process);
  const { marks, taken } = useMemo(() => progressOf(def, detail.order.stage, detail.history), [def, detail.order.stage, detail.history]);
  const days = detail.dwell.stages;
  const names = useMemo(
    () =>
      Object.fromEntries(
        def.stages.map((s) => {
          const name = pick(s.name, lang);
          return [s.id, days[s.id] === undefined || s.terminal ? name : `${name} · ${t('epc.dwell.days', { n: days[s.id] })}`];
        }),
      ),
    [def, lang, days, t],
  );
  const model = useMemo(() => progressBpmn(def, { names, perRow }), [def, names, perRow]);
  const markers = useMemo(() => progressMarkers(model, marks, taken), [model, marks, taken]);
  const rows: StageRow[] = def.stages
    .filter((s) => marks[s.id])
    .map((s) => ({
      id: s.id,
      name: pick(s.name, lang),
      mark: marks[s.id]!,
      days: days[s.id],
      roles: (s.actors ?? []).map((r) => roleName(r, lang)).join(t('epc.listSeparator')),
    }));
  const colours = {
    '--helio-epc-rejected': token.colorError,
    '--helio-epc-rejected-bg': token.colorErrorBg,
    '--helio-epc-back': token.colorTextTertiary,
  } as CSSProperties;

  return (
    <div data-testid="epc-order-progress">
      <Space size={4} wrap style={{ marginBottom: 8 }}>
        <Tag color="success">{t('epc.mark.done')}</Tag>
        <Tag color="processing">{t('epc.mark.current')}</Tag>
        <Tag color="error">{t('epc.mark.rejected')}</Tag>
        <Tag color="warning">{t('epc.mark.taken')}</Tag>
        <Tag style={{ borderStyle: 'dashed' }}>{t('epc.mark.back')}</Tag>
      </Space>
      <div className="helio-epc-progress" style={colours}>
        <DiagramView xml={model.xml} markers={markers} height={screens.lg ? 560 : 640} label={t('epc.progressLabel')} />
      </div>
      <Table<StageRow>
        style={{ marginTop: 12 }}
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        title={() => <strong>{t('epc.progressCaption')}</strong>}
        columns={[
          { title: t('epc.field.stage'), dataIndex: 'name' },
          { title: t('epc.field.state'), dataIndex: 'mark', render: (m: StageRow['mark']) => <Tag color={MARK_COLOR[m]}>{t(`epc.mark.${m}`)}</Tag> },
          { title: t('epc.field.dwellDays'), dataIndex: 'days', align: 'right', render: (v: number | undefined) => v ?? '–' },
          { title: t('epc.field.actors'), dataIndex: 'roles' },
        ]}
      />
    </div>
  );
}
