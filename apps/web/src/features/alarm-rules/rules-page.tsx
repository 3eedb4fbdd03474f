/**
 * Alarm rules (`/alarm/rule`, page code `alarm_rule`; issue 14): the alarm catalogue — every definition by device
 * type and code, filtered, and edited by platform users (severity, category, names, cause, remedy, threshold rule) —
 * and a device's own thresholds (find it by SN, set or remove its overrides of its type's rules).
 */
import { useState } from 'react';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { CatalogueTab } from './catalogue-tab';
import { DeviceTab } from './device-tab';

export function AlarmRulesPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('catalogue');
  return (
    <Card className="helio-alarm-rules-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'catalogue', label: t('alarmRules.tab.catalogue'), children: <CatalogueTab /> },
          { key: 'device', label: t('alarmRules.tab.device'), children: <DeviceTab /> },
        ]}
      />
    </Card>
  );
}
