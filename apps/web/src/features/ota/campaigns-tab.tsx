/** OTA campaigns: the list, a creation dialog and the live progress of one campaign (polled every 2 s). */
import { useState } from 'react';
import { Button, Descriptions, Drawer, Form, Input, InputNumber, Modal, Progress as Bar, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '@/core/http/endpoint';
import { toast } from '@/core/notify';
import { usePermission } from '@/core/permission/permission-store';
import { otaCampaignCancel, otaCampaignResume, otaCampaignRollback, otaCampaignSave } from '@helio/contracts/modules/ota/ota.api';
import { useCampaigns, useInvalidateOta, usePackages, useProgress, type CampaignRow } from './api';

const STATE_COLOR: Record<string, string> = { running: 'processing', done: 'success', halted: 'error', rolling_back: 'warning', rolled_back: 'default', cancelled: 'default' };

export function CampaignsTab() {
  const { t } = useTranslation();
  const { has } = usePermission();
  const [current, setCurrent] = useState(1);
  const [creating, setCreating] = useState(false);
  const [watching, setWatching] = useState<string>();
  const list = useCampaigns(current);
  const columns = [
    { title: t('ota.field.campaignName'), dataIndex: 'campaignName' },
    { title: t('ota.field.firmwareVersion'), dataIndex: 'packageVersion' },
    { title: t('ota.field.state'), dataIndex: 'state', render: (s: string) => <Tag color={STATE_COLOR[s]}>{t(`ota.campaignState.${s}`, { defaultValue: s })}</Tag> },
    { title: t('ota.field.targets'), dataIndex: 'targets' },
    { title: t('ota.field.wave'), key: 'wave', render: (_: unknown, r: CampaignRow) => `${r.currentWave} / ${r.waveCount - 1}` },
    { title: t('ota.field.startTime'), dataIndex: 'startTime' },
    { title: t('ota.actions'), key: 'a', render: (_: unknown, r: CampaignRow) => <Button type="link" onClick={() => setWatching(r.id)}>{t('ota.progress')}</Button> },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {has('ota_add') ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('ota.newCampaign')}
        </Button>
      ) : null}
      <Table<CampaignRow> rowKey="id" size="small" loading={list.isLoading} dataSource={list.data?.records ?? []} columns={columns} pagination={{ current, total: list.data?.total ?? 0, pageSize: 10, onChange: setCurrent }} />
      {creating ? <CampaignDialog onClose={() => setCreating(false)} onCreated={setWatching} /> : null}
      {watching ? <ProgressDrawer id={watching} onClose={() => setWatching(undefined)} /> : null}
    </Space>
  );
}

