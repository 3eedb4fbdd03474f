/**
 * The flow-chart dialog (spec §2, §4), reachable from every task and instance: the process diagram of an instance
 * (or of a definition) with the finished nodes in the success style, the open ones in the primary style and the
 * flows actually taken in the warning colour, and the instance's history table under it. bpmn-js comes with the
 * diagram's own chunk (`diagram-canvas.tsx`), loaded when a dialog first opens.
 */
import { lazy, Suspense, useMemo } from 'react';
import type { JSX } from 'react';
import { Empty, Modal, Space, Spin, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { flowHistoryFlowList, flowModelView } from '@helio/contracts/modules/workflow/workflow.api';
import { useEndpoint } from '@/core/http/endpoint';
import { withChunkTimeout } from '@/core/lazy';
import { highlightMarkers, historyRows } from './highlight';
import './locale';

const DiagramCanvas = lazy(() => withChunkTimeout(() => import('./diagram-canvas')).then((m) => ({ default: m.DiagramCanvas })));

type HistoryRow = DataOf<typeof flowHistoryFlowList>[number];

export interface FlowChartDialogProps {
  open: boolean;
  onClose: () => void;
  processInstanceId?: string;
  processDefinitionId?: string;
}

function Waiting({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} style={{ height: 420, display: 'grid', placeItems: 'center' }}>
      <Spin />
    </div>
  );
}

function Legend() {
  const { t } = useTranslation();
  return (
    <Space size={4} wrap style={{ marginBottom: 8 }}>
      <Tag color="success">{t('flowChart.legend.finished')}</Tag>
      <Tag color="processing">{t('flowChart.legend.current')}</Tag>
      <Tag color="warning">{t('flowChart.legend.taken')}</Tag>
    </Space>
  );
}

export function FlowChartDialog({ open, onClose, processInstanceId, processDefinitionId }: FlowChartDialogProps): JSX.Element {
  const { t } = useTranslation();
  const query = processInstanceId ? { processInstanceId } : { processDefinitionId };
  const enabled = open && Boolean(processInstanceId || processDefinitionId);
  const view = useEndpoint(flowModelView, query, { enabled });
  const history = useEndpoint(flowHistoryFlowList, { processInstanceId: processInstanceId ?? '' }, { enabled: enabled && Boolean(processInstanceId) });
  const markers = useMemo(() => highlightMarkers(view.data?.flow ?? []), [view.data]);
  const rows = useMemo(() => historyRows(history.data ?? []), [history.data]);
  const xml = view.data?.xml ?? '';

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width="min(1100px, 96vw)"
      title={t('flowChart.title')}
      destroyOnHidden
      wrapClassName="helio-flow-chart-dialog"
    >
      {processInstanceId && <Legend />}
      {view.isLoading || (enabled && !view.data && !view.isError) ? (
        <Waiting label={t('flowChart.loading')} />
      ) : xml ? (
        <Suspense fallback={<Waiting label={t('flowChart.loading')} />}>
          <DiagramCanvas xml={xml} markers={markers} height={420} label={t('flowChart.diagramLabel')} />
        </Suspense>
      ) : (
        <Empty description={t('flowChart.noDiagram')} />
      )}
      {processInstanceId && (
        <Table<HistoryRow>
          style={{ marginTop: 12 }}
          size="small"
          rowKey={(r) => `${r.historyActivityId}-${r.executionId ?? ''}-${r.createTime ?? ''}`}
          loading={history.isLoading}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 800, y: 240 }}
          title={() => <strong>{t('flowChart.historyCaption')}</strong>}
          columns={[
            { title: t('flowChart.col.activity'), dataIndex: 'historyActivityName', render: (v: string | null, r) => v || r.historyActivityId },
            { title: t('flowChart.col.assignee'), dataIndex: 'assigneeName', render: (v: string | null, r) => v ?? r.assignee ?? '' },
            { title: t('flowChart.col.comment'), dataIndex: 'comment' },
            {
              title: t('flowChart.col.attachments'),
              dataIndex: 'attachments',
              render: (files: HistoryRow['attachments']) => (
                <Space size={[8, 0]} wrap>
                  {(files ?? []).map((f) => (
                    <a key={f.attachId} href={f.link} target="_blank" rel="noreferrer">
                      {f.name}
                    </a>
                  ))}
                </Space>
              ),
            },
            { title: t('flowChart.col.start'), dataIndex: 'createTime', width: 170 },
            { title: t('flowChart.col.end'), dataIndex: 'endTime', width: 170, render: (v: string | null) => v ?? t('flowChart.open') },
            { title: t('flowChart.col.duration'), dataIndex: 'historyActivityDurationTime', width: 140 },
          ]}
        />
      )}
    </Modal>
  );
}
