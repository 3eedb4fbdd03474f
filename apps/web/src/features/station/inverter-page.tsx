import type { ReactNode } from 'react';
import { Card, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DETAIL_PATH, DEVICE_BASE, useDetailId, useGet } from './api';
import type { Row } from './api';
import { DeviceDetail, DeviceInfoTab, InstallInfoTab, StateTag, SummaryCards, useLive } from './device-common';
import type { Live } from './device-common';
import { formatEnergy, formatNumber, formatPercent, formatPowerW, formatTemp, withUnit } from './format';
import { CurveCard, DailyCard, DeviceList, EventTable, FaultTags, InfoList, NetworkTag, StaticTable, TotalsCard } from './ui';
import { PageLink } from '@/components/page-link';
import { InverterSettingsTab } from './settings-tab';

const BASE = DEVICE_BASE.inverter;

/** Inverters (`/inverter`): counts and list. */
export function InverterListPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card>
      <SummaryCards
        url={`${BASE}/overview`}
        extra={[
          { key: 'ratedPower', title: t('station.ratedPower'), unit: 'kW' },
          { key: 'currentPower', title: t('station.currentPower'), unit: 'kW', render: (r) => formatNumber(Number(r.currentPower ?? 0) / 1000, 2, lang) },
        ]}
      />
      <DeviceList
        kind="inverter"
        columns={[
          { title: t('station.state.title'), dataIndex: 'state', render: (v: unknown) => <StateTag kind="inverter" value={v} /> },
          { title: `${t('station.ratedPower')} (kW)`, dataIndex: 'ratedPower', align: 'right', render: (v: unknown) => formatNumber(v, 2, lang) },
          { title: t('station.pvPower'), dataIndex: 'pvPower', align: 'right', render: (v: unknown) => formatPowerW(v, lang) },
          { title: t('station.todayEnergy'), dataIndex: 'todayEnergy', align: 'right', render: (v: unknown) => formatEnergy(v, lang) },
          { title: t('station.totalEnergy'), dataIndex: 'totalEnergy', align: 'right', render: (v: unknown) => formatEnergy(v, lang) },
          { title: t('station.batterySoc'), dataIndex: 'batterySoc', align: 'right', render: (v: unknown) => formatPercent(v, lang) },
        ]}
      />
    </Card>
  );
}

interface InvData extends Row {
  pv?: { v: number; i: number }[];
  pvPower?: number;
  grid?: { v?: number[]; i?: number[]; p?: number[]; power?: number; freq?: number; q?: number; pf?: number };
  load?: { power?: number; p?: number[] };
  eps?: { power?: number };
  battery?: { v?: number; i?: number; power?: number; soc?: number; temp?: number };
  temp?: { inner?: number; sink?: number };
  busV?: number;
  isoKohm?: number;
}

function useLang() {
  return useTranslation().i18n.language;
}

function OverallTab({ live }: { live?: Live }) {
  const { t } = useTranslation();
  const lang = useLang();
  const d = (live?.data ?? {}) as InvData;
  return (
    <InfoList
      items={[
        [t('station.state.title'), <StateTag key="s" kind="inverter" value={live?.state} />],
        [t('station.pvPower'), formatPowerW(d.pvPower, lang)],
        [t('station.power.load'), formatPowerW(d.load?.power, lang)],
        [t('station.power.grid'), formatPowerW(d.grid?.power, lang)],
        [t('station.power.battery'), formatPowerW(d.battery?.power, lang)],
        [t('station.batterySoc'), formatPercent(d.battery?.soc, lang)],
        [t('station.field.innerTemp'), formatTemp(d.temp?.inner, lang)],
        [t('station.field.sinkTemp'), formatTemp(d.temp?.sink, lang)],
        [t('station.field.busVoltage'), withUnit(d.busV, 'V', 1, lang)],
        [t('station.field.insulation'), withUnit(d.isoKohm, 'kΩ', 0, lang)],
        [t('station.faults'), <FaultTags key="f" faults={live?.faults as never} />],
        [t('station.warnings'), <FaultTags key="w" faults={live?.warnings as never} />],
      ]}
    />
  );
}

