/** `/ota`: firmware packages, staged campaigns with live progress, and the upgrade records. */
import { useState } from 'react';
import { Card, Table, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRecords, type RecordRow } from './api';
import { CampaignsTab } from './campaigns-tab';
import { PackagesTab } from './packages-tab';

function RecordsTab() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const list = useRecords(current);
  const columns = [
    { title: t('ota.field.deviceSn'), dataIndex: 'deviceSn' },
    { title: t('ota.field.state'), dataIndex: 'state', render: (s: string) => <Tag color={s === 'updated' ? 'success' : s === 'failed' ? 'error' : 'processing'}>{t(`ota.upgradeState.${s}`, { defaultValue: s })}</Tag> },
    { title: t('ota.field.fromVersion'), dataIndex: 'fromVersion' },
    { title: t('ota.field.firmwareVersion'), dataIndex: 'toVersion' },
    { title: t('ota.field.progressPct'), dataIndex: 'progress' },
    { title: t('ota.field.failReason'), dataIndex: 'failReason' },
    { title: t('ota.field.stateTime'), dataIndex: 'stateTime' },
  ];
  return (
    <Table<RecordRow> rowKey="id" size="small" loading={list.isLoading} dataSource={list.data?.records ?? []} columns={columns} pagination={{ current, total: list.data?.total ?? 0, pageSize: 10, onChange: setCurrent }} />
  );
}

export function OtaPage() {
  const { t } = useTranslation();
  return (
    <Card>
      <Tabs
        items={[
          { key: 'packages', label: t('ota.tab.packages'), children: <PackagesTab /> },
          { key: 'campaigns', label: t('ota.tab.campaigns'), children: <CampaignsTab /> },
          { key: 'records', label: t('ota.tab.records'), children: <RecordsTab /> },
        ]}
      />
    </Card>
  );
}
