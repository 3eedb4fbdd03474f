/**
 * One alarm in a drawer: what it is (name, severity, device, value, times, cause and remedy), the handling form
 * (`alarmLogOperationRecord/save`: handling status from the dictionary, a follow-up record of at most 1000
 * characters, photos, an assignee) for users with `alarm_handle`, and the handling history as a timeline with each
 * record's photos (record-photos.tsx).
 */
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Button, Descriptions, Divider, Drawer, Empty, Form, Input, Select, Skeleton, Space, Timeline, Typography, theme } from 'antd';
import type { SelectProps, UploadFile } from 'antd';
import { useTranslation } from 'react-i18next';
import { ALARM_RECORD_CONTENT_MAX, ALARM_RECORD_RULES, alarmRecordSave } from '@helio/contracts/modules/alarm/alarm.api';
import { useSessionStore } from '@/core/auth/session-store';
import { antdRules } from '@/core/crud/rules';
import { callEndpoint } from '@/core/http/endpoint';
import { toast } from '@/core/notify';
import { usePermission } from '@/core/permission/permission-store';
import { holdsPage, useAlarm, useAlarmRecords, useInvalidateAlarms, useUserOptions } from './api';
import type { AlarmRecord, AlarmRow, Option } from './api';
import type { AlarmDicts } from './tags';
import { StationContacts } from './contacts';
import { MaintenanceLink } from './maintenance-link';
import { PHOTO_MB, PHOTOS_MAX, PhotoUpload, RecordPhotos, photoIds, uploading } from './record-photos';

/** Longest follow-up record the server takes (contracts `alarmRecordSave`). */
export const CONTENT_MAX = ALARM_RECORD_CONTENT_MAX;

export const HANDLE_RULES = ALARM_RECORD_RULES;

/**
 * A select inside a required form item: antd puts `aria-required` on the select's outer box, which has no role that
 * allows it (axe: aria-allowed-attr); the required mark and the rule stay.
 */
function RequiredSelect({ 'aria-required': _required, ...props }: SelectProps & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}

interface HandleValues {
  handleStatus?: string;
  content?: string;
  assigneeId?: string | null;
  photos?: UploadFile[];
}

export function AlarmDrawer({ id, canHandle, dicts, onClose }: { id: string | undefined; canHandle: boolean; dicts: AlarmDicts; onClose(): void }) {
  const { t } = useTranslation();
  const alarm = useAlarm(id);
  const a = alarm.data;
  return (
    <Drawer
      open={Boolean(id)}
      onClose={(e) => {
        // Escape with a photo open large closes the photo only: until the preview has taken the focus (a moment after
        // it opens) the key reaches the drawer too.
        const previewOpen = [...document.querySelectorAll('.ant-image-preview-wrap')].some((el) => el.getClientRects().length > 0);
        if (e?.type === 'keydown' && previewOpen) {
          // The drawer took the key (and stopped it): hand it to the preview, which closes alone.
          document.querySelector<HTMLElement>('.ant-image-preview-close')?.click();
          return;
        }
        onClose();
      }}
      width="min(760px, 100vw)"
      destroyOnHidden
      title={a ? a.alarmName : t('alarm.detail')}
      data-testid="alarm-drawer"
    >
      {alarm.isError && <Alert type="error" showIcon message={t('alarm.notFound')} />}
      {!a && !alarm.isError && <Skeleton active />}
      {a && (
        <>
          <AlarmInfo a={a} dicts={dicts} />
          <MaintenanceLink alarmId={a.id} />
          <StationContacts alarmId={a.id} hasStation={Boolean(a.plantId)} />
          {canHandle && <HandleForm key={a.id} a={a} dicts={dicts} />}
          <History alarmId={a.id} dicts={dicts} />
        </>
      )}
    </Drawer>
  );
}

function AlarmInfo({ a, dicts }: { a: AlarmRow; dicts: AlarmDicts }) {
  const { t } = useTranslation();
  const items: [string, ReactNode][] = [
    [t('alarm.field.level'), dicts.tag('alarm_severity', a.level)],
    [t('alarm.field.alarmStatus'), dicts.tag('alarm_status', a.alarmStatus)],
    [t('alarm.field.category'), dicts.label('alarm_category', a.category)],
    [t('alarm.field.alarmType'), dicts.label('alarm_type', a.alarmType)],
    [t('alarm.field.alarmCode'), a.alarmCode],
    [t('alarm.field.value'), a.value ?? '-'],
    [t('alarm.field.plantName'), a.plantName ?? '-'],
    [t('alarm.field.deviceSn'), a.deviceSn],
    [t('alarm.field.deviceType'), t(`alarm.deviceType.${a.deviceType}`, { defaultValue: String(a.deviceType) })],
    [t('alarm.field.triggerTime'), a.triggerTime ?? '-'],
    [t('alarm.field.recoverTime'), a.recoverTime ?? '-'],
    [t('alarm.field.occurrences'), `${a.occurrences} · ${t('alarm.lastSeenAt', { time: a.lastSeen ?? '-' })}`],
    [t('alarm.field.ackStatus'), <Space key="ack" size={4} wrap>{dicts.tag('alarm_ack_status', a.ackStatus)}{a.ackUserName ?? ''} {a.ackTime ?? ''}</Space>],
    [t('alarm.field.handleStatus'), <Space key="handle" size={4} wrap>{dicts.tag('alarm_handle_status', a.handleStatus)}{a.handleUserName ?? ''} {a.handleTime ?? ''}</Space>],
    [t('alarm.field.assignee'), a.assigneeName ?? '-'],
  ];
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        items={items.map(([label, children], i) => ({ key: String(i), label, children }))}
      />
      <Descriptions
        size="small"
        bordered
        column={1}
        style={{ marginTop: 12 }}
        items={[
          { key: 'cause', label: t('alarm.field.description'), children: a.description ?? '-' },
          { key: 'remedy', label: t('alarm.field.solution'), children: a.solution ?? '-' },
        ]}
      />
    </>
  );
}