function PvBatteryTab({ live }: { live?: Live }) {
  const { t } = useTranslation();
  const lang = useLang();
  const d = (live?.data ?? {}) as InvData;
  const strings = (d.pv ?? []).map((s, i) => ({ key: i + 1, v: s.v, i: s.i, p: s.v * s.i }));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Title level={5}>{t('station.pvStrings')}</Typography.Title>
      <StaticTable
        dataSource={strings}
        columns={[
          { title: 'MPPT', dataIndex: 'key', render: (k: number) => `PV${k}` },
          { title: t('station.voltage'), dataIndex: 'v', align: 'right', render: (v: number) => withUnit(v, 'V', 1, lang) },
          { title: t('station.current'), dataIndex: 'i', align: 'right', render: (v: number) => withUnit(v, 'A', 2, lang) },
          { title: t('station.power.title'), dataIndex: 'p', align: 'right', render: (v: number) => formatPowerW(v, lang) },
        ]}
      />
      <InfoList
        title={t('station.batteryPort')}
        items={[
          [t('station.voltage'), withUnit(d.battery?.v, 'V', 1, lang)],
          [t('station.current'), withUnit(d.battery?.i, 'A', 1, lang)],
          [t('station.power.title'), formatPowerW(d.battery?.power, lang)],
          [t('station.batterySoc'), formatPercent(d.battery?.soc, lang)],
          [t('station.temperature'), formatTemp(d.battery?.temp, lang)],
        ]}
      />
    </Space>
  );
}

function GridLoadTab({ live }: { live?: Live }) {
  const { t } = useTranslation();
  const lang = useLang();
  const d = (live?.data ?? {}) as InvData;
  const g = d.grid ?? {};
  const phases = (g.v ?? []).map((v, i) => ({ key: i, phase: 'ABC'[i] ?? String(i + 1), v, i: g.i?.[i], p: g.p?.[i], load: d.load?.p?.[i] }));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <StaticTable
        dataSource={phases}
        columns={[
          { title: t('station.phase'), dataIndex: 'phase' },
          { title: t('station.voltage'), dataIndex: 'v', align: 'right', render: (v: number) => withUnit(v, 'V', 1, lang) },
          { title: t('station.current'), dataIndex: 'i', align: 'right', render: (v: number) => withUnit(v, 'A', 2, lang) },
          { title: t('station.power.grid'), dataIndex: 'p', align: 'right', render: (v: number) => formatPowerW(v, lang) },
          { title: t('station.power.load'), dataIndex: 'load', align: 'right', render: (v: number) => formatPowerW(v, lang) },
        ]}
      />
      <InfoList
        items={[
          [t('station.power.grid'), formatPowerW(g.power, lang)],
          [t('station.field.gridFrequency'), withUnit(g.freq, 'Hz', 2, lang)],
          [t('station.field.reactivePower'), withUnit(g.q, 'var', 0, lang)],
          [t('station.field.powerFactor'), formatNumber(g.pf, 2, lang)],
          [t('station.power.load'), formatPowerW(d.load?.power, lang)],
          [t('station.field.epsPower'), formatPowerW(d.eps?.power, lang)],
        ]}
      />
      <Typography.Text type="secondary">{t('station.gridSignHint')}</Typography.Text>
    </Space>
  );
}

