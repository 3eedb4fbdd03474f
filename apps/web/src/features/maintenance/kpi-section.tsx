/**
 * The service KPIs over a period the user picks (by default the last 12 months; contracts `maintKpi`): call-ins and closed orders, the average hours to
 * the first visit and to close, the first-time fix rate (closed orders repaired at the first visit), the cost by fee
 * type, and the same per agent and per installer. Nothing called in yet: the empty state.
 */
import { useState } from 'react';
import { Card, Col, DatePicker, Empty, Row, Statistic, Table, Typography, theme } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useFeeTypes, useMaintKpi, type Kpi } from './api';
import { costOption, KpiChart, monthsOption } from './kpi-charts';

type AgentRow = Kpi['byAgent'][number];
type InstallerRow = Kpi['byInstaller'][number];

/** Hours with one decimal ("–" when unknown). */
export const hoursText = (v: number | null | undefined, t: TFunction, lang: string) =>
  v === null || v === undefined ? '–' : t('maintenance.kpi.hours', { n: v.toLocaleString(lang, { maximumFractionDigits: 1 }) });
/** A rate of 0–1 as a percentage ("–" when unknown). */
export const rateText = (v: number | null | undefined, lang: string) =>
  v === null || v === undefined ? '–' : v.toLocaleString(lang, { style: 'percent', maximumFractionDigits: 1 });

export function KpiSection() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const lang = i18n.language;
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const q = useMaintKpi(range ? { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') } : {});
  const fees = useFeeTypes();
  const k = q.data;
  const none = t('maintenance.kpi.none');
  const title = <h2 style={{ margin: 0, fontSize: 16 }}>{t('maintenance.kpi.title')}</h2>;
  // Cleared: back to the last 12 months.
  const period = (
    <DatePicker.RangePicker
      value={range}
      onChange={(v) => setRange(v?.[0] && v[1] ? [v[0], v[1]] : null)}
      disabledDate={(d) => d.isAfter(dayjs(), 'day')}
      presets={[
        { label: t('maintenance.kpi.preset.days30'), value: [dayjs().subtract(29, 'day'), dayjs()] },
        { label: t('maintenance.kpi.preset.months3'), value: [dayjs().subtract(3, 'month').add(1, 'day'), dayjs()] },
        { label: t('maintenance.kpi.preset.year'), value: [dayjs().startOf('year'), dayjs()] },
      ]}
      placeholder={[t('maintenance.kpi.from'), t('maintenance.kpi.to')]}
      aria-label={t('maintenance.kpi.period')}
      data-testid="maint-kpi-period"
    />
  );
  const hint = range ? t('maintenance.kpi.hintRange', { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') }) : t('maintenance.kpi.hint');
  if (!q.isLoading && (!k || k.callIns === 0)) {
    return (
      <Card title={title} extra={period} data-testid="maint-kpi">
        <Empty description={none} data-testid="maint-kpi-empty" />
      </Card>
    );
  }
  const figures: [string, string, string][] = [
    ['callIns', t('maintenance.kpi.callIns'), k ? k.callIns.toLocaleString(lang) : '–'],
    ['closed', t('maintenance.kpi.closed'), k ? k.closed.toLocaleString(lang) : '–'],
    ['firstVisit', t('maintenance.kpi.firstVisit'), hoursText(k?.avgFirstVisitHours, t, lang)],
    ['close', t('maintenance.kpi.close'), hoursText(k?.avgCloseHours, t, lang)],
    ['ftfr', t('maintenance.kpi.ftfr'), rateText(k?.firstTimeFixRate, lang)],
  ];
  const months = k?.months ?? [];
  const costs = k?.costByFeeType ?? [];
  const money = (v: number) => v.toLocaleString(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const sub = (text: string) => <h3 style={{ margin: 0, fontSize: 14 }}>{text}</h3>;
  return (
    <Card title={title} extra={period} data-testid="maint-kpi">
      <Typography.Paragraph style={{ color: token.colorTextSecondary }}>{hint}</Typography.Paragraph>
      <Row gutter={[12, 12]}>
        {figures.map(([key, label, value]) => (
          <Col key={key} xs={12} md={8} xl={4}>
            <Card size="small" loading={q.isLoading} data-testid={`maint-kpi-${key}`}>
              <Statistic title={<span style={{ color: token.colorTextSecondary }}>{label}</span>} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <Col xs={24} xl={14}>
          <Card size="small" title={sub(t('maintenance.kpi.monthsChart'))}>
            <KpiChart
              testId="maint-kpi-months"
              label={t('maintenance.kpi.monthsChart')}
              empty={months.length === 0}
              emptyText={none}
              option={monthsOption(
                months.map((m) => m.month),
                months.map((m) => m.callIns),
                months.map((m) => m.closed),
                [t('maintenance.kpi.callIns'), t('maintenance.kpi.closed')],
              )}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={sub(t('maintenance.kpi.costChart'))}>
            <KpiChart
              testId="maint-kpi-cost"
              label={t('maintenance.kpi.costChart')}
              empty={costs.length === 0}
              emptyText={none}
              option={costOption(
                costs.map((c) => t('maintenance.kpi.feeOrders', { name: fees.name(c.feeType), n: c.orders })),
                costs.map((c) => c.cost),
                t('maintenance.kpi.cost'),
              )}
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={[12, 12]} style={{ marginTop: 12 }}>
        <Col xs={24} xl={12}>
          <Card size="small" title={sub(t('maintenance.kpi.byAgent'))}>
            <Table<AgentRow>
              size="small"
              rowKey="agentId"
              dataSource={k?.byAgent ?? []}
              pagination={(k?.byAgent.length ?? 0) > 10 ? { pageSize: 10 } : false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: none }}
              data-testid="maint-kpi-agents"
              columns={[
                { title: t('maintenance.kpi.agent'), key: 'agent', render: (_: unknown, r) => r.agentName ?? r.agentId },
                { title: t('maintenance.kpi.callIns'), dataIndex: 'callIns', align: 'right' },
                { title: t('maintenance.kpi.closed'), dataIndex: 'closed', align: 'right' },
                { title: t('maintenance.kpi.close'), dataIndex: 'avgCloseHours', align: 'right', render: (v: number | null) => hoursText(v, t, lang) },
                { title: t('maintenance.kpi.ftfr'), dataIndex: 'firstTimeFixRate', align: 'right', render: (v: number | null) => rateText(v, lang) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={sub(t('maintenance.kpi.byInstaller'))}>
            <Table<InstallerRow>
              size="small"
              rowKey="userId"
              dataSource={k?.byInstaller ?? []}
              pagination={(k?.byInstaller.length ?? 0) > 10 ? { pageSize: 10 } : false}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: none }}
              data-testid="maint-kpi-installers"
              columns={[
                { title: t('maintenance.kpi.installer'), key: 'name', render: (_: unknown, r) => r.name ?? r.userId },
                { title: t('maintenance.kpi.orders'), dataIndex: 'orders', align: 'right' },
                { title: t('maintenance.kpi.closed'), dataIndex: 'closed', align: 'right' },
                { title: t('maintenance.kpi.ftfr'), dataIndex: 'firstTimeFixRate', align: 'right', render: (v: number | null) => rateText(v, lang) },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
        {t('maintenance.kpi.costNote', { total: money(costs.reduce((s, c) => s + c.cost, 0)) })}
      </Typography.Text>
    </Card>
  );
}
