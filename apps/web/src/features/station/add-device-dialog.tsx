import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Space, Table, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SN_PATTERN } from '@helio/contracts/validation';
import { http } from '@/core/http/http';
import { CLIENT } from './api';
import type { DeviceKind } from './api';

const KINDS: DeviceKind[] = ['inverter', 'battery', 'guardian', 'charger'];
const SN = new RegExp(SN_PATTERN);

interface Registered {
  id: string;
  deviceSn: string;
  deviceType: DeviceKind;
  secret: string;
}

interface FormValues {
  devices: { deviceType: DeviceKind; deviceSn: string }[];
}

/**
 * Register devices to a station by serial number (`plant/addDevice`): each SN must be in its factory list and unused;
 * all or none. The answer holds each device's MQTT secret, shown here once.
 */
export function AddDeviceDialog({ plantId, open, onClose, onDone }: { plantId: string; open: boolean; onClose(): void; onDone(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [registered, setRegistered] = useState<Registered[] | null>(null);

  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const devices = values.devices.map((d) => ({ deviceType: d.deviceType, deviceSn: d.deviceSn.trim() }));
      const out = await http.post<Registered[]>(`${CLIENT}/plant/addDevice`, { data: { plantId, devices } });
      setRegistered(out ?? []);
      onDone();
    } catch {
      // The http client has shown the server's message (SN unknown, in use, chosen twice); the form stays filled.
    } finally {
      setSaving(false);
    }
  };
  const close = () => {
    setRegistered(null);
    onClose();
  };

  if (registered) {
    return (
      <Modal open={open} title={t('station.addDevice.doneTitle')} onCancel={close} footer={<Button type="primary" onClick={close}>{t('station.addDevice.close')}</Button>} width={640}>
        <Alert type="warning" showIcon message={t('station.addDevice.secretOnce')} style={{ marginBottom: 12 }} />
        <Table<Registered>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={registered}
          columns={[
            { title: t('station.deviceSn'), dataIndex: 'deviceSn' },
            { title: t('station.deviceType'), dataIndex: 'deviceType', render: (k: DeviceKind) => t(`station.kind.${k}`) },
            { title: t('station.addDevice.secret'), dataIndex: 'secret', render: (s: string) => <Typography.Text code copyable>{s}</Typography.Text> },
          ]}
        />
      </Modal>
    );
  }
  return (
    <Modal
      open={open}
      title={t('station.addDevice.title')}
      onCancel={close}
      onOk={() => void save()}
      confirmLoading={saving}
      maskClosable={false}
      destroyOnHidden
      width={640}
    >
      <Typography.Paragraph type="secondary">{t('station.addDevice.hint')}</Typography.Paragraph>
      <Form<FormValues> form={form} preserve={false} initialValues={{ devices: [{ deviceType: 'inverter', deviceSn: '' }] }}>
        <Form.List
          name="devices"
          rules={[
            {
              validator: async (_, rows: FormValues['devices'] | undefined) => {
                const sns = (rows ?? []).map((r) => r?.deviceSn?.trim()).filter(Boolean);
                const twice = sns.find((sn, i) => sns.indexOf(sn) !== i);
                if (twice) throw new Error(t('station.addDevice.twice', { sn: twice }));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, i) => (
                <Space key={field.key} align="start" style={{ display: 'flex' }}>
                  <Form.Item name={[field.name, 'deviceType']} rules={[{ required: true, message: t('station.addDevice.typeRequired') }]}>
                    <Select style={{ width: 150 }} aria-label={`${t('station.deviceType')} ${i + 1}`} options={KINDS.map((k) => ({ value: k, label: t(`station.kind.${k}`) }))} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'deviceSn']}
                    rules={[
                      { required: true, whitespace: true, message: t('station.addDevice.snRequired') },
                      { pattern: SN, message: t('station.addDevice.snFormat') },
                    ]}
                  >
                    <Input style={{ width: 300 }} aria-label={`${t('station.deviceSn')} ${i + 1}`} placeholder={t('station.deviceSn')} maxLength={64} />
                  </Form.Item>
                  {fields.length > 1 && <Button type="text" aria-label={t('station.addDevice.removeRow')} icon={<MinusCircleOutlined />} onClick={() => remove(field.name)} />}
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              {fields.length < 50 && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ deviceType: 'inverter', deviceSn: '' })}>
                  {t('station.addDevice.addRow')}
                </Button>
              )}
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
