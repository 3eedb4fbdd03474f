/**
 * On the order page once QC verification approved it (issue 19, commissioning): the station the order's serials
 * became devices of (a link to the station's page) and those serials by type, from the order's `commission` record
 * (server epc-order.commission.ts: plantId, plantName, created, serials, at), each serial with its live state (network
 * status, last report, power; "waiting for the first report" until it reports; ./device-live.tsx, every 30 s) and the
 * station's energy today. Nothing before that.
 */
import { Alert, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeviceLive, TodayEnergy, usePlantLive } from './device-live';
import { isDeviceType } from './serial-picker';

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : {});
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** The station page of a station id (station feature's detail route). */
export const stationPath = (plantId: string) => `/power-station-equip/power/detail/${plantId}`;

export function Commissioned({ data }: { data: Rec }) {
  const { t } = useTranslation();
  const c = rec(data.commission);
  const plantId = text(c.plantId);
  const live = usePlantLive(plantId);
  if (!plantId) return null;
  const serials = (Array.isArray(c.serials) ? c.serials : []).map(rec).map((s) => ({ sn: text(s.sn), type: text(s.deviceType) }));
  return (
    <Alert
      type="success"
      showIcon
      style={{ marginTop: 12 }}
      data-testid="epc-commissioned"
      message={
        <Space wrap size={4}>
          <span>{t('epc-field.commissioned.title')}</span>
          <span>·</span>
          <span>{t('epc-field.commissioned.station')}:</span>
          <Link to={stationPath(plantId)} data-testid="epc-commissioned-station">
            {text(c.plantName) || plantId}
          </Link>
          {text(c.at) && <Typography.Text>{text(c.at)}</Typography.Text>}
          {live.loaded && <TodayEnergy value={live.todayEnergy} />}
        </Space>
      }
      description={
        serials.length ? (
          <Space direction="vertical" size={4} aria-label={t('epc-field.commissioned.devices')}>
            {serials.map((s) => (
              <Space key={s.sn} wrap size={[4, 4]}>
                <Tag>
                  {isDeviceType(s.type) ? t(`epc-field.qc.deviceType.${s.type}`) : s.type} {s.sn}
                </Tag>
                {live.loaded && <DeviceLive sn={s.sn} type={s.type} device={live.bySn.get(s.sn)} />}
              </Space>
            ))}
          </Space>
        ) : (
          t('epc-field.commissioned.none')
        )
      }
    />
  );
}
