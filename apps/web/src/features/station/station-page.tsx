import { useCallback, useState } from 'react';
import { Button, Card, Col, DatePicker, Form, Modal, Row as GridRow, Segmented, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { http } from '@/core/http/http';
import { Can } from '@/core/permission/can';
import { toast } from '@/core/notify';
import { Chart, COLORS } from './chart';
import type { Series } from './chart';
import { AddDeviceDialog } from './add-device-dialog';
import { PlantAlarmCell, SeverityTags, usePlantAlarmCounts, useCanSeeAlarms } from './alarm-badges';
import { EnergyFlow } from './energy-flow';
import { CLIENT, DETAIL_PATH, LIVE_MS, useDetailId, useGet } from './api';
import type { DeviceKind, Fault, Row } from './api';
import { formatCo2, formatEnergy, formatNumber, formatPercent, formatPowerW } from './format';
import { FaultTags, InfoList, NetworkTag, NotFound, PagedTable, StaticTable } from './ui';
import { PageLink } from '@/components/page-link';

const PLANT = `${CLIENT}/plant`;
const KIND_BY_TYPE: Record<number, DeviceKind> = { 1: 'inverter', 2: 'battery', 3: 'guardian', 4: 'charger' };

/** Power stations list (`/power-station-equip/power`): filters, status tags, live figures. */
export function StationListPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [plantIds, setPlantIds] = useState<string[]>([]);
  const onRecords = useCallback((rows: Row[]) => setPlantIds(rows.map((r) => String(r.id))), []);
  const alarms = usePlantAlarmCounts(plantIds);
  const alarmColumn: TableColumnsType<Row> = useCanSeeAlarms()
    ? [{ title: t('station.alarm.column'), key: 'alarms', align: 'center', render: (_: unknown, r) => <PlantAlarmCell plantId={String(r.id)} counts={alarms} /> }]
    : [];
  const columns: TableColumnsType<Row> = [
    {
      title: t('station.plantName'),
      dataIndex: 'plantName',
      fixed: 'left',
      render: (v: string, r) => <PageLink to={`${DETAIL_PATH.plant}/${String(r.id)}`}>{v}</PageLink>,
    },
    { title: t('station.networkStatus'), dataIndex: 'networkStatus', render: (v: unknown) => <NetworkTag value={v} /> },
    ...alarmColumn,
    { title: t('station.region'), dataIndex: 'regionName' },
    { title: t('station.address'), dataIndex: 'address' },
    { title: `${t('station.capacity')} (kWp)`, dataIndex: 'capacityKwp', align: 'right', render: (v: unknown) => formatNumber(v, 2, lang) },
    { title: t('station.currentPower'), dataIndex: 'currentPower', align: 'right', render: (v: unknown) => formatPowerW(v, lang) },
    { title: t('station.todayEnergy'), dataIndex: 'todayEnergy', align: 'right', render: (v: unknown) => formatEnergy(v, lang) },
    { title: t('station.totalEnergy'), dataIndex: 'totalEnergy', align: 'right', render: (v: unknown) => formatEnergy(v, lang) },
    {
      title: t('station.devices'),
      key: 'devices',
      render: (_: unknown, r) => (
        <Space size={4} wrap>
          {(['inverter', 'battery', 'guardian', 'charger'] as const).map((k) =>
            Number(r[`${k}Count`] ?? 0) > 0 ? <Tag key={k}>{`${t(`station.kind.${k}`)} ${String(r[`${k}Count`])}`}</Tag> : null,
          )}
        </Space>
      ),
    },
    { title: t('station.operationCompany'), dataIndex: 'operationCompanyName' },
    { title: t('station.operationUser'), dataIndex: 'operationUserName' },
    { title: t('station.lastDataTime'), dataIndex: 'lastDataTime' },
  ];
  return (
    <Card>
      <PagedTable
        url={`${PLANT}/page`}
        columns={columns}
        onRecords={onRecords}
        filters={[
          { name: 'plantName', label: t('station.plantName') },
          { name: 'address', label: t('station.regionOrAddress') },
          { name: 'operationCompanyName', label: t('station.operationCompany') },
          { name: 'operationUserName', label: t('station.operationUser') },
        ]}
      />
    </Card>
  );
}

