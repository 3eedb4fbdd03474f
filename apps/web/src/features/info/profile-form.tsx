import { useEffect, useState } from 'react';
import { Avatar, Button, Form, Input, Skeleton, Space, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DiallingCodeSelect } from '@/components/dialling-code-select';
import { useSessionStore } from '@/core/auth/session-store';
import type { UserInfo } from '@/core/auth/types';
import { http } from '@/core/http/http';
import { STORAGE_KEYS, local } from '@/core/storage/storage';
import { EMAIL_RULE, LIMITS, PHONE_DIGITS, checkAvatar } from '@/core/validation';
import { toast } from '@/core/notify';

interface ProfileValues {
  avatar?: string;
  name?: string;
  realName?: string;
  phoneDiallingCode?: string;
  phone?: string;
  email?: string;
}

export function ProfileForm() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ProfileValues>();
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const avatar = Form.useWatch('avatar', form);

  const info = useQuery({
    queryKey: ['user-info', i18n.language],
    queryFn: () => http.get<UserInfo>('/api/blade-system/user/info'),
  });

  useEffect(() => {
    if (!info.data) return;
    const u = info.data;
    form.setFieldsValue({
      avatar: u.avatar || undefined,
      name: u.name,
      realName: u.realName,
      phoneDiallingCode: u.phoneDiallingCode || '+86',
      phone: u.phone,
      email: u.email,
    });
  }, [info.data, form]);

  const upload = async (file: File) => {
    setUploading(true);
    try {
      const body = new FormData();
      body.append('file', file);
      // `use=avatar`: the server's avatar limits (one jpg/png of at most 500 kB, checked on the content).
      const data = await http.post<{ link: string }>('/api/blade-resource/oss/endpoint/put-file', { body, params: { use: 'avatar' } });
      if (data?.link) form.setFieldValue('avatar', data.link);
    } catch {
      // The client has shown the server's message.
    } finally {
      setUploading(false);
    }
  };

  const onFinish = async (values: ProfileValues) => {
    setSaving(true);
    try {
      await http.post('/api/blade-system/user/update-info', {
        data: {
          avatar: values.avatar ?? '',
          name: values.name ?? '',
          realName: values.realName ?? '',
          phoneDiallingCode: values.phone ? (values.phoneDiallingCode ?? '') : '',
          phone: values.phone ?? '',
          email: values.email ?? '',
        },
      });
      toast.success(t('info.saved'));
      const user = useSessionStore.getState().user;
      if (user) {
        // The header shows the new avatar and name at once, and after a reload (the stored sign-in answer).
        const next = { ...user, avatar: values.avatar ?? user.avatar, nick_name: values.name || user.nick_name };
        local.set(STORAGE_KEYS.userInfo, next);
        useSessionStore.setState({ user: next });
      }
      await queryClient.invalidateQueries({ queryKey: ['user-info'] });
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  if (info.isPending) return <Skeleton active />;

  return (
    <Form<ProfileValues> form={form} layout="vertical" style={{ maxWidth: 560 }} onFinish={(v) => void onFinish(v)}>
      <Form.Item label={t('info.avatar')} extra={t('info.avatarHint')}>
        <Space align="center" size={16}>
          <Avatar size={64} src={avatar || undefined} alt={t('info.avatar')} icon={<UserOutlined />} />
          <Upload
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            showUploadList={false}
            beforeUpload={(file) => {
              const problem = checkAvatar(file);
              if (problem) {
                toast.error(t(problem === 'type' ? 'info.rule.avatarType' : 'info.rule.avatarSize'));
                return Upload.LIST_IGNORE;
              }
              void upload(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading}>
              {t('info.uploadAvatar')}
            </Button>
          </Upload>
        </Space>
      </Form.Item>
      <Form.Item name="avatar" hidden>
        <Input />
      </Form.Item>
      <Form.Item label={t('info.account')} htmlFor="helio-info-account">
        <Input id="helio-info-account" value={info.data?.account} disabled />
      </Form.Item>
      <Form.Item name="name" label={t('info.name')} rules={[{ max: LIMITS.name, message: t('info.rule.nameMax') }]}>
        <Input showCount maxLength={LIMITS.name} />
      </Form.Item>
      <Form.Item
        name="realName"
        label={t('info.realName')}
        rules={[{ max: LIMITS.realName, message: t('info.rule.realNameMax') }]}
      >
        <Input showCount maxLength={LIMITS.realName} />
      </Form.Item>
      <Form.Item label={t('common.field.phone')}>
        <Space.Compact block>
          <Form.Item name="phoneDiallingCode" noStyle>
            <DiallingCodeSelect style={{ width: 120 }} />
          </Form.Item>
          <Form.Item
            name="phone"
            noStyle
            rules={[
              { pattern: PHONE_DIGITS, message: t('info.rule.phoneDigits') },
              { max: LIMITS.phone, message: t('info.rule.phoneMax') },
            ]}
          >
            <Input inputMode="numeric" aria-label={t('common.field.phone')} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
      <Form.Item
        name="email"
        label={t('info.email')}
        rules={[{ pattern: EMAIL_RULE, message: t('info.rule.email') }]}
      >
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common.action.save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
