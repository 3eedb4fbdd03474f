/**
 * Tenants: the generic screen plus the tenant settings (account limit and expiry of the selected tenants), the
 * product package and data source of a tenant, and the new tenant's administrator password, shown once.
 */
import { useState } from 'react';
import { Button, DatePicker, Descriptions, Form, InputNumber, Modal, Select, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { tenantResource } from '@helio/contracts/modules/tenant/tenant.resource';
import { CrudPage } from '@/core/crud/crud-page';
import type { CrudContext, FieldOverride } from '@/core/crud/crud-page';
import { FormDialog } from '@/core/crud/form-dialog';
import type { Row } from '@/core/crud/use-crud-resource';
import { http } from '@/core/http/http';
import { toast } from '@/core/notify';

interface NewTenant {
  tenantId?: string;
  adminAccount?: string;
  adminPassword?: string;
}

type Dialog =
  | { kind: 'none' }
  | { kind: 'setting'; ids: string[]; row?: Row; done(): void }
  | { kind: 'package'; row: Row; done(): void }
  | { kind: 'datasource'; row: Row; done(): void };

const PLATFORM = '000000';

export function TenantPage() {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });

  const fields: Record<string, FieldOverride> = {
    accountNumber: { render: (v) => (Number(v) < 0 || v === '' ? t('system.tenant.unlimited') : String(v)) },
    expireTime: { render: (v) => (v ? String(v) : t('system.tenant.unlimited')) },
  };

  const showNewAdmin = (result: unknown) => {
    const r = (result ?? {}) as NewTenant;
    if (!r.adminPassword) return;
    void modal.info({
      title: t('system.tenant.created'),
      width: 520,
      content: (
        <>
          <Typography.Paragraph type="warning">{t('system.tenant.passwordOnce')}</Typography.Paragraph>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('system.tenant.tenantId')}>
              <Typography.Text copyable>{r.tenantId}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('system.tenant.adminAccount')}>
              <Typography.Text copyable>{r.adminAccount}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('system.tenant.adminPassword')}>
              <Typography.Text copyable code data-testid="new-tenant-password">
                {r.adminPassword}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      ),
    });
  };

  const toolbar = (ctx: CrudContext) =>
    ctx.has('setting') && (
      <Button
        icon={<SettingOutlined />}
        onClick={() => {
          if (ctx.selectedKeys.length === 0) {
            toast.warning(t('crud.selectOne'));
            return;
          }
          setDialog({
            kind: 'setting',
            ids: ctx.selectedKeys,
            row: ctx.selectedRows.length === 1 ? ctx.selectedRows[0] : undefined,
            done: () => {
              ctx.clearSelection();
              ctx.reload();
            },
          });
        }}
      >
        {t('system.tenant.setting')}
      </Button>
    );

  const rowActions = (row: Row, ctx: CrudContext) =>
    ctx.has('setting') &&
    row.tenantId !== PLATFORM && (
      <>
        <Button type="link" size="small" onClick={() => setDialog({ kind: 'package', row, done: ctx.reload })}>
          {t('system.tenant.package')}
        </Button>
        <Button type="link" size="small" onClick={() => setDialog({ kind: 'datasource', row, done: ctx.reload })}>
          {t('system.tenant.datasource')}
        </Button>
      </>
    );

  return (
    <>
      {holder}
      <CrudPage resource={tenantResource} fields={fields} selectable toolbar={toolbar} rowActions={rowActions} afterSave={(r, c) => c.mode === 'add' && showNewAdmin(r)} />
      {dialog.kind === 'setting' && <SettingDialog ids={dialog.ids} row={dialog.row} onClose={close} onDone={dialog.done} />}
      {dialog.kind === 'package' && <PackageDialog row={dialog.row} onClose={close} onDone={dialog.done} />}
      {dialog.kind === 'datasource' && <DatasourceDialog row={dialog.row} onClose={close} onDone={dialog.done} />}
    </>
  );
}

