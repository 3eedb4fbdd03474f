/**
 * The call-in page's look-up (`blade-order/order/maint/query-install-order`): the installed sites whose customer
 * name, phone, address or device serial matches — each with its station, owner, installation order, agent, warranty
 * end and devices — and a button that takes one for the call-in. The chosen site's maintenance history
 * (`query-maint-order-history`) is listed under it.
 */
import { useState } from 'react';
import { Alert, Button, Card, Empty, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { queryInstallOrder } from '@helio/contracts/modules/epc/maint.api';
import { callEndpoint } from '@/core/http/endpoint';
import { PageLink } from '@/components/page-link';
import { Progress } from '@/features/epc/order-parts';
import { LOOKUP_FIELDS, lookupBody, maintDetailPath, useFeeTypes, useMaintHistory, type LookupField, type MaintRow, type Site } from './api';

export interface SiteLookupProps {
  sites: Site[] | undefined;
  onSites(sites: Site[]): void;
  picked?: Site;
  onPick(site: Site): void;
}

/** Runs a look-up; the sites found (an empty text is refused before the server). */
export async function lookUp(field: LookupField, text: string): Promise<Site[] | undefined> {
  if (!text.trim()) return undefined;
  return callEndpoint(queryInstallOrder, undefined, lookupBody(field, text));
}

const siteKey = (s: Site) => s.stationId ?? s.installOrderId ?? `${s.ownerName ?? ''}|${s.address ?? ''}`;

export function SiteLookup({ sites, onSites, picked, onPick }: SiteLookupProps) {
  const { t } = useTranslation();
  const [field, setField] = useState<LookupField>('customerName');
  const [busy, setBusy] = useState(false);
  const [blank, setBlank] = useState(false);
  const search = async (text: string) => {
    setBlank(!text.trim());
    if (!text.trim()) return;
    setBusy(true);
    try {
      const found = await lookUp(field, text);
      if (found) onSites(found);
    } catch {
      // The HTTP client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={<h3 style={{ margin: 0, fontSize: 14 }}>{t('maintenance.site.title')}</h3>} data-testid="site-lookup">
      <Space.Compact style={{ width: '100%', maxWidth: 640 }}>
        <Select<LookupField>
          value={field}
          onChange={setField}
          style={{ width: 180 }}
          aria-label={t('maintenance.site.by')}
          options={LOOKUP_FIELDS.map((f) => ({ value: f, label: t(`maintenance.site.field.${f}`) }))}
        />
        <Input.Search
          allowClear
          aria-label={t('maintenance.site.query')}
          placeholder={t(`maintenance.site.placeholder.${field}`)}
          enterButton={t('maintenance.site.search')}
          loading={busy}
          onSearch={(v) => void search(v)}
        />
      </Space.Compact>
      {blank && <Alert type="warning" showIcon style={{ marginTop: 8 }} message={t('maintenance.site.blank')} />}
      {sites && (
        <Table<Site>
          style={{ marginTop: 12 }}
          size="small"
          rowKey={siteKey}
          dataSource={sites}
          pagination={sites.length > 5 ? { pageSize: 5 } : false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('maintenance.site.none')} /> }}
          rowClassName={(s) => (picked && siteKey(s) === siteKey(picked) ? 'ant-table-row-selected' : '')}
          data-testid="site-results"
          columns={[
            { title: t('maintenance.site.station'), key: 'station', render: (_: unknown, s) => s.stationName ?? '–' },
            { title: t('maintenance.site.owner'), key: 'owner', render: (_: unknown, s) => [s.ownerName, s.ownerPhone].filter(Boolean).join(' · ') },
            { title: t('maintenance.site.address'), dataIndex: 'address' },
            { title: t('maintenance.site.installOrder'), dataIndex: 'installOrderNumber' },
            { title: t('maintenance.site.agent'), dataIndex: 'agentName' },
            { title: t('maintenance.site.warrantyEnd'), dataIndex: 'warrantyEnd' },
            { title: t('maintenance.site.devices'), key: 'devices', render: (_: unknown, s) => s.devices.map((d) => d.sn).join(', ') || '–' },
            {
              title: t('maintenance.site.action'),
              key: 'use',
              fixed: 'right',
              render: (_: unknown, s) =>
                picked && siteKey(s) === siteKey(picked) ? (
                  <Tag color="blue">{t('maintenance.site.chosen')}</Tag>
                ) : (
                  <Button size="small" onClick={() => onPick(s)} aria-label={t('maintenance.site.useNamed', { name: s.stationName ?? s.ownerName ?? s.address ?? '' })}>
                    {t('maintenance.site.use')}
                  </Button>
                ),
            },
          ]}
        />
      )}
      {picked && <SiteHistory site={picked} />}
    </Card>
  );
}

/** The chosen site's maintenance orders, newest first. */
export function SiteHistory({ site }: { site: Site }) {
  const { t } = useTranslation();
  const history = useMaintHistory(site);
  const fees = useFeeTypes();
  const rows = history.data ?? [];
  return (
    <div style={{ marginTop: 12 }} data-testid="site-history">
      <Typography.Title level={4} style={{ fontSize: 14 }}>
        {t('maintenance.site.history', { name: site.stationName ?? site.ownerName ?? '' })}
      </Typography.Title>
      <Table<MaintRow>
        size="small"
        rowKey="id"
        loading={history.isLoading}
        dataSource={rows}
        pagination={rows.length > 5 ? { pageSize: 5 } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('maintenance.site.noHistory')} /> }}
        columns={[
          { title: t('maintenance.field.orderNumber'), dataIndex: 'orderNumber', render: (v: string, r) => <PageLink to={maintDetailPath(r.id)}>{v}</PageLink> },
          { title: t('maintenance.field.callInTime'), dataIndex: 'callInTime' },
          { title: t('maintenance.field.feeType'), dataIndex: 'feeType', render: (v: string | null) => fees.name(v) },
          { title: t('maintenance.field.deviceSn'), dataIndex: 'deviceSn' },
          { title: t('maintenance.field.stage'), key: 'stage', render: (_: unknown, r) => <Progress row={r} /> },
        ]}
      />
    </div>
  );
}