type Period = Row & { pvEnergy: number; loadEnergy: number; gridImport: number; gridExport: number; chargeEnergy: number; dischargeEnergy: number; selfConsumption: number; autarky: number; specificYield: number | null; co2AvoidedKg: number };

interface PlantDetail extends Row {
  id: string;
  plantName: string;
  devices: (Row & { id: string; deviceType: number; faults: Fault[] })[];
  flow: { pvPower: number; loadPower: number; gridPower: number; batteryPower: number; batterySoc: number | null; evPower: number; updateTime: string | null };
  today: Period;
  month: Period;
  year: Period;
  total: Period;
}

/** Station detail (`/power-station-equip/power/detail/:id`). */
export function StationDetailPage() {
  const id = useDetailId();
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const [modal, modalHolder] = Modal.useModal();
  const client = useQueryClient();
  const [operating, setOperating] = useState(false);
  const [adding, setAdding] = useState(false);
  const q = useGet<PlantDetail>(`${PLANT}/detail`, { id }, { refetchInterval: LIVE_MS });
  const p = q.data;
  if (q.isError) return <NotFound />;
  if (!p) return <Card loading />;

  const remove = () =>
    void modal.confirm({
      title: t('station.removeTitle'),
      content: t('station.removeConfirm', { name: p.plantName }),
      okType: 'danger',
      onOk: async () => {
        await http.post(`${PLANT}/remove`, { params: { ids: id } });
        toast.success(t('station.removed'));
        await client.invalidateQueries({ queryKey: ['station'] });
        void navigate('/power-station-equip/power');
      },
    });

  const periods = ['today', 'month', 'year', 'total'] as const;
  const kpiRows: { key: string; name: string; fmt(v: unknown): string }[] = [
    { key: 'pvEnergy', name: t('station.energy.pvEnergy'), fmt: (v) => formatEnergy(v, lang) },
    { key: 'loadEnergy', name: t('station.energy.loadEnergy'), fmt: (v) => formatEnergy(v, lang) },
    { key: 'gridImport', name: t('station.energy.gridImport'), fmt: (v) => formatEnergy(v, lang) },
    { key: 'gridExport', name: t('station.energy.gridExport'), fmt: (v) => formatEnergy(v, lang) },
    { key: 'chargeEnergy', name: t('station.energy.chargeEnergy'), fmt: (v) => formatEnergy(v, lang) },
    { key: 'dischargeEnergy', name: t('station.energy.dischargeEnergy'), fmt: (v) => formatEnergy(v, lang) },
    { key: 'selfConsumption', name: t('station.kpi.selfConsumption'), fmt: (v) => formatPercent(v, lang) },
    { key: 'autarky', name: t('station.kpi.autarky'), fmt: (v) => formatPercent(v, lang) },
    { key: 'specificYield', name: t('station.kpi.specificYield'), fmt: (v) => (v === null ? '-' : `${formatNumber(v, 2, lang)} kWh/kWp`) },
    { key: 'co2AvoidedKg', name: t('station.kpi.co2'), fmt: (v) => formatCo2(v, lang) },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="station-detail">
      <Card
        title={
          <Space wrap>
            <span>{p.plantName}</span>
            <NetworkTag value={p.networkStatus} />
            <SeverityTags query={{ plantId: id }} testId="station-alarms" />
          </Space>
        }
        extra={
          <Space wrap>
            <Can code="power_station_edit">
              <Button onClick={() => setOperating(true)}>{t('station.operation.submit')}</Button>
            </Can>
            <Can code="power_station_delete">
              <Button danger onClick={remove}>
                {t('station.remove')}
              </Button>
            </Can>
          </Space>
        }
      >
        <InfoList
          items={[
            [t('station.capacity'), `${formatNumber(p.capacityKwp, 2, lang)} kWp`],
            [t('station.region'), p.regionName as string],
            [t('station.address'), p.address as string],
            [t('station.owner'), [p.ownerName, p.ownerPhone].filter(Boolean).join(' · ') || '-'],
            [t('station.installDate'), p.installDate as string],
            [t('station.timeZone'), p.timeZone as string],
            [t('station.operationCompany'), (p.operationCompanyName as string) || '-'],
            [t('station.operationUser'), (p.operationUserName as string) || '-'],
            [t('station.lastDataTime'), p.flow.updateTime ?? '-'],
          ]}
        />
      </Card>

      <GridRow gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('station.flow.title')} style={{ height: '100%' }} data-testid="energy-flow">
            <EnergyFlow flow={p.flow} soc={p.flow.batterySoc} />
            <Typography.Paragraph type="secondary" style={{ textAlign: 'center', marginBottom: 0 }}>
              {t('station.flow.updated', { time: p.flow.updateTime ?? '-' })}
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('station.energyAndKpi')} style={{ height: '100%' }}>
            <StaticTable
              dataSource={kpiRows}
              columns={[
                { title: t('station.item'), dataIndex: 'name' },
                ...periods.map((k) => ({ title: t(`station.period.${k}`), key: k, align: 'right' as const, render: (_: unknown, r: (typeof kpiRows)[number]) => r.fmt(p[k][r.key]) })),
              ]}
            />
          </Card>
        </Col>
      </GridRow>

      <EnergyChartCard id={id} />

      <Card
        size="small"
        title={t('station.devices')}
        extra={
          <Can code="power_station_edit">
            <Button size="small" onClick={() => setAdding(true)}>
              {t('station.addDevice.button')}
            </Button>
          </Can>
        }
      >
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={p.devices}
          columns={[
            {
              title: t('station.deviceSn'),
              dataIndex: 'deviceSn',
              render: (sn: string, r) => {
                const kind = KIND_BY_TYPE[r.deviceType];
                return kind ? <PageLink to={`${DETAIL_PATH[kind]}/${r.id}`}>{sn}</PageLink> : sn;
              },
            },
            { title: t('station.deviceType'), dataIndex: 'deviceType', render: (v: number) => (KIND_BY_TYPE[v] ? t(`station.kind.${KIND_BY_TYPE[v]}`) : v) },
            { title: t('station.model'), dataIndex: 'model' },
            { title: t('station.networkStatus'), dataIndex: 'networkStatus', render: (v: unknown) => <NetworkTag value={v} /> },
            { title: t('station.pvPower'), dataIndex: 'pvPower', align: 'right', render: (v: unknown) => formatPowerW(v, lang) },
            { title: t('station.batterySoc'), dataIndex: 'batterySoc', align: 'right', render: (v: unknown) => formatPercent(v, lang) },
            { title: t('station.faults'), dataIndex: 'faults', render: (f: Fault[]) => <FaultTags faults={f} /> },
            { title: t('station.lastDataTime'), dataIndex: 'lastDataTime' },
          ]}
        />
      </Card>
      {modalHolder}
      <OperationModal open={operating} plant={p} onClose={() => setOperating(false)} onDone={() => void q.refetch()} />
      <AddDeviceDialog plantId={id} open={adding} onClose={() => setAdding(false)} onDone={() => void q.refetch()} />
    </Space>
  );
}

