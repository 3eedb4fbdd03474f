/**
 * `/epc/agent`: agent companies — search by number, name, contact or type; add, edit, remove; a company's details in a
 * drawer with its information and documents, its staff and excluded staff, its associated stations and its
 * operation log. Buttons follow the `epc_agent_*` codes.
 */
import { useState } from 'react';
import { Button, Card, Descriptions, Drawer, Input, Popconfirm, Select, Space, Table, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { agentCompanyResource } from '@helio/contracts/modules/agent/agent.resource';
import { useDicts } from '@/core/crud/dict';
import { pickLabel } from '@/core/crud/labels';
import { usePermission } from '@/core/permission/permission-store';
import { toast } from '@/core/notify';
import { removeCompanies, useAgentRefresh, useCompanies, useCompany, useDocuments, type Company } from './api';
import { AgentForm } from './agent-form';
import { LogTab, StationsTab } from './detail-tabs';
import { StaffTab } from './staff-tab';

const DICTS = [
  { code: 'agent_type', biz: true },
  { code: 'agent_id_type', biz: true },
] as const;
const HIDDEN = new Set(['deptId', 'adminUserId', 'provinceCode', 'cityCode', 'districtCode']);

function Info({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const company = useCompany(id);
  const docs = useDocuments(id);
  const dicts = useDicts(DICTS);
  const c = company.data;
  if (!c) return null;
  const shown = (key: string, v: unknown) => {
    const f = agentCompanyResource.fields.find((x) => x.key === key);
    if (f?.kind === 'dictbiz') return dicts[`biz:${f.dict!}`]?.find((d) => d.dictKey === String(v))?.dictValue ?? (v == null ? '' : String(v));
    return v == null ? '' : String(v);
  };
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, md: 2 }}
        items={[
          ...agentCompanyResource.fields
            .filter((f) => !HIDDEN.has(f.key))
            .map((f) => ({ key: f.key, label: pickLabel(f.label, i18n.language), children: shown(f.key, c[f.key]) })),
          { key: 'adminAccount', label: t('agent.adminAccount'), children: c.adminAccount ?? '' },
        ]}
      />
      <Typography.Title level={3} style={{ fontSize: 14, marginTop: 16 }}>
        {t('agent.section.documents')}
      </Typography.Title>
      {(docs.data ?? []).length === 0 ? (
        <Typography.Text type="secondary">{t('agent.documents.none')}</Typography.Text>
      ) : (
        <ul>
          {(docs.data ?? []).map((d) => (
            <li key={d.attachId}>
              <Typography.Link href={d.link} target="_blank" rel="noreferrer">
                {d.originalName ?? d.attachId}
              </Typography.Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Details({ company, onClose, canEdit }: { company: Company; onClose(): void; canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <Drawer open width={960} title={t('agent.details', { name: company.companyName })} onClose={onClose} destroyOnHidden>
      <Tabs
        items={[
          { key: 'info', label: t('agent.tab.info'), children: <Info id={company.id} /> },
          { key: 'staff', label: t('agent.tab.staff'), children: <StaffTab agentId={company.id} canEdit={canEdit} /> },
          { key: 'stations', label: t('agent.tab.stations'), children: <StationsTab agentId={company.id} canEdit={canEdit} /> },
          { key: 'log', label: t('agent.tab.log'), children: <LogTab agentId={company.id} /> },
        ]}
      />
    </Drawer>
  );
}

export function AgentPage() {
  const { t } = useTranslation();
  const { has } = usePermission();
  const dicts = useDicts(DICTS);
  const refresh = useAgentRefresh();
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(10);
  const [filters, setFilters] = useState<{ companyName?: string; agentType?: string }>({});
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [viewing, setViewing] = useState<Company | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const list = useCompanies({ current: String(current), size: String(size), ...filters });
  const typeName = (v: unknown) => dicts['biz:agent_type']?.find((d) => d.dictKey === String(v))?.dictValue ?? '';
  const remove = async (ids: string[]) => {
    await removeCompanies(ids);
    toast.success(t('crud.success'));
    setSelected([]);
    await refresh();
  };
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('agent.title')}</h2>}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          aria-label={t('agent.search')}
          placeholder={t('agent.search')}
          onSearch={(v) => {
            setFilters((f) => ({ ...f, companyName: v.trim() || undefined }));
            setCurrent(1);
          }}
        />
        <Select
          allowClear
          aria-label={t('agent.type')}
          placeholder={t('agent.type')}
          style={{ minWidth: 160 }}
          options={(dicts['biz:agent_type'] ?? []).map((d) => ({ value: d.dictKey, label: d.dictValue }))}
          onChange={(v: string | undefined) => {
            setFilters((f) => ({ ...f, agentType: v }));
            setCurrent(1);
          }}
        />
        {has('epc_agent_add') && (
          <Button type="primary" onClick={() => setEditing({})}>
            {t('agent.add')}
          </Button>
        )}
        {has('epc_agent_delete') && (
          <Popconfirm title={t('agent.removeConfirm')} disabled={selected.length === 0} onConfirm={() => remove(selected)}>
            <Button danger disabled={selected.length === 0}>
              {t('agent.removeSelected')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      <Table<Company>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        rowSelection={has('epc_agent_delete') ? { selectedRowKeys: selected, onChange: (k) => setSelected(k.map(String)) } : undefined}
        pagination={{
          current,
          pageSize: size,
          total: list.data?.total ?? 0,
          pageSizeOptions: [10, 30, 50, 100, 200],
          showSizeChanger: true,
          onChange: (c, s) => {
            setCurrent(c);
            setSize(s);
          },
        }}
        scroll={{ x: 1200 }}
        columns={[
          { title: t('agent.number'), dataIndex: 'agentNumber' },
          { title: t('agent.company'), dataIndex: 'companyName' },
          { title: t('agent.type'), dataIndex: 'agentType', render: (v: unknown) => typeName(v) },
          { title: t('agent.contact'), dataIndex: 'contactName' },
          { title: t('agent.phone'), key: 'phone', render: (_: unknown, r) => [r.phoneDiallingCode, r.phone].filter(Boolean).join(' ') },
          { title: t('agent.region'), dataIndex: 'regionName' },
          { title: t('agent.fee'), dataIndex: 'agentFee', align: 'right' },
          { title: t('agent.registered'), dataIndex: 'registrationTime' },
          {
            title: t('agent.actions'),
            key: 'actions',
            fixed: 'right',
            render: (_: unknown, r) => (
              <Space size={0}>
                <Button size="small" type="link" aria-label={`${t('agent.view')} ${r.companyName}`} onClick={() => setViewing(r)}>
                  {t('agent.view')}
                </Button>
                {has('epc_agent_edit') && (
                  <Button size="small" type="link" aria-label={`${t('agent.editAction')} ${r.companyName}`} onClick={() => setEditing({ id: r.id })}>
                    {t('agent.editAction')}
                  </Button>
                )}
                {has('epc_agent_delete') && (
                  <Popconfirm title={t('agent.removeConfirm')} onConfirm={() => remove([r.id])}>
                    <Button size="small" type="link" danger aria-label={`${t('agent.remove')} ${r.companyName}`}>
                      {t('agent.remove')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing && <AgentForm id={editing.id} onClose={() => setEditing(null)} />}
      {viewing && <Details company={viewing} canEdit={has('epc_agent_edit')} onClose={() => setViewing(null)} />}
    </Card>
  );
}
