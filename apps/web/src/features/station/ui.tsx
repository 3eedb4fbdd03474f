import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Card, DatePicker, Descriptions, Empty, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Chart, COLORS } from './chart';
import type { Series } from './chart';
import { DETAIL_PATH, DEVICE_BASE, DEVICE_LIST, useGet } from './api';
import type { DeviceKind, Fault, Page, Params, Row } from './api';
import { NETWORK_STATUS, formatNumber, networkStatusOf } from './format';
import { PageLink } from '@/components/page-link';

/** Network status tag (spec §4: 0 normal, 1 disconnected, 2 fault). */
/** A small, unpaged table of computed rows (keyed by `key`) that scrolls sideways on narrow screens. */
export function StaticTable<T extends object>(props: TableProps<T>) {
  return <Table<T> size="small" rowKey="key" pagination={false} scroll={{ x: 'max-content' }} {...props} />;
}

export function NetworkTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const s = networkStatusOf(value);
  if (s === null) return <Tag>-</Tag>;
  const { key, color } = NETWORK_STATUS[s];
  return <Tag color={color}>{t(`station.network.${key}`)}</Tag>;
}

export function networkOptions(t: (k: string) => string) {
  return ([0, 1, 2] as const).map((v) => ({ value: String(v), label: t(`station.network.${NETWORK_STATUS[v].key}`) }));
}

/** Label/value pairs as responsive descriptions (one column on a phone). */
export function InfoList({ items, title }: { items: [label: string, value: ReactNode][]; title?: ReactNode }) {
  return (
    <Descriptions
      size="small"
      bordered
      title={title}
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={items.map(([label, value], i) => ({ key: String(i), label, children: value ?? '-' }))}
    />
  );
}

export function FaultTags({ faults }: { faults?: Fault[] | null }) {
  if (!faults?.length) return <>-</>;
  return (
    <Space size={[4, 4]} wrap>
      {faults.map((f) => (
        <Tag key={f.code} color="#cf1322" title={f.solution}>
          {f.code} {f.name}
        </Tag>
      ))}
    </Space>
  );
}