function ParallelTab({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const q = useGet<{ count: number; machines: Row[] }>(`${BASE}/parallelInfo`, { id });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text>{t('station.parallelCount', { count: q.data?.count ?? 0 })}</Typography.Text>
      <Table<Row>
        size="small"
        rowKey="id"
        loading={q.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={q.data?.machines ?? []}
        columns={[
          {
            title: t('station.deviceSn'),
            dataIndex: 'deviceSn',
            render: (sn: string, r) =>
              r.self ? (
                <Space>
                  {sn}
                  <Tag>{t('station.thisDevice')}</Tag>
                </Space>
              ) : (
                <PageLink to={`${DETAIL_PATH.inverter}/${String(r.id)}`}>{sn}</PageLink>
              ),
          },
          { title: t('station.model'), dataIndex: 'model' },
          { title: t('station.networkStatus'), dataIndex: 'networkStatus', render: (v: unknown) => <NetworkTag value={v} /> },
          { title: t('station.pvPower'), dataIndex: 'pvPower', align: 'right', render: (v: unknown) => formatPowerW(v, lang) },
          { title: t('station.lastDataTime'), dataIndex: 'lastDataTime' },
        ]}
      />
    </Space>
  );
}

function SettingsTab({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const q = useGet<Row & Record<string, Row>>(`${BASE}/parameter`, { id });
  const d = q.data;
  if (!d) return <Card size="small" loading />;
  const v = (x: unknown): ReactNode => (typeof x === 'boolean' ? t(x ? 'station.on' : 'station.off') : x === null || x === undefined ? '-' : String(x));
  const groups = ['runMode', 'maintenance', 'powerLimit', 'grid', 'battery', 'load', 'generator', 'other'];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Tag color="blue">{t('station.readOnly')}</Tag>
      {groups
        .filter((g) => d[g])
        .map((g) => (
          <InfoList
            key={g}
            title={t(`station.setting.${g}`)}
            items={Object.entries(d[g] ?? {}).map(([k, x]) => [
              t(`station.setting.${k}`, { defaultValue: k }),
              k === 'mode' ? t(`station.runMode.${String(x)}`, { defaultValue: String(x) }) : typeof x === 'number' ? formatNumber(x, 2, lang) : v(x),
            ])}
          />
        ))}
    </Space>
  );
}

/** Inverter detail (`/inverter/detail/:id`) with the tabs of spec §2. */
export function InverterDetailPage() {
  const id = useDetailId();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const live = useLive('inverter', id);
  const tab = (key: string, children: ReactNode) => ({ key, label: t(`station.tab.${key}`), children });
  return (
    <DeviceDetail
      kind="inverter"
      headPath="detail"
      id={id}
      head={(d) => [
        [t('station.ratedPower'), withUnit(d.ratedPower, 'kW', 2, lang)],
        [t('station.currentPower'), formatPowerW(d.currentPower, lang)],
        [t('station.todayEnergy'), formatEnergy(d.todayEnergy, lang)],
        [t('station.totalEnergy'), formatEnergy(d.totalEnergy, lang)],
        [t('station.state.title'), <StateTag key="s" kind="inverter" value={d.state} />],
        [t('station.faults'), <FaultTags key="f" faults={d.faults as never} />],
      ]}
      tabs={[
        tab('overall', <OverallTab live={live.data} />),
        tab('pvBattery', <PvBatteryTab live={live.data} />),
        tab('gridLoad', <GridLoadTab live={live.data} />),
        tab('curve', <CurveCard kind="inverter" id={id} path="statusStat" defaults={['pvPower', 'loadPower', 'gridPower', 'batteryPower', 'batterySoc']} />),
        tab('daily', <DailyCard kind="inverter" id={id} path="everyDayStat" />),
        tab('totals', <TotalsCard kind="inverter" id={id} path="energyTotalStat" />),
        tab('parallel', <ParallelTab id={id} />),
        tab('settings', <InverterSettingsTab id={id} reported={<SettingsTab id={id} />} />),
        tab('events', <EventTable url={`${BASE}/eventList`} id={id} />),
        tab('exceptions', <EventTable url={`${BASE}/exceptionList`} id={id} />),
        tab('install', <InstallInfoTab kind="inverter" id={id} path="installInfo" />),
        tab('device', <DeviceInfoTab kind="inverter" id={id} path="deviceInfo" />),
      ]}
    />
  );
}
