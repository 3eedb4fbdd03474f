/**
 * A settings command's state, live (issue 15): the command detail is read again until the state is final, then the
 * device's form, log and versions are read again. "Verified" once Helio read the values back and they matched.
 */
import { useEffect } from 'react';
import { Alert, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '@/core/http/endpoint';
import { commandDetail } from '@helio/contracts/modules/settings/settings.api';

export const FINAL_STATES = ['succeeded', 'failed', 'timed_out', 'expired', 'rejected'];

const COLOR: Record<string, string> = {
  pending_approval: 'orange',
  queued: 'default',
  sent: 'processing',
  delivered: 'processing',
  succeeded: 'success',
  failed: 'error',
  timed_out: 'error',
  expired: 'warning',
  rejected: 'error',
};

/** A command state as a coloured tag. */
export function CommandStateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Tag color={COLOR[state] ?? 'default'}>{t(`station.remote.state.${state}`, { defaultValue: state })}</Tag>;
}

/** Verified (read back and matched), not verified, or nothing yet. */
export function VerifiedTag({ verified }: { verified: number | null }) {
  const { t } = useTranslation();
  if (verified === null) return null;
  return <Tag color={verified ? 'success' : 'error'}>{t(verified ? 'station.remote.verified' : 'station.remote.notVerified')}</Tag>;
}

/** One issued command, followed until it ends. */
export function CommandStatus({ id, names = {} }: { id: string; names?: Record<string, string> }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const q = useQuery({
    queryKey: ['settings-command', id],
    queryFn: () => callEndpoint(commandDetail, { id }),
    // Live: twice a second while the device is at it, every few seconds while a second person has to approve.
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state && FINAL_STATES.includes(state) ? false : state === 'pending_approval' ? 3000 : 500;
    },
  });
  const c = q.data;
  const done = c ? FINAL_STATES.includes(c.state) : false;
  useEffect(() => {
    if (done) void client.invalidateQueries({ queryKey: ['endpoint'] });
  }, [done, client]);
  if (!c) return null;
  const items = Object.entries(c.items)
    .map(([k, v]) => `${c.itemNames[k] ?? names[k] ?? k} = ${String(v)}`)
    .join(', ');
  return (
    <Alert
      data-testid="settings-command"
      role="status"
      type={c.state === 'succeeded' ? (c.verified === 0 ? 'warning' : 'success') : done ? 'error' : 'info'}
      message={
        <Space wrap>
          <Typography.Text>{t('station.remote.command')}</Typography.Text>
          <CommandStateTag state={c.state} />
          <VerifiedTag verified={c.verified} />
          <Typography.Text type="secondary">{items}</Typography.Text>
        </Space>
      }
      description={
        c.state === 'pending_approval'
          ? t('station.remote.waitsForApproval')
          : c.reason && done && c.state !== 'succeeded'
            ? t('station.remote.reason', { reason: c.reason })
            : undefined
      }
    />
  );
}
