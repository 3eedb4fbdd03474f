/**
 * `/work/claim`, `/work/todo`, `/work/send`, `/work/done`: the inbox lists over one table. Claim takes a candidate
 * task; handle opens the task's own page (the leave process) or the generic dialog; detail opens the case's page or,
 * for a case without one, its flow chart; the flow chart is the shared dialog.
 */
import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { FlowChartDialog } from '@/components/flow-chart';
import { usePermission } from '@/core/permission/permission-store';
import { toast } from '@/core/notify';
import { claimTask, detailPath, handlePath, useInboxRefresh, type FlowRow, type ListName } from './api';
import { CompleteDialog } from './complete-dialog';
import { InboxTable, rowName } from './inbox-table';
import { RowLink } from './row-link';

/** The detail link (a page) or button (the flow chart) and the flow-chart button of a row. */
function CaseActions({ row, onChart }: { row: FlowRow; onChart(row: FlowRow): void }) {
  const { t } = useTranslation();
  const detail = detailPath(row);
  if (!row.processInstanceId) return null;
  return (
    <>
      {detail && (
        <RowLink to={detail} label={t('work.aria.detail', rowName(row))}>
          {t('work.action.detail')}
        </RowLink>
      )}
      <Button size="small" type="link" aria-label={t('work.aria.flowChart', rowName(row))} onClick={() => onChart(row)}>
        {t('work.action.flowChart')}
      </Button>
    </>
  );
}

function InboxPage({ list }: { list: ListName }) {
  const { t } = useTranslation();
  const { has } = usePermission();
  const refresh = useInboxRefresh();
  const [chart, setChart] = useState<FlowRow>();
  const [handling, setHandling] = useState<FlowRow>();
  const [claiming, setClaiming] = useState<string>();
  const canHandle = has(list === 'claim' ? 'work_claim_handle' : 'work_todo_handle');

  const claim = async (row: FlowRow) => {
    setClaiming(row.taskId!);
    try {
      await claimTask(row.taskId!);
      toast.success(t('work.message.claimed'));
    } catch {
      // the client has shown the server's message (e.g. claimed by someone else meanwhile)
    } finally {
      setClaiming(undefined);
      await refresh();
    }
  };

  const actions = (row: FlowRow) => {
    const handle = handlePath(row);
    return (
      <>
        {list === 'claim' && canHandle && (
          <Button size="small" type="link" loading={claiming === row.taskId} aria-label={t('work.aria.claim', rowName(row))} onClick={() => void claim(row)}>
            {t('work.action.claim')}
          </Button>
        )}
        {list === 'todo' && canHandle && handle && (
          <RowLink to={handle} label={t('work.aria.handle', rowName(row))}>
            {t('work.action.handle')}
          </RowLink>
        )}
        {list === 'todo' && canHandle && !handle && (
          <Button size="small" type="link" aria-label={t('work.aria.handle', rowName(row))} onClick={() => setHandling(row)}>
            {t('work.action.handle')}
          </Button>
        )}
        <CaseActions row={row} onChart={setChart} />
      </>
    );
  };

  return (
    <>
      <InboxTable list={list} actions={actions} testId={`work-${list}`} />
      <FlowChartDialog open={!!chart} onClose={() => setChart(undefined)} processInstanceId={chart?.processInstanceId ?? undefined} />
      {handling && <CompleteDialog row={handling} onClose={() => setHandling(undefined)} />}
    </>
  );
}

export const ClaimPage = () => <InboxPage list="claim" />;
export const TodoPage = () => <InboxPage list="todo" />;
export const SendPage = () => <InboxPage list="send" />;
export const DonePage = () => <InboxPage list="done" />;
