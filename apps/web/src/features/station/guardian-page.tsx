import type { ReactNode } from 'react';
import { Button, Card, Modal, Space, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';
import { Can } from '@/core/permission/can';
import { DEVICE_BASE, useDetailId, useGet } from './api';
import type { Fault, Row } from './api';
import { DeviceDetail, StateTag } from './device-common';
import { formatPowerW, formatTemp, withUnit } from './format';
import { useCanSeeAlarms } from './alarm-badges';
import { DeviceAlarmTable } from './device-alarm-table';
import { CurveCard, DeviceList, EventTable, FaultTags, InfoList, StaticTable } from './ui';
import { GuardianSettingsHistoryTab, GuardianSettingsTab } from './settings-tab';

const BASE = DEVICE_BASE.guardian;

/** Gate position (device protocol): 0 open, 1 closed, 2 tripped. */
export function GateTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === null || value === undefined) return <>-</>;
  const n = Number(value);
  return <Tag color={n === 1 ? 'success' : n === 2 ? 'error' : 'warning'}>{t(`station.gate.${n}`, { defaultValue: String(n) })}</Tag>;
}

/** Guardians (`/guardian`): list. */
export function GuardianListPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Card>
      <DeviceList
        kind="guardian"
        columns={[
          { title: t('station.gatePosition'), dataIndex: 'gate', render: (v: unknown) => <GateTag value={v} /> },
          { title: t('station.state.title'), dataIndex: 'state', render: (v: unknown) => <StateTag kind="guardian" value={v} /> },
          { title: t('station.cardNumber'), dataIndex: 'cardNumber' },
          { title: t('station.power.title'), dataIndex: 'loadPower', align: 'right', render: (v: unknown) => formatPowerW(v, lang) },
        ]}
      />
    </Card>
  );
}

interface GuardianDetail extends Row {
  gate: number | null;
  protect: number | null;
  phases: { voltage: number[]; current: number[]; power: number[] };
  power: number | null;
  frequency: number | null;
  leakCurrent: number | null;
  temp: number | null;
  ratedCurrent: number;
  cardNumber: string | null;
  faults: Fault[];
  thresholds: Record<string, number>;
  protectionCommands: string[];
}

function PhasesTab({ d }: { d?: GuardianDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (!d) return <Card size="small" loading />;
  const rows = d.phases.voltage.map((v, i) => ({ key: i, phase: 'ABC'[i] ?? String(i + 1), v, i: d.phases.current[i], p: d.phases.power[i] }));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <StaticTable
        dataSource={rows}
        columns={[
          { title: t('station.phase'), dataIndex: 'phase' },
          { title: t('station.voltage'), dataIndex: 'v', align: 'right', render: (v: number) => withUnit(v, 'V', 1, lang) },
          { title: t('station.current'), dataIndex: 'i', align: 'right', render: (v: number) => withUnit(v, 'A', 2, lang) },
          { title: t('station.power.title'), dataIndex: 'p', align: 'right', render: (v: number) => formatPowerW(v, lang) },
        ]}
      />
      <InfoList
        items={[
          [t('station.power.total'), formatPowerW(d.power, lang)],
          [t('station.field.frequency'), withUnit(d.frequency, 'Hz', 2, lang)],
          [t('station.field.leakCurrent'), withUnit(d.leakCurrent, 'mA', 1, lang)],
          [t('station.temperature'), formatTemp(d.temp, lang)],
        ]}
      />
    </Space>
  );
}

function ProtectionTab({ d }: { d?: GuardianDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (!d) return <Card size="small" loading />;
  const unit: Record<string, string> = { overVoltage: 'V', underVoltage: 'V', overCurrent: 'A', leakCurrentMa: 'mA', overTemp: '°C' };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <InfoList
        title={t('station.protection')}
        items={[
          [t('station.gatePosition'), <GateTag key="g" value={d.gate} />],
          [t('station.protectState'), d.protect === null ? '-' : t(`station.protect.${d.protect}`, { defaultValue: String(d.protect) })],
          [t('station.ratedCurrent'), withUnit(d.ratedCurrent, 'A', 0, lang)],
          [t('station.protectionCommands'), d.protectionCommands.map((c) => t(`station.command.${c}`, { defaultValue: c })).join(' / ')],
        ]}
      />
      <InfoList
        title={
          <Space>
            {t('station.thresholds')}
            <Tag color="blue">{t('station.readOnly')}</Tag>
          </Space>
        }
        items={Object.entries(d.thresholds).map(([k, v]) => [t(`station.threshold.${k}`, { defaultValue: k }), withUnit(v, unit[k] ?? '', 1, lang)])}
      />
    </Space>
  );
}

/** Guardian detail (`/guardian/detail/:id`): three-phase data, alarms, gate, protection, thresholds, unbind. */
export function GuardianDetailPage() {
  const id = useDetailId();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [modal, holder] = Modal.useModal();
  // The alarm module's list of the guardian's alarms for users of the alarm page; the station module's otherwise.
  const canSeeAlarms = useCanSeeAlarms();
  const q = useGet<GuardianDetail>(`${BASE}/detail`, { id }, { refetchInterval: 30_000 });
  const tab = (key: string, children: ReactNode) => ({ key, label: t(`station.tab.${key}`), children });
  const unbind = (sn: string) =>
    void modal.confirm({
      title: t('station.unbindTitle'),
      content: t('station.unbindConfirm', { sn }),
      okType: 'danger',
      onOk: async () => {
        await http.post(`${BASE}/unbind`, { params: { ids: id } });
        toast.success(t('station.unbindDone'));
        await client.invalidateQueries({ queryKey: ['station'] });
        void navigate('/guardian');
      },
    });
  return (
    <>
      {holder}
      <DeviceDetail
        kind="guardian"
        headPath="detail"
        id={id}
        head={(d) => [
          [t('station.gatePosition'), <GateTag key="g" value={d.gate} />],
          [t('station.state.title'), <StateTag key="s" kind="guardian" value={d.state ?? (q.data?.faults.length ? 4 : 2)} />],
          [t('station.power.total'), formatPowerW(d.power, i18n.language)],
          [t('station.cardNumber'), (d.cardNumber as string | null) ?? '-'],
          [t('station.faults'), <FaultTags key="f" faults={d.faults as never} />],
        ]}
        actions={(d) =>
          Number(d.unbound ?? 0) === 0 && d.plantId ? (
            <Can code="guardian_unbind">
              <Button danger onClick={() => unbind(d.deviceSn)}>
                {t('station.unbind')}
              </Button>
            </Can>
          ) : null
        }
        tabs={[
          tab('phases', <PhasesTab d={q.data} />),
          tab('protection', <ProtectionTab d={q.data} />),
          tab('alarms', canSeeAlarms ? <DeviceAlarmTable deviceId={id} /> : <EventTable url={`${BASE}/alarmList`} id={id} alarms />),
          tab('curve', <CurveCard kind="guardian" id={id} path="statusStat" defaults={['power', 'voltageA', 'currentA']} />),
          tab('thresholdSetup', <GuardianSettingsTab id={id} part="alarm" />),
          tab('gateSetup', <GuardianSettingsTab id={id} part="gate" />),
          tab('settingsHistory', <GuardianSettingsHistoryTab id={id} />),
        ]}
      />
    </>
  );
}
