/**
 * `/app-update` (firmware update, spec §2 Configuration; issue 15): the fleet's firmware state — the overview (upgrades
 * by state, devices by version of a firmware type), the software versions of each device and the upgrade records,
 * where a failed upgrade can be retried. Reads the OTA module's routes (contracts `ota.api`); packages and staged
 * campaigns are on `/ota`.
 */
import { useState } from 'react';
import { Button, Card, Col, Empty, Input, Popconfirm, Row, Select, Space, Statistic, Table, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { otaOverview, otaRetry, otaSoftwareVersionList, otaUpgradeRecordList } from '@helio/contracts/modules/ota/ota.api';
import { useDicts } from '@/core/crud/dict';
import { callEndpoint, useEndpoint } from '@/core/http/endpoint';
import { toast } from '@/core/notify';
import { usePermission } from '@/core/permission/permission-store';

type VersionRow = DataOf<typeof otaSoftwareVersionList>['records'][number];
type RecordRow = DataOf<typeof otaUpgradeRecordList>['records'][number];

/** The upgrade states in protocol order (docs/device-protocol.md "Firmware"). */
const STATES = ['queued', 'notified', 'downloading', 'downloaded', 'verifying', 'updating', 'updated', 'failed'] as const;
const LIVE_MS = 5000;
const DICTS = [
  { code: 'device_type', biz: true },
  { code: 'firmware_type', biz: true },
] as const;

function useTypeNames() {
  const all = useDicts(DICTS);
  const name = (code: string) => (key: number | string | null | undefined) =>
    key === null || key === undefined ? '' : ((all[`biz:${code}`] ?? []).find((d) => d.dictKey === String(key))?.dictValue ?? String(key));
  return { deviceType: name('device_type'), firmwareTypes: all['biz:firmware_type'] ?? [] };
}

function StateTag({ state }: { state: string | null }) {
  const { t } = useTranslation();
  if (!state) return <>-</>;
  const color = state === 'updated' ? 'success' : state === 'failed' ? 'error' : state === 'queued' ? 'default' : 'processing';
  return <Tag color={color}>{t(`configUpdate.state.${state}`, { defaultValue: state })}</Tag>;
}

function Overview() {
  const { t } = useTranslation();
  const { firmwareTypes } = useTypeNames();
  const [firmwareType, setFirmwareType] = useState('1');
  const overview = useEndpoint(otaOverview, { firmwareType }, { refetchInterval: LIVE_MS });
  const byState = new Map((overview.data?.byState ?? []).map((s) => [s.state, s.count]));
  const byVersion = overview.data?.byVersion ?? [];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card title={t('configUpdate.byState')} size="small" loading={overview.isLoading}>
          <Row gutter={[16, 16]} data-testid="overview-states">
            {STATES.map((s) => (
              <Col key={s} xs={12} sm={6}>
                <Statistic title={t(`configUpdate.state.${s}`)} value={byState.get(s) ?? 0} />
              </Col>
            ))}
          </Row>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card
          title={t('configUpdate.byVersion')}
          size="small"
          extra={
            <Select
              aria-label={t('configUpdate.firmwareType')}
              size="small"
              style={{ minWidth: 160 }}
              value={firmwareType}
              onChange={setFirmwareType}
              options={(firmwareTypes.length ? firmwareTypes : [{ dictKey: '1', dictValue: '1' }]).map((d) => ({ value: d.dictKey, label: d.dictValue }))}
            />
          }
        >
          <Table
            rowKey={(r) => String(r.version)}
            size="small"
            pagination={false}
            loading={overview.isLoading}
            dataSource={byVersion}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('configUpdate.noDevices')} /> }}
            columns={[
              { title: t('configUpdate.version'), dataIndex: 'version', render: (v: string | null) => v ?? t('configUpdate.unknownVersion') },
              { title: t('configUpdate.devices'), dataIndex: 'count', align: 'right' },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

function VersionsTab() {
  const { t } = useTranslation();
  const { deviceType } = useTypeNames();
  const [current, setCurrent] = useState(1);
  const [deviceSn, setDeviceSn] = useState('');
  const list = useEndpoint(otaSoftwareVersionList, { current: String(current), size: '10', ...(deviceSn ? { deviceSn } : {}) });
  const fw = (v: string | null) => v || '-';
  const columns: ColumnsType<VersionRow> = [
    { title: t('configUpdate.deviceSn'), dataIndex: 'deviceSn' },
    { title: t('configUpdate.deviceType'), dataIndex: 'deviceType', render: deviceType },
    { title: t('configUpdate.model'), dataIndex: 'model', render: fw },
    { title: t('configUpdate.plant'), dataIndex: 'plantName', render: fw },
    { title: t('configUpdate.fwProtocol'), dataIndex: 'fwProtocol', render: fw },
    { title: t('configUpdate.fwMaster'), dataIndex: 'fwMaster', render: fw },
    { title: t('configUpdate.fwSlave'), dataIndex: 'fwSlave', render: fw },
    { title: t('configUpdate.fwEms'), dataIndex: 'fwEms', render: fw },
    { title: t('configUpdate.fwDcdc'), dataIndex: 'fwDcdc', render: fw },
    { title: t('configUpdate.lastUpgrade'), dataIndex: 'lastUpgradeState', render: (s: string | null, r) => (s ? <Space size={4}><StateTag state={s} />{r.lastUpgradeVersion}</Space> : '-') },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.Search
        aria-label={t('configUpdate.deviceSn')}
        placeholder={t('configUpdate.deviceSn')}
        allowClear
        style={{ maxWidth: 280 }}
        onSearch={(v) => {
          setDeviceSn(v.trim());
          setCurrent(1);
        }}
      />
      <Table<VersionRow>
        rowKey="deviceId"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        columns={columns}
        pagination={{ current, total: list.data?.total ?? 0, pageSize: 10, showSizeChanger: false, onChange: setCurrent }}
      />
    </Space>
  );
}

function RecordsTab() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { has } = usePermission();
  const mayRetry = has('app_update_upgrade') || has('ota_edit');
  const [current, setCurrent] = useState(1);
  const [state, setState] = useState<string | undefined>();
  const [busy, setBusy] = useState<string | null>(null);
  const list = useEndpoint(otaUpgradeRecordList, { current: String(current), size: '10', ...(state ? { state } : {}) }, { refetchInterval: LIVE_MS });

  const retry = async (id: string) => {
    setBusy(id);
    try {
      await callEndpoint(otaRetry, undefined, { id });
      toast.success(t('configUpdate.retried'));
      await client.invalidateQueries({ queryKey: ['endpoint'] });
    } catch {
      // the HTTP layer has shown the server's message
    } finally {
      setBusy(null);
    }
  };

  const columns: ColumnsType<RecordRow> = [
    { title: t('configUpdate.deviceSn'), dataIndex: 'deviceSn' },
    { title: t('configUpdate.stateLabel'), dataIndex: 'state', render: (s: string) => <StateTag state={s} /> },
    { title: t('configUpdate.fromVersion'), dataIndex: 'fromVersion', render: (v: string | null) => v || '-' },
    { title: t('configUpdate.toVersion'), dataIndex: 'toVersion' },
    { title: t('configUpdate.progress'), dataIndex: 'progress', align: 'right', render: (v: number) => `${v}%` },
    { title: t('configUpdate.attempts'), dataIndex: 'attempts', align: 'right' },
    { title: t('configUpdate.failReason'), dataIndex: 'failReason', render: (v: string | null) => v || '-' },
    { title: t('configUpdate.stateTime'), dataIndex: 'stateTime', render: (v: string | null) => v || '-' },
    {
      title: t('configUpdate.actions'),
      key: 'actions',
      render: (_: unknown, r) =>
        mayRetry && r.state === 'failed' ? (
          <Popconfirm title={t('configUpdate.retryConfirm', { sn: r.deviceSn })} onConfirm={() => retry(r.id)}>
            <Button type="link" size="small" loading={busy === r.id}>
              {t('configUpdate.retry')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        aria-label={t('configUpdate.stateLabel')}
        placeholder={t('configUpdate.stateLabel')}
        allowClear
        style={{ minWidth: 180 }}
        value={state}
        onChange={(v?: string) => {
          setState(v);
          setCurrent(1);
        }}
        options={STATES.map((s) => ({ value: s, label: t(`configUpdate.state.${s}`) }))}
      />
      <Table<RecordRow>
        rowKey="id"
        size="small"
        scroll={{ x: 'max-content' }}
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        columns={columns}
        pagination={{ current, total: list.data?.total ?? 0, pageSize: 10, showSizeChanger: false, onChange: setCurrent }}
      />
    </Space>
  );
}

export function AppUpdatePage() {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Overview />
      <Card>
        <Tabs
          items={[
            { key: 'versions', label: t('configUpdate.tab.versions'), children: <VersionsTab /> },
            { key: 'records', label: t('configUpdate.tab.records'), children: <RecordsTab /> },
          ]}
        />
      </Card>
    </Space>
  );
}
