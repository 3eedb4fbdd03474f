/**
 * `/epc/order`: installer orders — order number (to the detail), start time, customer, site, progress (stage and
 * sub-status), the roles acting now, the persons handling it, the agent and the dwell days; filters by number,
 * customer, stage and (platform staff) agent, and "my tasks". Agent staff see their company's orders only (the
 * server scopes the list).
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Card, Form, Grid, Input, Select, Skeleton, Space, Switch } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { rolesOf } from '@/core/auth/types';
import { useSessionStore } from '@/core/auth/session-store';
import { OfflineBadge } from '@/core/offline/offline-status';
import { usePermission } from '@/core/permission/permission-store';
import './field-offline';
// A phone loads only the cards, a desktop only the table (issue 19: what a phone downloads, bench/field-first-load).
const OrderCards = lazy(() => import('./order-cards').then((m) => ({ default: m.OrderCards })));
const OrderTable = lazy(() => import('./order-table').then((m) => ({ default: m.OrderTable })));
import {
  isAgentStaff,
  ORDER_ADD,
  stageOptions,
  useAgentNames,
  useOrders,
  type OrderQuery,
} from './api';

const SIZE = 10;

interface Filters {
  orderNumber?: string;
  customerName?: string;
  stage?: string;
  agentId?: string;
  mine?: boolean;
}

export function OrderListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { has } = usePermission();
  const user = useSessionStore((s) => s.user);
  const platform = !isAgentStaff(rolesOf(user));
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<Filters>({});
  const [current, setCurrent] = useState(1);
  const agents = useAgentNames(platform);
  const query: OrderQuery = {
    current: String(current),
    size: String(SIZE),
    orderNumber: filters.orderNumber?.trim() || undefined,
    customerName: filters.customerName?.trim() || undefined,
    stage: filters.stage || undefined,
    agentId: platform ? filters.agentId || undefined : undefined,
    mine: filters.mine ? '1' : undefined,
  };
  const list = useOrders(query);
  const stages = useMemo(() => stageOptions(i18n.language), [i18n.language]);
  // A phone (below md) gets cards instead of the wide table (issue 19, "In the field").
  const phone = !Grid.useBreakpoint().md;
  const rows = { rows: list.data?.records ?? [], loading: list.isLoading, current, pageSize: SIZE, total: list.data?.total ?? 0, onPage: setCurrent };
  const apply = (next: Filters) => {
    setFilters(next);
    setCurrent(1);
  };

  return (
    <Card
      title={
        <Space wrap size={8}>
          <h2 style={{ margin: 0, fontSize: 16 }}>{t('epc.title')}</h2>
          <OfflineBadge />
        </Space>
      }
      extra={
        has('epc_order_add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(ORDER_ADD)} data-testid="epc-order-add">
            {t('epc.action.add')}
          </Button>
        )
      }
    >
      <Form<Filters> form={form} layout="inline" onFinish={(v) => apply({ ...v, mine: filters.mine })} className="epc-order-filters" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="orderNumber" label={t('epc.field.orderNumber')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="customerName" label={t('epc.field.customer')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="stage" label={t('epc.field.stage')}>
          <Select allowClear showSearch optionFilterProp="label" options={stages} style={{ width: 180 }} />
        </Form.Item>
        {platform && (
          <Form.Item name="agentId" label={t('epc.field.agent')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              loading={agents.isLoading}
              options={(agents.data ?? []).map((a) => ({ value: a.id, label: a.companyName }))}
              style={{ width: 200 }}
            />
          </Form.Item>
        )}
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('epc.action.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                apply({ mine: filters.mine });
              }}
            >
              {t('epc.action.reset')}
            </Button>
          </Space>
        </Form.Item>
        <Form.Item>
          <Space>
            <Switch
              id="epc-order-mine"
              checked={Boolean(filters.mine)}
              onChange={(mine) => apply({ ...filters, mine })}
              data-testid="epc-order-mine"
            />
            <label htmlFor="epc-order-mine">{t('epc.mine')}</label>
          </Space>
        </Form.Item>
      </Form>
      <Suspense fallback={<Skeleton active={false} />}>
        {phone ? <OrderCards {...rows} /> : <OrderTable {...rows} />}
      </Suspense>
    </Card>
  );
}