function HandleForm({ a, dicts }: { a: AlarmRow; dicts: AlarmDicts }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<HandleValues>();
  const { token } = theme.useToken();
  const [saving, setSaving] = useState(false);
  const [userName, setUserName] = useState('');
  const { has } = usePermission();
  const me = useSessionStore((s) => s.user);
  const invalidate = useInvalidateAlarms();
  const canUsers = holdsPage(has, 'user');
  const users = useUserOptions(userName, canUsers);

  // Who can be assigned: users of the alarm's tenant from the user list (for those who may read it), the signed-in
  // user when of the same tenant, and the present assignee.
  const assignees = useMemo(() => {
    const out = new Map<string, Option>();
    if (a.assigneeId) out.set(a.assigneeId, { value: a.assigneeId, label: a.assigneeName ?? a.assigneeId });
    if (me && me.tenant_id === a.tenantId) out.set(me.user_id, { value: me.user_id, label: me.real_name ? `${me.real_name} (${me.account})` : me.account });
    for (const u of users.data ?? []) if (!u.tenantId || u.tenantId === a.tenantId) out.set(u.value, { value: u.value, label: u.label });
    return [...out.values()];
  }, [a.assigneeId, a.assigneeName, a.tenantId, me, users.data]);

  const save = async () => {
    let values: HandleValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const photos = values.photos ?? [];
    if (uploading(photos)) {
      toast.error(t('alarm.photos.wait'));
      return;
    }
    setSaving(true);
    try {
      await callEndpoint(alarmRecordSave, undefined, {
        alarmId: a.id,
        handleStatus: Number(values.handleStatus),
        ...(values.content?.trim() ? { content: values.content.trim() } : {}),
        assigneeId: values.assigneeId ?? null,
        // Only when there are some: the body stays the one Blade clients send.
        ...(photoIds(photos).length ? { photos: photoIds(photos) } : {}),
      });
      toast.success(t('alarm.handled'));
      form.setFieldsValue({ content: '', photos: [] });
      await invalidate();
    } catch {
      // The HTTP client has shown the server's message; the form keeps what was typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Divider orientation="left">{t('alarm.handleTitle')}</Divider>
      <Form
        form={form}
        name="alarmHandle"
        layout="vertical"
        disabled={saving}
        aria-label={t('alarm.handleTitle')}
        initialValues={{ handleStatus: a.handleStatus === 0 ? undefined : String(a.handleStatus), assigneeId: a.assigneeId ?? undefined, content: '', photos: [] }}
        onFinish={() => void save()}
      >
        <Space wrap align="start" style={{ width: '100%' }}>
          <Form.Item name="handleStatus" label={t('alarm.field.handleStatus')} required rules={antdRules(HANDLE_RULES.handleStatus, i18n.language)}>
            <RequiredSelect style={{ width: 200 }} options={dicts.options('alarm_handle_status')} />
          </Form.Item>
          <Form.Item name="assigneeId" label={t('alarm.field.assignee')}>
            <Select
              style={{ width: 260 }}
              allowClear
              showSearch
              filterOption={canUsers ? false : undefined}
              optionFilterProp="label"
              onSearch={canUsers ? setUserName : undefined}
              options={assignees}
            />
          </Form.Item>
        </Space>
        <Form.Item name="content" label={t('alarm.field.content')} rules={antdRules(HANDLE_RULES.content, i18n.language)}>
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            // The counter in the body text colour: antd's lighter default is below AA contrast.
            count={{ max: CONTENT_MAX, show: ({ count }) => <span style={{ color: count > CONTENT_MAX ? token.colorError : token.colorText }}>{`${count} / ${CONTENT_MAX}`}</span> }}
          />
        </Form.Item>
        <Form.Item name="photos" label={t('alarm.photos.label')} extra={t('alarm.photos.hint', { max: PHOTOS_MAX, mb: PHOTO_MB })}>
          <PhotoUpload />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('alarm.submit')}
        </Button>
      </Form>
    </>
  );
}

function History({ alarmId, dicts }: { alarmId: string; dicts: AlarmDicts }) {
  const { t } = useTranslation();
  const records = useAlarmRecords(alarmId);
  const list: AlarmRecord[] = records.data?.records ?? [];
  return (
    <>
      <Divider orientation="left">{t('alarm.history')}</Divider>
      {records.isPending ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <Empty description={t('alarm.noHistory')} />
      ) : (
        <Timeline
          data-testid="alarm-history"
          items={list.map((r) => ({
            key: r.id,
            color: r.handleStatus === 2 ? 'green' : r.handleStatus === 1 ? 'blue' : 'gray',
            children: (
              <div>
                <Space size={8} wrap>
                  <Typography.Text strong>{r.createUserName ?? '-'}</Typography.Text>
                  <Typography.Text>{r.createTime ?? ''}</Typography.Text>
                  {dicts.tag('alarm_handle_status', r.handleStatus)}
                </Space>
                {r.content && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{r.content}</Typography.Paragraph>}
                <RecordPhotos record={r} />
              </div>
            ),
          }))}
        />
      )}
    </>
  );
}