/** Search row above a list: text filters plus network status; submit and reset. */
export function Filters({ fields, onSearch }: { fields: { name: string; label: string }[]; onSearch(values: Params): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Params>();
  const submit = () => onSearch(form.getFieldsValue());
  return (
    <Form form={form} layout="inline" onFinish={submit} style={{ rowGap: 8, marginBottom: 12 }} aria-label={t('station.filters')}>
      {fields.map((f) => (
        <Form.Item key={f.name} name={f.name} label={f.label}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
      ))}
      <Form.Item name="networkStatus" label={t('station.networkStatus')}>
        <Select allowClear style={{ width: 140 }} options={networkOptions(t)} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('station.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              submit();
            }}
          >
            {t('station.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/** A paged, filtered server list. */
export function PagedTable({ url, filters, columns, rowKey = 'id', extraParams = {}, onRecords }: {
  url: string;
  filters?: { name: string; label: string }[];
  columns: TableColumnsType<Row>;
  rowKey?: string;
  extraParams?: Params;
  /** Told the records of each page answered (e.g. to fetch figures for them); keep it stable (useCallback). */
  onRecords?(records: Row[]): void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<Params>({});
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const list = useGet<Page>(url, { ...extraParams, ...query, ...paging });
  useEffect(() => {
    if (list.data) onRecords?.(list.data.records);
  }, [list.data, onRecords]);
  return (
    <>
      {filters && <Filters fields={filters} onSearch={(v) => { setQuery(v); setPaging((p) => ({ ...p, current: 1 })); }} />}
      <Table<Row>
        size="small"
        rowKey={rowKey}
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        columns={columns}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('station.total', { total }),
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
    </>
  );
}

/** Device list: SN (links to the detail), station, model, status, plus the kind's own columns. */
export function DeviceList({ kind, columns }: { kind: DeviceKind; columns: TableColumnsType<Row> }) {
  const { t } = useTranslation();
  const base: TableColumnsType<Row> = [
    {
      title: t('station.deviceSn'),
      dataIndex: 'deviceSn',
      fixed: 'left',
      render: (sn: string, r) => (
        <PageLink to={`${DETAIL_PATH[kind]}/${String(r.id)}`}>{sn}</PageLink>
      ),
    },
    { title: t('station.plantName'), dataIndex: 'plantName', render: (v: string | null) => v ?? t('station.unbound') },
    { title: t('station.model'), dataIndex: 'model' },
    { title: t('station.networkStatus'), dataIndex: 'networkStatus', render: (v: unknown) => <NetworkTag value={v} /> },
  ];
  const tail: TableColumnsType<Row> = [
    { title: t('station.faults'), dataIndex: 'faults', render: (f: Fault[]) => <FaultTags faults={f} /> },
    { title: t('station.lastDataTime'), dataIndex: 'lastDataTime' },
  ];
  return (
    <PagedTable
      url={DEVICE_LIST[kind]}
      filters={[
        { name: 'deviceSn', label: t('station.deviceSn') },
        { name: 'plantName', label: t('station.plantName') },
      ]}
      columns={[...base, ...columns, ...tail]}
    />
  );
}

/** Events, exceptions or alarms of a device (paged). */
export function EventTable({ url, id, alarms = false }: { url: string; id: string; alarms?: boolean }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<Row> = alarms
    ? [
        { title: t('station.event.time'), dataIndex: 'triggerTime' },
        { title: t('station.event.code'), dataIndex: 'alarmCode' },
        { title: t('station.event.name'), dataIndex: 'name' },
        { title: t('station.event.recoverTime'), dataIndex: 'recoverTime', render: (v: string | null) => v ?? <Tag color="#cf1322">{t('station.event.active')}</Tag> },
        { title: t('station.event.solution'), dataIndex: 'solution' },
      ]
    : [
        { title: t('station.event.time'), dataIndex: 'ts' },
        { title: t('station.event.code'), dataIndex: 'code' },
        { title: t('station.event.name'), dataIndex: 'name' },
        { title: t('station.event.level'), dataIndex: 'level', render: (v: unknown) => (v === null || v === undefined ? '-' : t(`station.level.${String(v)}`, { defaultValue: String(v) })) },
        { title: t('station.event.message'), dataIndex: 'message', render: (v: unknown, r) => String(v ?? r.msg ?? '') || '-' },
        { title: t('station.event.solution'), dataIndex: 'solution', render: (v: unknown) => String(v ?? '') || '-' },
      ];
  return <PagedTable url={url} extraParams={{ id }} columns={columns} rowKey={alarms ? 'id' : 'id'} />;
}

/** Display unit of a curve field (powers arrive in W and are shown in kW). */
export function curveUnit(field: string): string {
  if (/power$/i.test(field) && !/factor/i.test(field)) return 'kW';
  if (/^power[ABC]$|Power[ABC]$/.test(field)) return 'kW';
  if (/soc|soh/i.test(field)) return '%';
  if (/voltage/i.test(field) && /cell/i.test(field)) return 'V';
  if (/voltage/i.test(field)) return 'V';
  if (/leak/i.test(field)) return 'mA';
  if (/current/i.test(field)) return 'A';
  if (/temp/i.test(field)) return '°C';
  if (/frequency/i.test(field)) return 'Hz';
  if (/insulation/i.test(field)) return 'kΩ';
  if (/energy|today|remainKwh/i.test(field)) return 'kWh';
  return '';
}

interface CurveData {
  date: string;
  fields: string[];
  available: string[];
  times: string[];
  series: Record<string, (number | null)[]>;
}

/** Status curve of one day: choose the day and the values. */
export function CurveCard({ kind, id, path, defaults }: { kind: DeviceKind; id: string; path: string; defaults: string[] }) {
  const { t } = useTranslation();
  const [day, setDay] = useState<Dayjs>(dayjs());
  const [fields, setFields] = useState<string[]>(defaults);
  const curve = useGet<CurveData>(`${DEVICE_BASE[kind]}/${path}`, { id, date: day.format('YYYY-MM-DD'), fields: fields.join(',') }, { enabled: fields.length > 0 });
  const data = curve.data;
  const { units, series } = useMemo(() => {
    const us: string[] = [];
    const ss: Series[] = [];
    for (const f of data?.fields ?? []) {
      const unit = curveUnit(f);
      if (!us.includes(unit)) us.push(unit);
      const raw = data?.series[f] ?? [];
      const scale = unit === 'kW' ? 1 / 1000 : 1;
      ss.push({
        name: `${t(`station.field.${f}`, { defaultValue: f })}${unit ? ` (${unit})` : ''}`,
        data: raw.map((v) => (v === null ? null : Math.round(v * scale * 1000) / 1000)),
        yAxis: us.indexOf(unit) === 0 ? 0 : 1,
      });
    }
    return { units: us.length > 1 ? [us[0]!, us.slice(1).join(' / ')] : us, series: ss };
  }, [data, t]);
  const options = (data?.available ?? defaults).filter((f) => f !== 'state').map((f) => ({ value: f, label: t(`station.field.${f}`, { defaultValue: f }) }));
  return (
    <Card size="small" title={t('station.tab.curve')}>
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker value={day} allowClear={false} onChange={(d) => d && setDay(d)} disabledDate={(d) => d.isAfter(dayjs(), 'day')} aria-label={t('station.chooseDay')} />
        <Select
          mode="multiple"
          maxCount={6}
          style={{ minWidth: 260, maxWidth: '100%' }}
          value={fields}
          onChange={setFields}
          options={options}
          aria-label={t('station.chooseValues')}
          placeholder={t('station.chooseValues')}
        />
      </Space>
      <Chart label={t('station.tab.curve')} categories={data?.times ?? []} series={series} units={units} height={320} />
    </Card>
  );
}

interface EveryDay {
  month: string;
  records: (Row & { day: string })[];
}

/** Daily statistics of a month (bars). */
export function DailyCard({ kind, id, path, battery = false }: { kind: DeviceKind; id: string; path: string; battery?: boolean }) {
  const { t } = useTranslation();
  const [month, setMonth] = useState<Dayjs>(dayjs());
  const q = useGet<EveryDay>(`${DEVICE_BASE[kind]}/${path}`, { id, month: month.format('YYYY-MM') });
  const records = q.data?.records ?? [];
  const keys: [string, string][] = battery
    ? [['chargeEnergy', COLORS.charge], ['dischargeEnergy', COLORS.discharge]]
    : [['pvEnergy', COLORS.pv], ['loadEnergy', COLORS.load], ['gridImport', COLORS.import], ['gridExport', COLORS.export]];
  const series: Series[] = keys.map(([k, color]) => ({ name: t(`station.energy.${k}`), type: 'bar', color, data: records.map((r) => Number(r[k] ?? 0)) }));
  return (
    <Card size="small" title={battery ? t('station.tab.dailyEstimate') : t('station.tab.daily')}>
      <DatePicker picker="month" value={month} allowClear={false} onChange={(d) => d && setMonth(d)} style={{ marginBottom: 12 }} aria-label={t('station.chooseMonth')} />
      <Chart label={t('station.tab.daily')} categories={records.map((r) => r.day.slice(5))} series={series} units={['kWh']} />
      <Table<Row>
        size="small"
        rowKey="day"
        style={{ marginTop: 12 }}
        dataSource={records}
        pagination={false}
        scroll={{ x: 'max-content', y: 240 }}
        columns={[{ title: t('station.day'), dataIndex: 'day' }, ...keys.map(([k]) => ({ title: `${t(`station.energy.${k}`)} (kWh)`, dataIndex: k, render: (v: unknown) => formatNumber(v) }))]}
      />
    </Card>
  );
}

interface Totals {
  lifetime: Row;
  today: Row;
  month: Row;
  year: Row;
  monitored: Row;
}

/** Energy totals: today, month, year, everything monitored, and the device's lifetime counters. */
export function TotalsCard({ kind, id, path, battery = false }: { kind: DeviceKind; id: string; path: string; battery?: boolean }) {
  const { t, i18n } = useTranslation();
  const q = useGet<Totals>(`${DEVICE_BASE[kind]}/${path}`, { id });
  const d = q.data;
  if (!d) return <Card size="small" loading />;
  const keys = battery ? ['chargeEnergy', 'dischargeEnergy'] : ['pvEnergy', 'loadEnergy', 'gridImport', 'gridExport', 'chargeEnergy', 'dischargeEnergy'];
  const lifetimeKeys = battery ? ['chargeTotal', 'dischargeTotal'] : ['pvTotal', 'loadTotal', 'importTotal', 'exportTotal', 'chargeTotal', 'dischargeTotal'];
  const periods = ['today', 'month', 'year', 'monitored'] as const;
  const rows = keys.map((k) => ({ key: k, name: t(`station.energy.${k}`), ...Object.fromEntries(periods.map((p) => [p, d[p][k]])) }));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <StaticTable
        dataSource={rows}
        columns={[
          { title: t('station.item'), dataIndex: 'name' },
          ...periods.map((p) => ({ title: `${t(`station.period.${p}`)} (kWh)`, dataIndex: p, render: (v: unknown) => formatNumber(v, 2, i18n.language) })),
        ]}
      />
      <InfoList title={t('station.lifetime')} items={lifetimeKeys.map((k) => [t(`station.energy.${k}`), d.lifetime[k] === null ? '-' : `${formatNumber(d.lifetime[k], 2, i18n.language)} kWh`])} />
    </Space>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return <Empty description={t('station.notFound')} />;
}
