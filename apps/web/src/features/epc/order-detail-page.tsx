/**
 * `/epc/order/detail/:id`: one installer order — its head (number, customer, stage and sub-status, a pending cancel or
 * edit request, dwell days, version) and four tabs: the current stage (`./stage`'s panel: the form and the caller's
 * buttons), the order's data (every filled form, read-only), the progress diagram and the review history.
 * `OrderDetailView` is the same page for any order definition (the maintenance order's detail, issue 20): the detail
 * from the endpoint of the page's kind, everything else from the order's own definition (`processOf(order.process)`).
 */
import { useState } from 'react';
import type { ComponentType } from 'react';
import { Alert, Button, Card, Descriptions, Space, Spin, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useNavigate } from 'react-router';
import { OfflineBadge } from '@/core/offline/offline-status';
import { ORDER_DETAIL, ORDER_LIST, roleName, useOrderDetail, useRouteParams, type OrderDetail } from './api';
import type { StageUi } from './stage/stage-ui-types';
import { DocumentsTab } from './documents-tab';
import { HistoryTab } from './history-tab';
import { OrderDataTab } from './order-data-tab';
import { Progress } from './order-parts';
import { ProgressTab } from './progress-tab';
import './field-offline';
import './field.css';
import { Commissioned } from './field/commissioned';
import { StagePanel } from './stage/stage-panel';

type TabKey = 'stage' | 'data' | 'progress' | 'history' | 'docs';

/** A pending cancel or edit request, in words: who asked (from its history row), when and why. */
function pendingText(detail: OrderDetail, t: TFunction, language: string): string | undefined {
  const p = detail.pendingRequest;
  if (!p) return undefined;
  const kind = p.kind === 'edit' ? 'edit' : 'cancel';
  const row = [...detail.history].reverse().find((h) => h.request === kind && h.userId === p.by);
  return t('epc.pending.detail', {
    request: t(`epc.pending.${kind}`),
    by: row?.userName ?? p.by,
    role: roleName(p.role, language, detail.order.process),
    at: row?.createTime ?? dayjs(p.at).format('YYYY-MM-DD HH:mm:ss'),
    reason: p.reason ?? '–',
  });
}

function Head({ detail }: { detail: OrderDetail }) {
  const { t, i18n } = useTranslation();
  const o = detail.order;
  const pending = pendingText(detail, t, i18n.language);
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, md: 2, lg: 3, xl: 4, xxl: 4 }}
      items={[
        { key: 'customer', label: t('epc.field.customer'), children: o.customerName },
        { key: 'phone', label: t('epc.field.phone'), children: o.customerPhone ?? '' },
        { key: 'agent', label: t('epc.field.agent'), children: o.agentName ?? '' },
        { key: 'start', label: t('epc.field.startTime'), children: o.createTime },
        { key: 'progress', label: t('epc.field.progress'), children: <Progress row={o} /> },
        {
          key: 'dwell',
          label: t('epc.field.dwell'),
          children: t('epc.dwell.value', { current: detail.dwell.current ?? '–', total: detail.dwell.total }),
        },
        { key: 'version', label: t('epc.field.version'), children: o.version },
        { key: 'updated', label: t('epc.field.updateTime'), children: o.updateTime },
        ...(pending
          ? [{ key: 'pending', label: t('epc.field.pending'), span: 'filled' as const, children: <span data-testid="epc-order-pending">{pending}</span> }]
          : []),
      ]}
    />
  );
}

export interface OrderDetailViewProps {
  /** The order definition the page serves (`OrderVO.process`): which endpoint answers the detail. */
  process?: string;
  /** The list page (the back button) and the detail route's pattern (the order id). */
  listPath: string;
  pattern: string;
  /** The kind's own additions to the stage panel, by stage id (replacing the installer order's there). */
  stageUi?: Readonly<Record<string, StageUi>>;
  /** Shown under the head (the kind's own facts). */
  HeadExtra?: ComponentType<{ detail: OrderDetail; onChanged: () => void }>;
}

export function OrderDetailPage() {
  return <OrderDetailView listPath={ORDER_LIST} pattern={ORDER_DETAIL} />;
}

export function OrderDetailView({ process, listPath, pattern, stageUi, HeadExtra }: OrderDetailViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useRouteParams(pattern);
  const detail = useOrderDetail(id, process);
  const [tab, setTab] = useState<TabKey>('stage');
  if (detail.isLoading) return <Spin />;
  if (!detail.data)
    return (
      <Alert
        type="error"
        showIcon
        message={t('epc.message.loadFailed')}
        action={<Button onClick={() => void navigate(listPath)}>{t('epc.action.back')}</Button>}
      />
    );
  const d = detail.data;
  const refetch = () => void detail.refetch();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="epc-order-detail">
      <Card
        title={
          <h2 style={{ margin: 0, fontSize: 16, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
            {t('epc.detailTitle', { number: d.order.orderNumber })}
            {d.order.inReview && (
              <Tag color="processing" style={{ marginLeft: 8 }}>
                {t('epc.inReview')}
              </Tag>
            )}
            <span style={{ marginLeft: 8 }}>
              <OfflineBadge />
            </span>
          </h2>
        }
        extra={<Button onClick={() => void navigate(listPath)}>{t('epc.action.back')}</Button>}
      >
        <Head detail={d} />
        <Commissioned data={d.data} />
        {HeadExtra && <HeadExtra detail={d} onChanged={refetch} />}
      </Card>
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as TabKey)}
          items={[
            // The stage's form stays mounted (a half-filled form survives a look at the other tabs); the others are
            // drawn when shown (the diagram fits the box it is shown in).
            { key: 'stage', label: t('epc.tab.stage'), children: <StagePanel detail={d} onChanged={refetch} stageUi={stageUi} /> },
            { key: 'data', label: t('epc.tab.data'), destroyOnHidden: true, children: <OrderDataTab detail={d} /> },
            { key: 'progress', label: t('epc.tab.progress'), destroyOnHidden: true, children: <ProgressTab detail={d} /> },
            { key: 'history', label: t('epc.tab.history'), destroyOnHidden: true, children: <HistoryTab detail={d} /> },
            { key: 'docs', label: t('epc.tab.docs'), destroyOnHidden: true, children: <DocumentsTab detail={d} /> },
          ]}
        />
      </Card>
    </Space>
  );
}
