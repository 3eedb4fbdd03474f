/** OTA packages: the list and a dialog that uploads the one firmware file (SHA-256 from the server) and saves. */
import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table, Typography, Upload } from 'antd';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast } from '@/core/notify';
import { usePermission } from '@/core/permission/permission-store';
import { removePackages, savePackage, uploadFirmware, useInvalidateOta, useOtaDicts, usePackages, type PackageRow, type UploadedFile } from './api';

function dictLabel(items: { dictKey: string; dictValue: string }[], key: unknown): string {
  return items.find((i) => i.dictKey === String(key))?.dictValue ?? String(key ?? '');
}

export function PackagesTab() {
  const { t } = useTranslation();
  const { has } = usePermission();
  const [current, setCurrent] = useState(1);
  const [open, setOpen] = useState<PackageRow | 'new' | null>(null);
  const list = usePackages(current);
  const invalidate = useInvalidateOta();
  const { deviceTypes, firmwareTypes, statuses } = useOtaDicts();

  const columns = [
    { title: t('ota.field.firmwareVersion'), dataIndex: 'firmwareVersion' },
    { title: t('ota.field.deviceType'), dataIndex: 'deviceType', render: (v: number) => dictLabel(deviceTypes, v) },
    { title: t('ota.field.firmwareType'), dataIndex: 'firmwareType', render: (v: number) => dictLabel(firmwareTypes, v) },
    { title: t('ota.field.versionStatus'), dataIndex: 'versionStatus', render: (v: number) => dictLabel(statuses, v) },
    { title: t('ota.field.fileName'), dataIndex: 'fileName' },
    { title: t('ota.field.fileSize'), dataIndex: 'fileSize' },
    { title: t('ota.field.sha256'), dataIndex: 'fileSha256', render: (v: string | null) => (v ? <Typography.Text copyable={{ text: v }} title={v}>{`${v.slice(0, 12)}…`}</Typography.Text> : '') },
    { title: t('ota.field.uploadTime'), dataIndex: 'uploadTime' },
    {
      title: t('ota.actions'),
      key: 'actions',
      render: (_: unknown, row: PackageRow) => (
        <Space size={0}>
          {has('ota_edit') ? <Button type="link" onClick={() => setOpen(row)}>{t('ota.edit')}</Button> : null}
          {has('ota_delete') ? (
            <Popconfirm title={t('ota.removeConfirm')} onConfirm={async () => { await removePackages([row.id]); toast.success(t('ota.removed')); await invalidate(); }}>
              <Button type="link" danger>{t('ota.remove')}</Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {has('ota_add') ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen('new')}>
          {t('ota.addPackage')}
        </Button>
      ) : null}
      <Table<PackageRow>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        columns={columns}
        pagination={{ current, total: list.data?.total ?? 0, pageSize: 10, onChange: setCurrent }}
      />
      {open ? <PackageDialog row={open === 'new' ? undefined : open} onClose={() => setOpen(null)} onSaved={invalidate} /> : null}
    </Space>
  );
}

function PackageDialog({ row, onClose, onSaved }: { row: PackageRow | undefined; onClose(): void; onSaved(): Promise<void> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  // Editing keeps the stored file unless another is uploaded.
  const [file, setFile] = useState<UploadedFile | null>(
    row?.fileId ? { fileId: row.fileId, fileName: row.fileName ?? '', fileSize: row.fileSize ?? 0, sha256: row.fileSha256 ?? '' } as UploadedFile : null,
  );
  const [busy, setBusy] = useState(false);
  const options = (items: { dictKey: string; dictValue: string }[]) => items.map((i) => ({ value: Number(i.dictKey), label: i.dictValue }));
  const { deviceTypes, firmwareTypes, statuses } = useOtaDicts();

  const submit = async () => {
    const values = await form.validateFields();
    if (!file) {
      toast.error(t('ota.fileRequired'));
      return;
    }
    setBusy(true);
    try {
      await savePackage({ ...(row ? { id: row.id } : {}), ...values, forceUpdate: values.forceUpdate ? 1 : 0, fileId: file.fileId });
      toast.success(t('ota.saved'));
      await onSaved();
      onClose();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open title={row ? t('ota.editPackage') : t('ota.addPackage')} onCancel={onClose} onOk={submit} confirmLoading={busy} okText={t('ota.save')} cancelText={t('ota.cancel')} maskClosable={false} width={640}>
      <Form form={form} layout="vertical" initialValues={row ? { ...row, forceUpdate: row.forceUpdate === 1 } : { deviceType: 1, firmwareType: 1, versionStatus: 1, forceUpdate: false }}>
        <Form.Item name="company" label={t('ota.field.company')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="deviceType" label={t('ota.field.deviceType')} rules={[{ required: true }]}>
          <Select options={options(deviceTypes)} />
        </Form.Item>
        <Form.Item name="firmwareType" label={t('ota.field.firmwareType')} rules={[{ required: true }]}>
          <Select options={options(firmwareTypes)} />
        </Form.Item>
        <Form.Item name="firmwareVersion" label={t('ota.field.firmwareVersion')} rules={[{ required: true, pattern: /^[A-Za-z0-9._-]{1,32}$/, message: t('ota.versionRule') }]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="versionStatus" label={t('ota.field.versionStatus')} rules={[{ required: true }]}>
          <Select options={options(statuses)} />
        </Form.Item>
        <Form.Item name="inverterModel" label={t('ota.field.inverterModel')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="firmwareBatch" label={t('ota.field.firmwareBatch')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="cdnUrl" label={t('ota.field.cdnUrl')} rules={[{ pattern: /^https?:\/\/\S+$/, message: t('ota.urlRule') }]}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="versionInfo" label={t('ota.field.versionInfo')}>
          <Input.TextArea maxLength={1000} rows={2} />
        </Form.Item>
        <Form.Item name="remark" label={t('ota.field.remark')}>
          <Input.TextArea maxLength={255} rows={2} />
        </Form.Item>
        <Form.Item name="forceUpdate" label={t('ota.field.forceUpdate')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item label={t('ota.field.file')} required extra={file ? <span data-testid="ota-uploaded-file">{`${file.fileName} · ${file.fileSize} B · SHA-256 ${file.sha256}`}</span> : t('ota.fileHint')}>
          <Upload
            maxCount={1}
            showUploadList={false}
            beforeUpload={async (f) => {
              setBusy(true);
              try {
                setFile(await uploadFirmware(f));
              } finally {
                setBusy(false);
              }
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy}>
              {t('ota.upload')}
            </Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
