/**
 * `/epc/maintenance`: maintenance orders — the service KPIs above (kpi-section.tsx, its own chunk with ECharts), then
 * the filters (number, customer, stage of the maintenance definition, fee type, device SN, "my tasks") and the orders:
 * number (to the detail), customer, call-in time, fee type, station, device SN, stage and sub-status, dwell days and
 * the persons handling it. Agent staff see their company's orders only (the server scopes the list).
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Card, Empty, Form, Input, Select, Skeleton, Space, Switch, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLink } from '@/components/page-link';
import { usePermission } from '@/core/permission/permission-store';
import { stageOptions } from '@/features/epc/api';
import { Progress } from '@/features/epc/order-parts';
import { MAINT_PROCESS } from '@/features/epc/process';
import { MAINT_ADD, maintDetailPath, useFeeTypes, useMaintOrders, type MaintQuery, type MaintRow } from './api';

const KpiSection = lazy(() => import('./kpi-section').then((m) => ({ default: m.KpiSection })));

const SIZE = 10;

interface Filters {
  orderNumber?: string;
  customerName?: string;
  stage?: string;
  feeType?: string;
  deviceSn?: string;
  mine?: boolean;
}

/** The list's query from the filters (blank ones left out). */
export function toQuery(f: Filters, current: number): MaintQuery {
  const text = (v: string | undefined) => v?.trim() || undefined;
  return {
    current: String(current),
    size: String(SIZE),
    orderNumber: text(f.orderNumber),
    customerName: text(f.customerName),
    stage: f.stage || undefined,
    feeType: f.feeType || undefined,
    deviceSn: text(f.deviceSn),
    mine: f.mine ? '1' : undefined,
  };
}

export function MaintListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { has } = usePermission();
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [current, setCurrent] = useState(1);
  const list = useMaintOrders(toQuery(filters, current));
  const fees = useFeeTypes();
  const stages = useMemo(() => stageOptions(i18n.language, MAINT_PROCESS), [i18n.language]);
  const apply = (next: Filters) => {
    setFilters(next);
    setCurrent(1);
  };
  const sep = t('epc.listSeparator');

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="maint-list">
      <Suspense fallback={<Skeleton active={false} />}>
        <KpiSection />
      </Suspense>
      <Card
        title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('maintenance.title')}</h2>}
        extra={
          has('epc_maintenance_add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(MAINT_ADD)} data-testid="maint-add">
              {t('maintenance.action.add')}
            </Button>
          )
        }
      >
        <Form<Filters> form={form} layout="inline" onFinish={(v) => apply({ ...v, mine: filters.mine })} style={{ marginBottom: 12, rowGap: 8 }}>
          <Form.Item name="orderNumber" label={t('maintenance.field.orderNumber')}>
            <Input allowClear style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="customerName" label={t('maintenance.field.customer')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="stage" label={t('maintenance.field.stage')}>
            <Select allowClear showSearch optionFilterProp="label" options={stages} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="feeType" label={t('maintenance.field.feeType')}>
            <Select allowClear options={fees.items.map((i) => ({ value: i.dictKey, label: i.dictValue }))} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="deviceSn" label={t('maintenance.field.deviceSn')}>
            <Input allowClear style={{ width: 180 }} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('maintenance.action.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  apply({ mine: filters.mine });
                }}
              >
                {t('maintenance.action.reset')}
              </Button>
            </Space>
          </Form.Item>
          <Form.Item>
            <Space>
              <Switch id="maint-mine" checked={Boolean(filters.mine)} onChange={(mine) => apply({ ...filters, mine })} />
              <label htmlFor="maint-mine">{t('maintenance.mine')}</label>
            </Space>
          </Form.Item>
        </Form>
        <Table<MaintRow>
          rowKey="id"
          size="small"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('maintenance.empty')} /> }}
          pagination={{ current, pageSize: SIZE, total: list.data?.total ?? 0, onChange: setCurrent, showSizeChanger: false }}
          scroll={{ x: 1400 }}
          columns={[
            {
              title: t('maintenance.field.orderNumber'),
              dataIndex: 'orderNumber',
              fixed: 'left',
              width: 170,
              render: (v: string, r) => <PageLink to={maintDetailPath(r.id)}>{v}</PageLink>,
            },
            { title: t('maintenance.field.customer'), dataIndex: 'customerName', width: 140 },
            { title: t('maintenance.field.callInTime'), dataIndex: 'callInTime', width: 160 },
            { title: t('maintenance.field.feeType'), dataIndex: 'feeType', width: 170, render: (v: string | null) => fees.name(v) },
            { title: t('maintenance.field.station'), dataIndex: 'stationName', width: 160 },
            { title: t('maintenance.field.deviceSn'), dataIndex: 'deviceSn', width: 160 },
            { title: t('maintenance.field.stage'), key: 'stage', width: 220, render: (_: unknown, r) => <Progress row={r} /> },
            {
              title: t('maintenance.field.dwell'),
              key: 'dwell',
              width: 120,
              align: 'right',
              render: (_: unknown, r) => t('epc.dwell.value', { current: r.dwellDays ?? '–', total: r.totalDays }),
            },
            { title: t('maintenance.field.processors'), dataIndex: 'processors', width: 160, render: (v: string[] | undefined) => (v ?? []).join(sep) },
          ]}
        />
      </Card>
    </Space>
  );
}