function SettingDialog({ ids, row, onClose, onDone }: { ids: string[]; row?: Row; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const limit = row && row.accountNumber !== '' && row.accountNumber !== undefined ? Number(row.accountNumber) : -1;
  return (
    <FormDialog<{ accountNumber: number; expireTime?: dayjs.Dayjs | null }>
      open
      title={t('system.tenant.setting')}
      initialValues={{ accountNumber: limit, expireTime: row?.expireTime ? dayjs(String(row.expireTime)) : null }}
      onClose={onClose}
      onSubmit={async (v) => {
        await http.post('/api/blade-system/tenant/setting', {
          data: { ids: ids.join(','), accountNumber: v.accountNumber ?? -1, expireTime: v.expireTime ? v.expireTime.format('YYYY-MM-DD HH:mm:ss') : '' },
        });
        onDone();
      }}
    >
      <Form.Item name="accountNumber" label={t('system.tenant.accountNumber')} extra={t('system.tenant.accountNumberHint')} rules={[{ required: true, message: t('system.tenant.accountNumberRequired') }]}>
        <InputNumber min={-1} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="expireTime" label={t('system.tenant.expireTime')} extra={t('system.tenant.expireTimeHint')}>
        <DatePicker showTime style={{ width: '100%' }} />
      </Form.Item>
    </FormDialog>
  );
}

function PackageDialog({ row, onClose, onDone }: { row: Row; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const tenantId = String(row.tenantId ?? '');
  const packages = useQuery({
    queryKey: ['options', '/api/blade-system/tenant-package/select'],
    queryFn: () => http.get<{ id: string; packageName: string }[]>('/api/blade-system/tenant-package/select'),
  });
  const current = useQuery({
    queryKey: ['tenant-package-detail', tenantId],
    queryFn: () => http.get<{ id?: string }>('/api/blade-system/tenant/package-detail', { params: { tenantId } }),
    gcTime: 0,
  });
  return (
    <FormDialog<{ packageId?: string }>
      open
      title={t('system.tenant.package')}
      initialValues={current.isPending ? undefined : { packageId: current.data?.id || undefined }}
      onClose={onClose}
      onSubmit={async (v) => {
        await http.post('/api/blade-system/tenant/package-setting', { params: { tenantId, packageId: v.packageId ?? '' } });
        onDone();
      }}
    >
      <Form.Item name="packageId" label={t('system.tenant.packageName')} extra={t('system.tenant.packageHint')}>
        <Select
          allowClear
          loading={packages.isPending}
          options={(packages.data ?? []).map((p) => ({ value: p.id, label: p.packageName }))}
          placeholder={t('system.tenant.packageName')}
        />
      </Form.Item>
    </FormDialog>
  );
}

function DatasourceDialog({ row, onClose, onDone }: { row: Row; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const tenantId = String(row.tenantId ?? '');
  const sources = useQuery({
    queryKey: ['options', '/api/blade-develop/datasource/select'],
    queryFn: () => http.get<{ id: string; name: string }[]>('/api/blade-develop/datasource/select'),
  });
  return (
    <FormDialog<{ datasourceId?: string }>
      open
      title={t('system.tenant.datasource')}
      initialValues={{}}
      onClose={onClose}
      onSubmit={async (v) => {
        await http.post('/api/blade-system/tenant/datasource', { params: { tenantId, datasourceId: v.datasourceId ?? '' } });
        onDone();
      }}
    >
      <Form.Item name="datasourceId" label={t('system.tenant.datasourceName')}>
        <Select
          allowClear
          loading={sources.isPending}
          options={(Array.isArray(sources.data) ? sources.data : []).map((p) => ({ value: p.id, label: p.name }))}
          placeholder={t('system.tenant.datasourceName')}
        />
      </Form.Item>
    </FormDialog>
  );
}