function CampaignDialog({ onClose, onCreated }: { onClose(): void; onCreated(id: string): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const packages = usePackages(1);
  const invalidate = useInvalidateOta();
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const filter = {
        ...(v.model ? { model: v.model } : {}),
        ...(v.currentVersion ? { currentVersion: v.currentVersion } : {}),
        ...(v.plantId ? { plantId: v.plantId } : {}),
      };
      const { model: _m, currentVersion: _c, plantId: _p, tickSeconds, ...rest } = v;
      const created = await callEndpoint(otaCampaignSave, undefined, { ...rest, ...(tickSeconds ? { tickMs: Math.round(tickSeconds * 1000) } : {}), filter });
      toast.success(t('ota.started'));
      await invalidate();
      onClose();
      onCreated(created.id);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={t('ota.newCampaign')} onCancel={onClose} onOk={submit} confirmLoading={busy} okText={t('ota.start')} cancelText={t('ota.cancel')} maskClosable={false} width={640}>
      <Form form={form} layout="vertical" initialValues={{ canaryPercent: 5, waveSize: 50, pacePerMinute: 100, failureThreshold: 10, upgradeTimeoutMinutes: 30, tickSeconds: 5, windowStart: '00:00', windowEnd: '05:00' }}>
        <Form.Item name="campaignName" label={t('ota.field.campaignName')} rules={[{ required: true, max: 100 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="packageId" label={t('ota.field.package')} rules={[{ required: true }]}>
          <Select options={(packages.data?.records ?? []).map((p) => ({ value: p.id, label: `${p.firmwareVersion} (${p.fileName ?? ''})` }))} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="model" label={t('ota.field.model')}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="currentVersion" label={t('ota.field.currentVersion')}>
            <Input maxLength={32} />
          </Form.Item>
          <Form.Item name="plantId" label={t('ota.field.plantId')} rules={[{ pattern: /^\d{1,20}$/, message: t('ota.idRule') }]}>
            <Input maxLength={20} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="canaryPercent" label={t('ota.field.canaryPercent')} rules={[{ required: true }]}>
            <InputNumber min={0} max={100} precision={0} />
          </Form.Item>
          <Form.Item name="waveSize" label={t('ota.field.waveSize')} rules={[{ required: true }]}>
            <InputNumber min={1} max={100000} precision={0} />
          </Form.Item>
          <Form.Item name="pacePerMinute" label={t('ota.field.pacePerMinute')} rules={[{ required: true }]}>
            <InputNumber min={1} max={100000} precision={0} />
          </Form.Item>
          <Form.Item name="failureThreshold" label={t('ota.field.failureThreshold')} rules={[{ required: true }]}>
            <InputNumber min={0} max={100} precision={0} />
          </Form.Item>
          <Form.Item name="upgradeTimeoutMinutes" label={t('ota.field.upgradeTimeoutMinutes')}>
            <InputNumber min={0.1} max={1440} precision={1} />
          </Form.Item>
          <Form.Item name="tickSeconds" label={t('ota.field.tickSeconds')}>
            <InputNumber min={0.1} max={60} precision={1} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="windowStart" label={t('ota.field.windowStart')} rules={[{ required: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: t('ota.timeRule') }]}>
            <Input maxLength={5} />
          </Form.Item>
          <Form.Item name="windowEnd" label={t('ota.field.windowEnd')} rules={[{ required: true, pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: t('ota.timeRule') }]} extra={t('ota.windowHint')}>
            <Input maxLength={5} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

function ProgressDrawer({ id, onClose }: { id: string; onClose(): void }) {
  const { t } = useTranslation();
  const { has } = usePermission();
  const progress = useProgress(id);
  const invalidate = useInvalidateOta();
  const p = progress.data;
  const act = async (endpoint: typeof otaCampaignResume) => {
    await callEndpoint(endpoint, undefined, { id });
    await invalidate();
  };
  const total = p?.campaign.targets ?? 0;
  return (
    <Drawer open width={640} title={p?.campaign.campaignName ?? t('ota.progress')} onClose={onClose}>
      {p ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('ota.field.state')}>{t(`ota.campaignState.${p.campaign.state}`, { defaultValue: p.campaign.state })}</Descriptions.Item>
            <Descriptions.Item label={t('ota.field.wave')}>{`${p.campaign.currentWave} / ${p.campaign.waveCount - 1}`}</Descriptions.Item>
            {p.campaign.haltReason ? <Descriptions.Item label={t('ota.field.haltReason')} span={2}>{p.campaign.haltReason}</Descriptions.Item> : null}
          </Descriptions>
          <Bar aria-label={t('ota.overallProgress')} percent={total ? Math.round(((p.counts.updated + p.counts.failed) / total) * 100) : 0} success={{ percent: total ? Math.round((p.counts.updated / total) * 100) : 0 }} />
          <Table
            size="small"
            rowKey="wave"
            pagination={false}
            dataSource={p.waves}
            columns={[
              { title: t('ota.field.wave'), dataIndex: 'wave', render: (w: number) => (w === 0 ? t('ota.canary') : w) },
              { title: t('ota.field.targets'), dataIndex: 'total' },
              { title: t('ota.upgradeState.updated'), dataIndex: 'updated' },
              { title: t('ota.upgradeState.failed'), dataIndex: 'failed' },
              { title: t('ota.active'), dataIndex: 'active' },
            ]}
          />
          {p.rollback ? <div>{t('ota.rollbackCounts', { updated: p.rollback.updated, failed: p.rollback.failed })}</div> : null}
          {has('ota_edit') ? (
            <Space>
              <Button disabled={p.campaign.state !== 'halted'} onClick={() => act(otaCampaignResume)}>{t('ota.resume')}</Button>
              <Button danger disabled={p.campaign.state !== 'halted'} onClick={() => act(otaCampaignRollback)}>{t('ota.rollback')}</Button>
              <Button disabled={!['running', 'halted'].includes(p.campaign.state)} onClick={() => act(otaCampaignCancel)}>{t('ota.cancelCampaign')}</Button>
            </Space>
          ) : null}
        </Space>
      ) : null}
    </Drawer>
  );
}
