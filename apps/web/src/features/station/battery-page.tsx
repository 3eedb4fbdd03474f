import type { ReactNode } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_BASE, useDetailId } from './api';
import type { Row } from './api';
import { DeviceDetail, DeviceInfoTab, InstallInfoTab, StateTag, SummaryCards, useLive } from './device-common';
import { formatNumber, formatPercent, formatPowerW, formatTemp, withUnit } from './format';
import { CurveCard, DailyCard, DeviceList, EventTable, FaultTags, InfoList, TotalsCard } from './ui';

const BASE = DEVICE_BASE.battery;

/** Batteries (`/battery`): summary cards and list. */
export function BatteryListPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card>
      <SummaryCards
        url={`${BASE}/listSummary`}
        extra={[
          { key: 'capacityKwh', title: t('station.home.batteryCapacity'), unit: 'kWh' },
          { key: 'averageSoc', title: t('station.averageSoc'), unit: '%' },
          { key: 'currentPower', title: t('station.power.battery'), unit: 'kW', render: (r) => formatNumber(Number(r.currentPower ?? 0) / 1000, 2, lang) },
        ]}
      />
      <DeviceList
        kind="battery"
        columns={[
          { title: t('station.state.title'), dataIndex: 'state', render: (v: unknown) => <StateTag kind="battery" value={v} /> },
          { title: `${t('station.capacity')} (kWh)`, dataIndex: 'energyKwh', align: 'right', render: (v: unknown) => formatNumber(v, 2, lang) },
          { title: t('station.batterySoc'), dataIndex: 'batterySoc', align: 'right', render: (v: unknown) => formatPercent(v, lang) },
          { title: 'SoH', dataIndex: 'soh', align: 'right', render: (v: unknown) => formatPercent(v, lang) },
          { title: t('station.power.battery'), dataIndex: 'batteryPower', align: 'right', render: (v: unknown) => formatPowerW(v, lang) },
          { title: `${t('station.energy.chargeEnergy')} (${t('station.period.today')})`, dataIndex: 'todayCharge', align: 'right', render: (v: unknown) => withUnit(v, 'kWh', 2, lang) },
          { title: `${t('station.energy.dischargeEnergy')} (${t('station.period.today')})`, dataIndex: 'todayDischarge', align: 'right', render: (v: unknown) => withUnit(v, 'kWh', 2, lang) },
        ]}
      />
    </Card>
  );
}

interface BatData extends Row {
  v?: number;
  i?: number;
  power?: number;
  soc?: number;
  soh?: number;
  temp?: number;
  cycles?: number;
  remainKwh?: number;
  cell?: { vMax?: number; vMin?: number; tMax?: number; tMin?: number };
}

function StatusTab({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const live = useLive('battery', id);
  if (!live.data) return <Card size="small" loading />;
  const d = live.data.data as BatData;
  return (
    <InfoList
      items={[
        [t('station.state.title'), <StateTag key="s" kind="battery" value={live.data.state} />],
        [t('station.voltage'), withUnit(d.v, 'V', 1, lang)],
        [t('station.current'), withUnit(d.i, 'A', 1, lang)],
        [t('station.power.battery'), formatPowerW(d.power, lang)],
        [t('station.batterySoc'), formatPercent(d.soc, lang)],
        ['SoH', formatPercent(d.soh, lang)],
        [t('station.temperature'), formatTemp(d.temp, lang)],
        [t('station.cycles'), formatNumber(d.cycles, 0, lang)],
        [t('station.field.remainKwh'), withUnit(d.remainKwh, 'kWh', 2, lang)],
        [t('station.field.cellVoltageMax'), withUnit(d.cell?.vMax, 'V', 3, lang)],
        [t('station.field.cellVoltageMin'), withUnit(d.cell?.vMin, 'V', 3, lang)],
        [t('station.field.cellTempMax'), formatTemp(d.cell?.tMax, lang)],
        [t('station.field.cellTempMin'), formatTemp(d.cell?.tMin, lang)],
        [t('station.faults'), <FaultTags key="f" faults={live.data.faults as never} />],
        [t('station.lastDataTime'), live.data.updateTime ?? '-'],
      ]}
    />
  );
}

/** Battery detail (`/battery/detail/:id`). */
export function BatteryDetailPage() {
  const id = useDetailId();
  const { t } = useTranslation();
  const tab = (key: string, children: ReactNode) => ({ key, label: t(`station.tab.${key}`), children });
  return (
    <DeviceDetail
      kind="battery"
      headPath="currentStatus"
      id={id}
      head={(d) => [
        [t('station.parentSn'), (d.parentSn as string | null) ?? '-'],
        [t('station.registerTime'), d.registerTime ?? '-'],
      ]}
      tabs={[
        tab('status', <StatusTab id={id} />),
        tab('curve', <CurveCard kind="battery" id={id} path="stateCurve" defaults={['power', 'soc']} />),
        tab('dailyEstimate', <DailyCard kind="battery" id={id} path="dailyEstimate" battery />),
        tab('totals', <TotalsCard kind="battery" id={id} path="totalStatistics" battery />),
        tab('install', <InstallInfoTab kind="battery" id={id} path="installation" />),
        tab('device', <DeviceInfoTab kind="battery" id={id} path="deviceInformation" />),
        tab('events', <EventTable url={`${BASE}/importantEvents`} id={id} />),
        tab('exceptions', <EventTable url={`${BASE}/exceptionLog`} id={id} />),
      ]}
    />
  );
}
