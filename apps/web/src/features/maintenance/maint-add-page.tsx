/**
 * `/epc/maintenance/add`: a call-in. The look-up finds the installed site (site-lookup.tsx); taking one fills the
 * call-in form (call-in-form.tsx) with its owner, address, station, installation order, agent, warranty end and
 * device — and with the installation order's customer data when the caller may read it — and lists its maintenance
 * history. `?alarmId=` starts from an alarm: its device, station, time and text, the site of its device looked up,
 * and the alarm sent with the call-in. On create, the order's detail.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Card, Form, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { alarmLogDetail } from '@helio/contracts/modules/alarm/alarm.api';
import { baseOrderInfo } from '@helio/contracts/modules/epc/order.api';
import { http } from '@/core/http/http';
import { useOrderRefresh } from '@/features/epc/api';
import { MAINT_LIST, maintDetailPath, type Site } from './api';
import { CallInForm } from './call-in-form';
import { alarmValues, contactOf, siteValues, type Alarm } from './prefill';
import { lookUp, SiteLookup } from './site-lookup';

const silentGet = <T,>(url: string, params: Record<string, string>) => http.request<{ data: T }>(url, { method: 'GET', params, silent: true }).then((r) => r.data);

/** The alarm a call-in starts from (null when the caller may not read it: the call-in still names it). */
function useAlarm(alarmId: string | null) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['maintenance', 'alarm', alarmId, i18n.language],
    queryFn: () => silentGet<Alarm>(alarmLogDetail.url, { id: alarmId! }).catch(() => null),
    enabled: Boolean(alarmId),
    staleTime: Infinity,
  });
}

export function MaintAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useOrderRefresh();
  const alarmId = new URLSearchParams(useLocation().search).get('alarmId');
  const [form] = Form.useForm();
  const [sites, setSites] = useState<Site[]>();
  const [picked, setPicked] = useState<Site>();
  const pickSeq = useRef(0);
  const alarm = useAlarm(alarmId);
  const [initialValues] = useState(() => ({
    phoneDiallingCode: '+86',
    callInTime: dayjs().format('YYYY-MM-DD HH:mm:ss'),
    cocRequired: false,
    ...(alarmId ? { alarmId } : {}),
  }));

  const pick = async (site: Site) => {
    const seq = ++pickSeq.current;
    setPicked(site);
    const alarmSn = alarmId ? (form.getFieldValue('deviceSn') as string | undefined) : undefined;
    const fromSite = siteValues(site, alarmSn || undefined);
    form.setFieldsValue(fromSite);
    if (!site.installOrderId) return;
    // The installation's own customer data (structured address, e-mail, project type), when the caller may read it.
    const order = await silentGet<{ data: Record<string, unknown> }>(baseOrderInfo.url, { orderId: site.installOrderId }).catch(() => null);
    if (order && seq === pickSeq.current) form.setFieldsValue({ ...contactOf(order.data.customer), ...fromSite });
  };

  // From an alarm: its values into the form, then its device's site looked up (taken at once when it is the only one).
  const loadedAlarm = alarm.data;
  useEffect(() => {
    if (!alarmId || !loadedAlarm) return;
    form.setFieldsValue(alarmValues(loadedAlarm, alarmId));
    if (!loadedAlarm.deviceSn) return;
    let live = true;
    lookUp('sn', loadedAlarm.deviceSn)
      .then((found) => {
        if (!live || !found) return;
        setSites(found);
        if (found.length === 1) void pick(found[0]!);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // `pick` reads the form and the state setters only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [alarmId, loadedAlarm, form]);

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>{t('maintenance.route.add')}</h2>} data-testid="maint-add-page">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {alarmId && (
          <Alert
            type="info"
            showIcon
            data-testid="call-in-alarm"
            message={
              loadedAlarm
                ? t('maintenance.alarm.from', { name: loadedAlarm.alarmName, sn: loadedAlarm.deviceSn, time: loadedAlarm.triggerTime ?? '–' })
                : t('maintenance.alarm.fromId', { id: alarmId })
            }
          />
        )}
        <SiteLookup sites={sites} onSites={setSites} picked={picked} onPick={(s) => void pick(s)} />
        <CallInForm
          form={form}
          site={picked}
          initialValues={initialValues}
          onCreated={(id) => {
            void refresh();
            void navigate(maintDetailPath(id), { replace: true });
          }}
          onCancel={() => void navigate(MAINT_LIST)}
        />
      </Space>
    </Card>
  );
}
