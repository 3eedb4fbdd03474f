/**
 * A company's staff (the users of its department) with their roles, and its excluded staff: add a staff member with
 * one agent role (site technician, electrician, rollout manager, delivery manager, warehouse manager), exclude a
 * member from the company's orders, lift an exclusion. The staff form's rules are the server's (contracts
 * `STAFF_RULES`).
 */
import { useMemo, useState } from 'react';
import { Button, Col, Form, Input, Modal, Popconfirm, Row, Select, Space, Table, Tag, Typography } from 'antd';
import type { SelectProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { AGENT_STAFF_ROLES, STAFF_RULES } from '@helio/contracts/modules/agent/agent.api';
import { diallingOptions, useCountryCodes } from '@/components/dialling-code-select';
import { FormDialog } from '@/core/crud/form-dialog';
import { pickLabel } from '@/core/crud/labels';
import { antdRules } from '@/core/crud/rules';
import { toast } from '@/core/notify';
import { addStaff, exclude, lift, useAgentRefresh, useExcluded, useStaff, type StaffBody, type StaffRow } from './api';

function FormSelect({ 'aria-required': _required, ...props }: SelectProps & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}

function StaffDialog({ agentId, onClose }: { agentId: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const refresh = useAgentRefresh();
  const countries = useCountryCodes();
  const dialling = useMemo(() => diallingOptions(countries.data ?? []), [countries.data]);
  const field = (key: keyof typeof STAFF_RULES, control: React.ReactNode, extra?: string) => (
    <Col xs={24} md={12}>
      <Form.Item name={key} label={pickLabel(STAFF_RULES[key]!.label, lang)} rules={antdRules(STAFF_RULES[key]!, lang)} required={Boolean(STAFF_RULES[key]!.required)} extra={extra}>
        {control}
      </Form.Item>
    </Col>
  );
  return (
    <FormDialog<StaffBody>
      open
      width={720}
      title={t('agent.staff.add')}
      initialValues={{ phoneDiallingCode: '+86' }}
      onClose={onClose}
      onSubmit={async (values) => {
        const saved = await addStaff({ ...values, agentId, email: values.email || null, password: values.password || null });
        await refresh();
        if (saved.initialPassword) {
          Modal.info({ title: t('agent.initialPasswordTitle'), content: t('agent.initialPassword', { account: values.account, password: saved.initialPassword }) });
        }
      }}
    >
      <Row gutter={16}>
        {field('account', <Input maxLength={45} autoComplete="off" />)}
        {field('realName', <Input maxLength={20} />)}
        {field('phoneDiallingCode', <FormSelect showSearch optionFilterProp="search" options={dialling.length ? dialling : [{ value: '+86', label: '+86', search: '+86' }]} />)}
        {field('phone', <Input maxLength={20} inputMode="numeric" />)}
        {field('email', <Input maxLength={100} />)}
        {field('roleAlias', <FormSelect options={AGENT_STAFF_ROLES.map((r) => ({ value: r, label: t(`agent.role.${r}`) }))} />)}
        <Col xs={24} md={12}>
          <Form.Item name="password" label={t('agent.staff.password')} extra={t('agent.adminPasswordHint')}>
            <Input.Password maxLength={16} autoComplete="new-password" />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}

export function StaffTab({ agentId, canEdit }: { agentId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const staff = useStaff(agentId);
  const excluded = useExcluded(agentId);
  const refresh = useAgentRefresh();
  const [adding, setAdding] = useState(false);
  const act = async (fn: () => Promise<unknown>) => {
    await fn();
    toast.success(t('crud.success'));
    await refresh();
  };
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        {canEdit && (
          <Button type="primary" onClick={() => setAdding(true)}>
            {t('agent.staff.add')}
          </Button>
        )}
      </Space>
      <Table<StaffRow>
        rowKey="id"
        size="small"
        loading={staff.isLoading}
        dataSource={staff.data ?? []}
        pagination={false}
        scroll={{ x: 800 }}
        columns={[
          { title: t('agent.staff.account'), dataIndex: 'account' },
          { title: t('agent.staff.realName'), dataIndex: 'realName' },
          { title: t('agent.staff.phone'), key: 'phone', render: (_: unknown, r) => [r.phoneDiallingCode, r.phone].filter(Boolean).join(' ') },
          {
            title: t('agent.staff.roles'),
            key: 'roles',
            render: (_: unknown, r) => (
              <Space size={4} wrap>
                {r.isAdmin && <Tag color="blue">{t('agent.staff.admin')}</Tag>}
                {r.roles.map((x) => (
                  <Tag key={x.alias}>{x.name}</Tag>
                ))}
                {r.excluded && <Tag color="red">{t('agent.staff.excludedTag')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('agent.actions'),
            key: 'actions',
            render: (_: unknown, r) =>
              canEdit && !r.excluded ? (
                <Popconfirm title={t('agent.staff.excludeConfirm', { name: r.realName ?? r.account })} onConfirm={() => act(() => exclude(agentId, [r.id]))}>
                  <Button size="small" type="link" aria-label={`${t('agent.staff.exclude')} ${r.account}`}>
                    {t('agent.staff.exclude')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
      <Typography.Title level={3} style={{ fontSize: 14, marginTop: 16 }}>
        {t('agent.staff.excluded')}
      </Typography.Title>
      <Table
        rowKey="id"
        size="small"
        loading={excluded.isLoading}
        dataSource={excluded.data ?? []}
        pagination={false}
        locale={{ emptyText: t('agent.staff.noneExcluded') }}
        columns={[
          { title: t('agent.staff.account'), dataIndex: 'account' },
          { title: t('agent.staff.realName'), dataIndex: 'realName' },
          { title: t('agent.staff.reason'), dataIndex: 'reason' },
          { title: t('agent.staff.excludedBy'), dataIndex: 'createUserName' },
          { title: t('agent.staff.excludedAt'), dataIndex: 'createTime' },
          {
            title: t('agent.actions'),
            key: 'actions',
            render: (_: unknown, r: { id: string; account: string | null }) =>
              canEdit ? (
                <Button size="small" type="link" aria-label={`${t('agent.staff.lift')} ${r.account ?? ''}`} onClick={() => void act(() => lift([r.id]))}>
                  {t('agent.staff.lift')}
                </Button>
              ) : null,
          },
        ]}
      />
      {adding && <StaffDialog agentId={agentId} onClose={() => setAdding(false)} />}
    </>
  );
}
