/**
 * The device pages' remote-settings tabs (issue 15, spec §2): the inverter's advanced settings (run mode,
 * maintenance, power limit, grid parameters, battery, load, generator, other) and the guardian's thresholds, gate
 * position and protection commands — each generated from the server's form of the device — with the device's
 * history (operation log, versions) and the grid-code commands waiting for approval.
 */
import { useState } from 'react';
import type { ReactNode } from 'react';
import { Card, Modal, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Endpoint } from '@helio/contracts/api/endpoint';
import { useEndpoint } from '@/core/http/endpoint';
import { commonSetupQueryAll, guardianAlarmSetup, guardianGateSetup } from '@helio/contracts/modules/settings/settings.api';
import { DEVICE_BASE, useGet } from './api';
import type { DeviceKind } from './api';
import type { DeviceHead } from './device-common';
import { SettingsForm } from './settings-form';
import type { DeviceForm, IssuedCommand } from './settings-form';
import { CommandStatus } from './settings-status';
import { OperationLog, PendingApprovals, SettingsVersions } from './settings-history';

/** The SN of device `id` (the detail head the page already read). */
function useDeviceSn(kind: DeviceKind, id: string): string | undefined {
  return useGet<DeviceHead>(`${DEVICE_BASE[kind]}/detail`, { id }).data?.deviceSn;
}

const CODES = {
  inverter: { issue: 'inverter_issue', setting: 'inverter_setting' },
  guardian: { issue: 'guardian_issue', setting: 'guardian_setting' },
} as const;

function FormOf({ endpoint, sn, kind }: { endpoint: Endpoint; sn: string; kind: 'inverter' | 'guardian' }) {
  const q = useEndpoint(endpoint as typeof commonSetupQueryAll, { deviceSn: sn });
  const [issued, setIssued] = useState<IssuedCommand[]>([]);
  const [tab, setTab] = useState<string>();
  // The protection commands' confirm lives here: the form starts again with each settings version.
  const [modal, holder] = Modal.useModal();
  const data = q.data as DeviceForm | undefined;
  if (!data) return <Card size="small" loading bordered={false} />;
  const names = Object.fromEntries(data.groups.flatMap((g) => g.items.map((i) => [i.key, i.name])));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {holder}
      {/* Remounted with each version so the fields start from the values the device now holds. */}
      <SettingsForm key={`${data.deviceSn}-${data.settingsVersion}`} form={data} issueCode={CODES[kind].issue} onIssued={(c) => setIssued((all) => [...c, ...all])} tab={tab} onTab={setTab} modal={modal} />
      {issued.map((c) => (
        <CommandStatus key={c.id} id={c.id} names={names} />
      ))}
    </Space>
  );
}

/** History of one device: operation log, versions (restore), pending approvals. */
export function SettingsHistory({ kind, sn }: { kind: 'inverter' | 'guardian'; sn: string }) {
  const { t } = useTranslation();
  return (
    <Tabs
      size="small"
      items={[
        { key: 'log', label: t('station.remote.operationLog'), children: <OperationLog sn={sn} /> },
        { key: 'versions', label: t('station.remote.versions'), children: <SettingsVersions sn={sn} issueCode={CODES[kind].issue} /> },
        { key: 'approvals', label: t('station.remote.approvals'), children: <PendingApprovals sn={sn} approveCode={CODES[kind].setting} /> },
      ]}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </section>
  );
}

/**
 * The inverter's advanced-settings tab: every setting item of its model (mode and advanced) by group, then its
 * history; `reported` (what the device last reported of its parameters) below, read-only.
 */
export function InverterSettingsTab({ id, reported }: { id: string; reported?: ReactNode }) {
  const { t } = useTranslation();
  const sn = useDeviceSn('inverter', id);
  if (!sn) return <Card size="small" loading bordered={false} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={16}>
      <Section title={t('station.remote.title')}>
        <FormOf endpoint={commonSetupQueryAll} sn={sn} kind="inverter" />
      </Section>
      <Section title={t('station.remote.history')}>
        <SettingsHistory kind="inverter" sn={sn} />
      </Section>
      {reported && <Section title={t('station.remote.reported')}>{reported}</Section>}
    </Space>
  );
}

/** A guardian's setting tab: `part` alarm thresholds or gate position and protection commands. */
export function GuardianSettingsTab({ id, part }: { id: string; part: 'alarm' | 'gate' }) {
  const sn = useDeviceSn('guardian', id);
  if (!sn) return <Card size="small" loading bordered={false} />;
  return <FormOf endpoint={part === 'alarm' ? guardianAlarmSetup : guardianGateSetup} sn={sn} kind="guardian" />;
}

/** A guardian's settings history tab. */
export function GuardianSettingsHistoryTab({ id }: { id: string }) {
  const sn = useDeviceSn('guardian', id);
  if (!sn) return <Card size="small" loading bordered={false} />;
  return <SettingsHistory kind="guardian" sn={sn} />;
}
