/** The alarm drawer's "station contacts": the operation company (agent), the operator and the owner, with phone and email. */
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStationContacts } from './api';

export function StationContacts({ alarmId, hasStation }: { alarmId: string; hasStation: boolean }) {
  const { t } = useTranslation();
  const q = useStationContacts(alarmId, hasStation);
  const c = q.data;
  if (!hasStation || !c) return null;
  const person = (name: string | null, phone: string | null, email?: string | null) =>
    name || phone || email ? [name, phone && `${t('alarm.contacts.phone')} ${phone}`, email && `${t('alarm.contacts.email')} ${email}`].filter(Boolean).join(' · ') : t('alarm.contacts.unknown');
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      style={{ marginTop: 12 }}
      title={t('alarm.contacts.title')}
      data-testid="alarm-contacts"
      items={[
        { key: 'agent', label: t('alarm.contacts.agent'), children: c.agentCompanyName ?? t('alarm.contacts.unknown') },
        { key: 'operator', label: t('alarm.contacts.operator'), children: person(c.operationUserName, c.operationUserPhone, c.operationUserEmail) },
        { key: 'owner', label: t('alarm.contacts.owner'), children: person(c.ownerName, c.ownerPhone) },
      ]}
    />
  );
}
