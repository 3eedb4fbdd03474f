import type { ReactNode } from 'react';
import { Card, Col, Row as GridRow, Space, Statistic, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DETAIL_PATH, DEVICE_BASE, useGet } from './api';
import type { DeviceKind, Row } from './api';
import { DeviceAlarmBadge } from './alarm-badges';
import { formatNumber } from './format';
import { InfoList, NetworkTag, NotFound } from './ui';
import { PageLink } from '@/components/page-link';

/** Device state of the last report (device protocol; meanings differ per kind). */
export function StateTag({ kind, value }: { kind: 'inverter' | 'battery' | 'guardian' | 'charger'; value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return <>-</>;
  const n = Number(value);
  const color = n === 4 ? 'error' : n === 0 ? 'default' : 'processing';
  return <Tag color={color}>{t(`station.state.${kind}.${n}`, { defaultValue: String(n) })}</Tag>;
}

/** Counts by network status (+ the kind's own figures) above a device list. */
export function SummaryCards({ url, extra = [] }: { url: string; extra?: { key: string; title: string; unit?: string; render?(row: Row): string }[] }) {
  const { t, i18n } = useTranslation();
  const q = useGet<Row>(url);
  const d = q.data;
  const cards = [
    { key: 'total', title: t('station.summary.total') },
    { key: 'normal', title: t('station.network.normal') },
    { key: 'disconnected', title: t('station.network.disconnected') },
    { key: 'fault', title: t('station.network.fault') },
    ...extra,
  ];
  return (
    <GridRow gutter={[12, 12]} style={{ marginBottom: 12 }} data-testid="device-summary">
      {cards.map((c) => (
        <Col key={c.key} xs={12} sm={8} lg={Math.max(3, Math.floor(24 / cards.length))}>
          <Card size="small" loading={q.isLoading}>
            <Statistic
              title={c.title}
              value={d ? ('render' in c && c.render ? c.render(d) : formatNumber(d[c.key], 2, i18n.language)) : '-'}
              suffix={'unit' in c ? c.unit : undefined}
            />
          </Card>
        </Col>
      ))}
    </GridRow>
  );
}

export interface DeviceHead extends Row {
  id: string;
  deviceSn: string;
  model: string | null;
  plantId: string | null;
  plantName: string | null;
  networkStatus: number;
  registerTime: string | null;
  updateTime?: string | null;
}

/** The title card of a device detail: SN, status, station link; then the tabs. */
export function DeviceDetail({ kind, headPath, id, head, tabs, actions }: {
  kind: DeviceKind;
  headPath: string;
  id: string;
  head(d: DeviceHead): [string, ReactNode][];
  tabs: { key: string; label: string; children: ReactNode }[];
  actions?(d: DeviceHead): ReactNode;
}) {
  const { t } = useTranslation();
  const q = useGet<DeviceHead>(`${DEVICE_BASE[kind]}/${headPath}`, { id }, { refetchInterval: 30_000 });
  const d = q.data;
  if (q.isError) return <NotFound />;
  if (!d) return <Card loading />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid={`${kind}-detail`}>
      <Card
        title={
          <Space wrap>
            <span>{`${t(`station.kind.${kind}`)} ${d.deviceSn}`}</span>
            <NetworkTag value={d.networkStatus} />
            <DeviceAlarmBadge deviceId={id} />
          </Space>
        }
        extra={actions?.(d)}
      >
        <InfoList
          items={[
            [
              t('station.plantName'),
              d.plantId && d.plantName ? (
                <PageLink to={`${DETAIL_PATH.plant}/${d.plantId}`}>{d.plantName}</PageLink>
              ) : (
                t('station.unbound')
              ),
            ],
            [t('station.model'), d.model],
            ...head(d),
            [t('station.lastDataTime'), d.updateTime ?? '-'],
          ]}
        />
      </Card>
      <Card size="small">
        <Tabs items={tabs} destroyOnHidden />
      </Card>
    </Space>
  );
}

/** Live data of a device (`currentStatus`): raw `data` from the last report. */
export interface Live extends Row {
  state: number | null;
  data: Row;
  updateTime: string | null;
}

export function useLive(kind: DeviceKind, id: string) {
  return useGet<Live>(`${DEVICE_BASE[kind]}/currentStatus`, { id }, { refetchInterval: 30_000 });
}

/** Device info tab: factory information and firmware versions. */
export function DeviceInfoTab({ kind, id, path }: { kind: DeviceKind; id: string; path: string }) {
  const { t } = useTranslation();
  const q = useGet<Row & { firmware: Row; factory: Row | null; lastConnectTime: string | null; lastDisconnectTime: string | null }>(`${DEVICE_BASE[kind]}/${path}`, { id });
  const d = q.data;
  if (!d) return <Card size="small" loading />;
  const f = d.factory ?? {};
  const fw = Object.entries(d.firmware ?? {}).filter(([, v]) => v !== null);
  const factoryKeys = ['model', 'manufacturer', 'factoryDate', 'ratedPower', 'capacityKwh', 'ratedCurrent', 'ratedVoltage', 'phaseType', 'gridType', 'mpptCount', 'ratedFrequency', 'cellCount', 'cardNumber', 'connectorType', 'warrantyYears', 'warrantyStart', 'warrantyEnd', 'activationDate'];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <InfoList
        title={t('station.device.factory')}
        items={[
          [t('station.deviceSn'), d.deviceSn as string],
          ...factoryKeys.filter((k) => f[k] !== undefined && f[k] !== null).map((k): [string, ReactNode] => [t(`station.factory.${k}`, { defaultValue: k }), String(f[k])]),
          [t('station.registerTime'), d.registerTime as string],
          [t('station.device.lastConnect'), d.lastConnectTime ?? '-'],
          [t('station.device.lastDisconnect'), d.lastDisconnectTime ?? '-'],
        ]}
      />
      {fw.length > 0 && <InfoList title={t('station.device.firmware')} items={fw.map(([k, v]) => [t(`station.firmware.${k}`, { defaultValue: k }), String(v)])} />}
    </Space>
  );
}

/** Install info tab: station, address, installer, owner. */
export function InstallInfoTab({ kind, id, path }: { kind: DeviceKind; id: string; path: string }) {
  const { t } = useTranslation();
  const q = useGet<Row>(`${DEVICE_BASE[kind]}/${path}`, { id });
  const d = q.data;
  if (!d) return <Card size="small" loading />;
  const s = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));
  return (
    <InfoList
      items={[
        [t('station.plantName'), s(d.plantName)],
        [t('station.region'), s(d.regionName)],
        [t('station.address'), s(d.address)],
        [t('station.coordinates'), d.latitude === null || d.latitude === undefined ? '-' : `${s(d.latitude)}, ${s(d.longitude)}`],
        [t('station.timeZone'), s(d.timeZone)],
        [t('station.installDate'), s(d.installDate)],
        [t('station.registerTime'), s(d.registerTime)],
        [t('station.operationCompany'), s(d.operationCompanyName)],
        [t('station.operationUser'), s(d.operationUserName)],
        [t('station.owner'), [d.ownerName, d.ownerPhone].filter(Boolean).join(' · ') || '-'],
      ]}
    />
  );
}