interface EnergyStat {
  points: (Row & { time: string })[];
}

/** Station energy: day (5-minute power curve), month (days), year (months), total (years). */
function EnergyChartCard({ id }: { id: string }) {
  const { t } = useTranslation();
  const [dateType, setDateType] = useState<'day' | 'month' | 'year' | 'total'>('day');
  const [date, setDate] = useState<Dayjs>(dayjs());
  const q = useGet<EnergyStat>(`${PLANT}/energyStat`, { id, dateType, date: date.format('YYYY-MM-DD') });
  const points = q.data?.points ?? [];
  const col = (k: string) => points.map((p) => (p[k] === null || p[k] === undefined ? null : Number(p[k])));
  const day = dateType === 'day';
  const series: Series[] = day
    ? [
        { name: t('station.power.pv'), color: COLORS.pv, data: col('pvPower'), area: true },
        { name: t('station.power.load'), color: COLORS.load, data: col('loadPower') },
        { name: t('station.power.grid'), color: COLORS.import, data: col('gridPower') },
        { name: t('station.power.battery'), color: COLORS.charge, data: col('batteryPower') },
      ]
    : [
        { name: t('station.energy.pvEnergy'), type: 'bar', color: COLORS.pv, data: col('pvEnergy') },
        { name: t('station.energy.loadEnergy'), type: 'bar', color: COLORS.load, data: col('loadEnergy') },
        { name: t('station.energy.gridImport'), type: 'bar', color: COLORS.import, data: col('gridImport') },
        { name: t('station.energy.gridExport'), type: 'bar', color: COLORS.export, data: col('gridExport') },
      ];
  const picker = dateType === 'month' ? 'month' : dateType === 'year' ? 'year' : 'date';
  return (
    <Card
      size="small"
      title={t('station.energyChart')}
      data-testid="station-energy-chart"
      extra={
        <Space wrap>
          <Segmented
            size="small"
            value={dateType}
            onChange={(v) => setDateType(v as typeof dateType)}
            options={(['day', 'month', 'year', 'total'] as const).map((v) => ({ value: v, label: t(`station.range.${v}`) }))}
          />
          {dateType !== 'total' && (
            <DatePicker size="small" picker={picker} value={date} allowClear={false} onChange={(d) => d && setDate(d)} disabledDate={(d) => d.isAfter(dayjs(), 'day')} aria-label={t('station.chooseDay')} />
          )}
        </Space>
      }
    >
      <Chart label={t('station.energyChart')} categories={points.map((p) => p.time)} series={series} units={[day ? 'kW' : 'kWh']} />
      <Typography.Text type="secondary">{day ? t('station.dayChartHint') : t('station.energyChartHint')}</Typography.Text>
    </Card>
  );
}

