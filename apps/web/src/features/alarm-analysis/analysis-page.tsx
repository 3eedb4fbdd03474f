/**
 * Alarm analysis (`/alarm/analysis`, contracts `alarmLog/analysis`): for a range (at most 366 days) and a grouping
 * (station, agent = the station's operation company, installer = its operation user), the mean time to acknowledge
 * and to recover per group, and the alarms of each category per day. The server refuses a longer range with a 400;
 * the picker keeps to it.
 */
import { useState } from 'react';
import { Card, Col, DatePicker, Form, Row, Segmented, Space, Statistic, Table, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { ANALYSIS_GROUPS, MAX_ANALYSIS_DAYS, alarmLogAnalysis } from '@helio/contracts/modules/alarm/alarm-stats.api';
import type { AnalysisGroup } from '@helio/contracts/modules/alarm/alarm-stats.api';
import { useEndpoint } from '@/core/http/endpoint';
import { ChartBox, categoryOption, timesOption } from './charts';

type Analysis = DataOf<typeof alarmLogAnalysis>;
type Group = Analysis['groups'][number];

/** Minutes as a short duration: "45 min", "2 h 5 min", "3 d 4 h" (units in the user's language). */
export function formatMinutes(v: number | null | undefined, t: (k: string) => string, lang: string): string {
  if (v === null || v === undefined) return '-';
  const [min, h, d] = [t('alarmAnalysis.unit.min'), t('alarmAnalysis.unit.h'), t('alarmAnalysis.unit.d')];
  if (v < 60) return `${v.toLocaleString(lang, { maximumFractionDigits: 1 })} ${min}`;
  const m = Math.round(v);
  if (m < 1440) return `${Math.floor(m / 60)} ${h} ${m % 60} ${min}`;
  return `${Math.floor(m / 1440)} ${d} ${Math.floor((m % 1440) / 60)} ${h}`;
}

export function AlarmAnalysisPage() {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
  const lang = i18n.language;
  // Until the user picks a range, the server's default (the last 30 days of its own calendar): "today" is the
  // platform's day, not the browser's — at 17:00 UTC it is already tomorrow in Asia/Shanghai.
  const [picked, setRange] = useState<[Dayjs, Dayjs]>();
  const [groupBy, setGroupBy] = useState<AnalysisGroup>('station');
  const q = useEndpoint(alarmLogAnalysis, picked ? { from: picked[0].format('YYYY-MM-DD'), to: picked[1].format('YYYY-MM-DD'), groupBy } : { groupBy });
  const a = q.data;
  // The answer's range: `to` is the end of its last day (exclusive), so the last day shown is the second before.
  const range: [Dayjs, Dayjs] | undefined = picked ?? (a ? [dayjs(a.from), dayjs(a.to).subtract(1, 'second')] : undefined);
  const lastDay = range && range[1].isAfter(dayjs(), 'day') ? range[1] : dayjs();
  const nameOf = (g: Group) => g.name ?? (g.key === null ? t(`alarmAnalysis.noGroup.${groupBy}`) : g.key);
  const groups = a?.groups ?? [];
  const legend: [string, string] = [t('alarmAnalysis.mttaShort'), t('alarmAnalysis.mttrShort')];
  const series = (a?.categories ?? []).map((c) => ({ key: c.category, name: t(`alarmAnalysis.category.${c.category}`, { defaultValue: c.category }), counts: c.counts }));

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="alarm-analysis">
      <Card size="small">
        <Form layout="inline" style={{ rowGap: 8 }}>
          <Form.Item label={t('alarmAnalysis.range')}>
            <DatePicker.RangePicker
              value={range}
              allowClear={false}
              disabledDate={(d, info) => d.isAfter(lastDay, 'day') || (info.from ? Math.abs(d.diff(info.from, 'day')) >= MAX_ANALYSIS_DAYS : false)}
              onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
              aria-label={t('alarmAnalysis.range')}
            />
          </Form.Item>
          <Form.Item label={t('alarmAnalysis.groupBy')}>
            <Segmented
              value={groupBy}
              onChange={(v) => setGroupBy(v as AnalysisGroup)}
              options={ANALYSIS_GROUPS.map((g) => ({ value: g, label: t(`alarmAnalysis.group.${g}`) }))}
            />
          </Form.Item>
        </Form>
        <Typography.Paragraph style={{ margin: '8px 0 0', color: token.colorTextSecondary }}>
          {t('alarmAnalysis.hint')}
        </Typography.Paragraph>
      </Card>

      <Row gutter={[12, 12]}>
        {[
          ['total', t('alarmAnalysis.total'), a ? a.total.toLocaleString(lang) : '-'],
          ['mtta', t('alarmAnalysis.mtta'), formatMinutes(a?.mttaMinutes, t, lang)],
          ['mttr', t('alarmAnalysis.mttr'), formatMinutes(a?.mttrMinutes, t, lang)],
        ].map(([key, title, value]) => (
          <Col key={key} xs={24} md={8}>
            <Card size="small" loading={q.isLoading} data-testid={`analysis-${key}`}>
              <Statistic title={<span style={{ color: token.colorTextSecondary }}>{title}</span>} value={value} />
            </Card>
          </Col>
        ))}
      </Row>

      <Card size="small" title={t('alarmAnalysis.timesChart')} extra={a && a.groupCount > groups.length ? t('alarmAnalysis.groupsShown', { shown: groups.length, count: a.groupCount }) : null}>
        <ChartBox
          testId="analysis-times-chart"
          label={t('alarmAnalysis.timesChart')}
          empty={groups.length === 0}
          emptyText={t('alarmAnalysis.noData')}
          height={Math.max(240, Math.min(groups.length, 15) * 36 + 60)}
          option={timesOption(groups.map(nameOf), groups.map((g) => g.mttaMinutes), groups.map((g) => g.mttrMinutes), legend, t('alarmAnalysis.unit.min'))}
        />
        <Table<Group>
          size="small"
          rowKey={(g) => g.key ?? ''}
          dataSource={groups}
          pagination={groups.length > 10 ? { pageSize: 10 } : false}
          scroll={{ x: 'max-content' }}
          style={{ marginTop: 12 }}
          columns={[
            { title: t(`alarmAnalysis.group.${groupBy}`), key: 'name', render: (_: unknown, g) => nameOf(g) },
            { title: t('alarmAnalysis.total'), dataIndex: 'alarms', align: 'right' },
            { title: t('alarmAnalysis.acknowledged'), dataIndex: 'acknowledged', align: 'right' },
            { title: t('alarmAnalysis.recovered'), dataIndex: 'recovered', align: 'right' },
            { title: t('alarmAnalysis.mttaShort'), dataIndex: 'mttaMinutes', align: 'right', render: (v: number | null) => formatMinutes(v, t, lang) },
            { title: t('alarmAnalysis.mttrShort'), dataIndex: 'mttrMinutes', align: 'right', render: (v: number | null) => formatMinutes(v, t, lang) },
          ]}
        />
      </Card>

      <Card size="small" title={t('alarmAnalysis.categoryChart')}>
        <ChartBox
          testId="analysis-category-chart"
          label={t('alarmAnalysis.categoryChart')}
          empty={!a || a.total === 0}
          emptyText={t('alarmAnalysis.noData')}
          option={categoryOption(a?.days ?? [], series)}
        />
      </Card>
    </Space>
  );
}
