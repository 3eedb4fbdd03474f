/**
 * The live state of an order's commissioned serials (issue 19: "the first live telemetry from those serials shows on
 * the order"): the station's devices from the station detail (`/api/skyworth-client/plant/detail`, server
 * modules/station station-read.service.ts `detail`: network status, last report and live power per device, the
 * station's energy today), refreshed every 30 s while shown. Read only by users who may see stations; a station the
 * user's scope does not reach fails silently and the serials show without their state.
 */
import { useQuery } from '@tanstack/react-query';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '@/core/http/http';
import { usePermission } from '@/core/permission/permission-store';
import { CLIENT, LIVE_MS } from '@/features/station/api';
import { NETWORK_STATUS, formatEnergy, formatPercent, formatPowerW, networkStatusOf } from '@/features/station/format';

export interface LiveDevice {
  deviceSn: string;
  networkStatus?: unknown;
  lastDataTime?: string | null;
  pvPower?: unknown;
  batteryPower?: unknown;
  batterySoc?: unknown;
}
export interface PlantLive {
  devices?: LiveDevice[];
  today?: { pvEnergy?: unknown };
}

export const PLANT_DETAIL = `${CLIENT}/plant/detail`;

/** The station's live devices, every 30 s; off without a station permission. Same cache entry as the station page. */
export function usePlantLive(plantId: string) {
  const { has } = usePermission();
  const allowed = has('power_station') || has('power_station_view');
  const query = useQuery({
    queryKey: ['station', PLANT_DETAIL, { id: plantId }],
    queryFn: () => http.get<PlantLive>(PLANT_DETAIL, { params: { id: plantId }, silent: true }),
    enabled: allowed && plantId !== '',
    refetchInterval: LIVE_MS,
    retry: false,
  });
  const bySn = new Map((query.data?.devices ?? []).map((d) => [d.deviceSn, d]));
  return { allowed, loaded: query.isSuccess, bySn, todayEnergy: query.data?.today?.pvEnergy };
}

/** One serial's state: waiting for its first report, or its network status, last report time and live power. */
export function DeviceLive({ sn, type, device }: { sn: string; type: string; device: LiveDevice | undefined }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (!device?.lastDataTime) {
    return (
      <Typography.Text type="secondary" data-testid={`epc-live-${sn}`}>
        {t('epc-field.commissioned.live.waiting')}
      </Typography.Text>
    );
  }
  const s = networkStatusOf(device.networkStatus);
  const power = type === 'battery' ? device.batteryPower : type === 'inverter' ? device.pvPower : undefined;
  return (
    <Space size={4} wrap data-testid={`epc-live-${sn}`}>
      {s !== null && <Tag color={NETWORK_STATUS[s].color}>{t(`epc-field.commissioned.live.network.${NETWORK_STATUS[s].key}`)}</Tag>}
      <Typography.Text type="secondary">{t('epc-field.commissioned.live.lastReport', { time: device.lastDataTime })}</Typography.Text>
      {power !== undefined && power !== null && <Typography.Text>{t('epc-field.commissioned.live.power', { value: formatPowerW(power, lang) })}</Typography.Text>}
      {type === 'battery' && device.batterySoc !== null && device.batterySoc !== undefined && (
        <Typography.Text>{t('epc-field.commissioned.live.soc', { value: formatPercent(device.batterySoc, lang) })}</Typography.Text>
      )}
    </Space>
  );
}

/** The station's energy today, once the station has reported. */
export function TodayEnergy({ value }: { value: unknown }) {
  const { t, i18n } = useTranslation();
  if (value === undefined || value === null) return null;
  return <Typography.Text data-testid="epc-live-today">{t('epc-field.commissioned.live.today', { value: formatEnergy(value, i18n.language) })}</Typography.Text>;
}
