import type { ReactNode } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_BASE, useDetailId, useGet } from './api';
import type { Row } from './api';
import { DeviceDetail, StateTag, SummaryCards } from './device-common';
import { formatEnergy, formatNumber, formatPowerW, formatTemp, withUnit } from './format';
import { CurveCard, DeviceList, InfoList, PagedTable } from './ui';

const BASE = DEVICE_BASE.charger;

/** EV chargers (`/charge`): counts and list (charger SN, station, status, power, energy delivered). */
export function ChargerListPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card>
      <SummaryCards
        url={`${BASE}/overview`}
        extra={[{ key: 'currentPower', title: t('station.chargingPower'), unit: 'kW', render: (r) => formatNumber(Number(r.currentPower ?? 0) / 1000, 2, lang) }]}
      />
      <DeviceList
        kind="charger"
        columns={[
          { title: t('station.state.title'), dataIndex: 'state', render: (v: unknown) => <StateTag kind="charger" value={v} /> },
          { title: `${t('station.ratedPower')} (kW)`, dataIndex: 'ratedPower', align: 'right', render: (v: unknown) => formatNumber(v, 2, lang) },
          { title: t('station.todayEnergy'), dataIndex: 'todayEnergy', align: 'right', render: (v: unknown) => formatEnergy(v, lang) },
          { title: t('station.deliveredEnergy'), dataIndex: 'totalEnergy', align: 'right', render: (v: unknown) => formatEnergy(v, lang) },
        ]}
      />
    </Card>
  );
}

interface ChargerDetail extends Row {
  state: number | null;
  data: Row & { v?: number[]; i?: number[]; power?: number; temp?: number; session?: { id?: string; energy?: number } };
}

function LiveTab({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const q = useGet<ChargerDetail>(`${BASE}/detail`, { id }, { refetchInterval: 30_000 });
  const d = q.data;
  if (!d) return <Card size="small" loading />;
  const data = d.data ?? {};
  return (
    <InfoList
      items={[
        [t('station.state.title'), <StateTag key="s" kind="charger" value={d.state} />],
        [t('station.chargingPower'), formatPowerW(data.power, lang)],
        [t('station.voltage'), withUnit(data.v?.[0], 'V', 1, lang)],
        [t('station.current'), withUnit(data.i?.[0], 'A', 1, lang)],
        [t('station.temperature'), formatTemp(data.temp, lang)],
        [t('station.session.current'), data.session?.id ?? '-'],
        [t('station.session.energy'), withUnit(data.session?.energy, 'kWh', 2, lang)],
        [t('station.todayEnergy'), formatEnergy(d.todayEnergy, lang)],
        [t('station.monitoredEnergy'), formatEnergy(d.monitoredEnergy, lang)],
        [t('station.deliveredEnergy'), formatEnergy(d.totalEnergy, lang)],
      ]}
    />
  );
}

function SessionsTab({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <PagedTable
      url={`${BASE}/sessions`}
      extraParams={{ id }}
      rowKey="sessionId"
      columns={[
        { title: t('station.session.id'), dataIndex: 'sessionId' },
        { title: t('station.session.start'), dataIndex: 'startTime' },
        { title: t('station.session.end'), dataIndex: 'endTime', render: (v: string | null) => v ?? t('station.session.ongoing') },
        { title: t('station.session.energy'), dataIndex: 'energyKwh', align: 'right', render: (v: unknown) => withUnit(v, 'kWh', 3, lang) },
        { title: t('station.session.maxPower'), dataIndex: 'maxPower', align: 'right', render: (v: unknown) => formatPowerW(v, lang) },
      ]}
    />
  );
}

/** Charger detail (`/charge/detail/:id`). */
export function ChargerDetailPage() {
  const id = useDetailId();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const tab = (key: string, children: ReactNode) => ({ key, label: t(`station.tab.${key}`), children });
  return (
    <DeviceDetail
      kind="charger"
      headPath="detail"
      id={id}
      head={(d) => [
        [t('station.ratedPower'), withUnit(d.ratedPower, 'kW', 2, lang)],
        [t('station.connectorType'), d.connectorType === null || d.connectorType === undefined ? '-' : t(`station.connector.${String(d.connectorType)}`, { defaultValue: String(d.connectorType) })],
        [t('station.deliveredEnergy'), formatEnergy(d.totalEnergy, lang)],
      ]}
      tabs={[
        tab('status', <LiveTab id={id} />),
        tab('sessions', <SessionsTab id={id} />),
        tab('curve', <CurveCard kind="charger" id={id} path="statusStat" defaults={['power']} />),
      ]}
    />
  );
}