/** Operation company and operation user of a station (`plant/submitOperationInfo`). */
function OperationModal({ open, plant, onClose, onDone }: { open: boolean; plant: PlantDetail; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ operationCompanyId?: string; operationUserId?: string }>();
  const companyId = Form.useWatch('operationCompanyId', form);
  const companies = useGet<Row[]>(`${PLANT}/operationCompanyList`, {}, { enabled: open });
  const users = useGet<Row[]>(`${PLANT}/agentUserList`, { deptId: companyId }, { enabled: open && !!companyId });
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const v = form.getFieldsValue();
    setSaving(true);
    try {
      await http.post(`${PLANT}/submitOperationInfo`, { data: { id: plant.id, operationCompanyId: v.operationCompanyId ?? null, operationUserId: v.operationUserId ?? null } });
      toast.success(t('station.operation.saved'));
      onDone();
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title={t('station.operation.submit')} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} destroyOnHidden>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ operationCompanyId: (plant.operationCompanyId as string) ?? undefined, operationUserId: (plant.operationUserId as string) ?? undefined }}
        preserve={false}
      >
        <Form.Item name="operationCompanyId" label={t('station.operationCompany')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            loading={companies.isFetching}
            options={(companies.data ?? []).map((c) => ({ value: String(c.id), label: String(c.deptName) }))}
            onChange={() => form.setFieldValue('operationUserId', undefined)}
          />
        </Form.Item>
        <Form.Item name="operationUserId" label={t('station.operationUser')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            disabled={!companyId}
            loading={users.isFetching}
            options={(users.data ?? []).map((u) => ({ value: String(u.id), label: `${String(u.realName ?? '')} (${String(u.account ?? '')})` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

