/**
 * The reviewer's sub-node statuses of a field submission (issue 19; spec §7 "EHS examine… status commit", "QC
 * sub-node save status"): one row per item of the submitted form (its top-level fields) marked pass or fail, a failed
 * item with a note saying what failed; saved with `survey/saveSubNodeApprovalStatus` (a maintenance order's
 * `maintain/surveyReview/saveSubNodeApprovalStatus`), `ehsVerification/ehsExamineNodeStatusCommit` or
 * `qcSubmission/saveSubNodeApprovalStatus` (the stage stays; the order's version moves, so the page reloads). The
 * stage panel's approve and reject decide the stage. Read-only for those who cannot decide.
 */
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, List, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataOf } from '@helio/contracts/api/endpoint';
import { ehsExamine, ehsInfo, qcDetail, qcSubNodeStatus, surveyNodes } from '@helio/contracts/modules/epc/order.field.api';
import { ehsForm, qcForm, surveyForm } from '@helio/contracts/modules/epc/order.forms';
import type { FormDef } from '@helio/contracts/process/types';
import { toast } from '@/core/notify';
import { formFields, labelKey } from '@/core/stage/schema-model';
import { endpointOf, processOf, useOrderEndpoint } from '../process';
import { callEndpoint } from '../stage/stage-call';
import type { OrderDetail } from '../stage/stage-ui-types';
import { useStepErrors } from '../stage/use-step-errors';

type Nodes = DataOf<typeof ehsInfo>['nodes'];
type Status = { status?: 'pass' | 'fail'; note?: string };

export type NodesKind = 'survey' | 'ehs' | 'qc';
const SUBMISSION: Record<NodesKind, { stage: string; form: FormDef }> = {
  survey: { stage: 'survey', form: surveyForm },
  ehs: { stage: 'ehs_submission', form: ehsForm },
  qc: { stage: 'qc_submission', form: qcForm },
};
/** The reviewed form: the order definition's form of the submission stage (a maintenance order's diagnosis and repair QC too). */
const formOf = (kind: NodesKind, process: string | null | undefined): FormDef => processOf(process).formOf(SUBMISSION[kind].stage) ?? SUBMISSION[kind].form;
/** What the server records with the location: shown with it, not reviewed on its own. */
const NOT_ITEMS = new Set(['accuracy', 'distanceKm']);

/** Item key → status of the reviewed items only; the first item failed without a note (undefined: none). */
export function nodesToSend(state: Record<string, Status>): { nodes: Nodes; missingNote?: string } {
  const nodes: Nodes = {};
  for (const [key, s] of Object.entries(state)) {
    if (!s.status) continue;
    const note = s.note?.trim();
    if (s.status === 'fail' && !note) return { nodes, missingNote: key };
    nodes[key] = { status: s.status, ...(note ? { note } : {}) };
  }
  return { nodes };
}

export function SubNodeReview({ detail, kind, onChanged }: { detail: OrderDetail; kind: NodesKind; onChanged: () => void }) {
  const orderId = detail.order.id;
  const process = detail.order.process;
  const ehs = useOrderEndpoint(process, ehsInfo, { orderId }, { enabled: kind === 'ehs' });
  const qc = useOrderEndpoint(process, qcDetail, { orderId }, { enabled: kind === 'qc' });
  // The survey's statuses are part of the order's data (the page reloads it after a save).
  const loaded = kind === 'ehs' ? ehs.data : kind === 'qc' ? qc.data : { nodes: (detail.data.surveyNodes ?? {}) as Nodes };
  // Keyed by the stored statuses: a reload (after saving) starts from what the server holds.
  return loaded ? <Review key={JSON.stringify(loaded.nodes)} detail={detail} kind={kind} stored={loaded.nodes} onChanged={onChanged} /> : null;
}

function Review({ detail, kind, stored, onChanged }: { detail: OrderDetail; kind: NodesKind; stored: Nodes; onChanged: () => void }) {
  const { t } = useTranslation();
  const process = detail.order.process;
  const reviewed = formOf(kind, process);
  const items = useMemo(() => formFields(reviewed.schema).filter((n) => !NOT_ITEMS.has(n.key)), [reviewed]);
  const [state, setState] = useState<Record<string, Status>>(() => ({ ...stored }));
  const [busy, setBusy] = useState(false);
  const { handle, modalHolder } = useStepErrors(undefined, undefined, onChanged);
  const client = useQueryClient();
  const editable = detail.actions.includes('approve');
  const labelOf = (key: string) => {
    const node = items.find((n) => n.key === key);
    return node ? t(labelKey(`epc-stage.form.${reviewed.key}`, node)) : key;
  };
  const counts = items.reduce((c, n) => ({ ...c, [state[n.key]?.status ?? 'open']: (c[state[n.key]?.status ?? 'open'] ?? 0) + 1 }), {} as Record<string, number>);
  const set = (key: string, s: Status) => setState((prev) => ({ ...prev, [key]: { ...prev[key], ...s } }));
  const save = async () => {
    const { nodes, missingNote } = nodesToSend(state);
    if (missingNote) {
      toast.error(t('epc-field.nodes.failNote', { item: labelOf(missingNote) }));
      return;
    }
    setBusy(true);
    try {
      const body = { orderId: detail.order.id, version: detail.order.version, nodes };
      await callEndpoint(kind === 'ehs' ? ehsExamine : kind === 'qc' ? qcSubNodeStatus : surveyNodes, { process }, body);
      toast.success(t('epc-field.nodes.saved'));
      // The stored statuses are read again next time (the order's version does not move).
      if (kind !== 'survey') void client.invalidateQueries({ queryKey: ['endpoint', endpointOf(process, kind === 'ehs' ? ehsInfo : qcDetail).url] });
      onChanged();
    } catch (e) {
      handle(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title={t('epc-field.nodes.title')} style={{ marginBottom: 16 }} data-testid={`sub-nodes-${kind}`}>
      {modalHolder}
      {editable && <Typography.Paragraph>{t('epc-field.nodes.hint')}</Typography.Paragraph>}
      <List
        size="small"
        dataSource={items}
        renderItem={(n) => {
          const s = state[n.key] ?? {};
          const label = labelOf(n.key);
          return (
            <List.Item key={n.key} data-testid={`sub-node-${n.key}`}>
              <Space direction="vertical" style={{ width: '100%' }} size={4}>
                <Space wrap>
                  <Typography.Text strong>{label}</Typography.Text>
                  <Radio.Group
                    optionType="button"
                    buttonStyle="solid"
                    size="small"
                    disabled={!editable || busy}
                    value={s.status}
                    aria-label={label}
                    onChange={(e) => set(n.key, { status: e.target.value as 'pass' | 'fail' })}
                    options={[
                      { value: 'pass', label: t('epc-field.nodes.pass') },
                      { value: 'fail', label: t('epc-field.nodes.fail') },
                    ]}
                  />
                </Space>
                {(s.status === 'fail' || s.note) && (
                  <Input
                    size="small"
                    maxLength={500}
                    disabled={!editable || busy}
                    value={s.note}
                    aria-label={t('epc-field.nodes.note', { item: label })}
                    placeholder={t('epc-field.nodes.notePlaceholder')}
                    onChange={(e) => set(n.key, { note: e.target.value })}
                  />
                )}
              </Space>
            </List.Item>
          );
        }}
      />
      <Space wrap style={{ marginTop: 8 }}>
        <Typography.Text data-testid="sub-nodes-summary">
          {t('epc-field.nodes.summary', { pass: counts.pass ?? 0, fail: counts.fail ?? 0, open: counts.open ?? 0 })}
        </Typography.Text>
        {editable && (
          <Button onClick={() => void save()} loading={busy} data-testid="sub-nodes-save">
            {t('epc-field.nodes.save')}
          </Button>
        )}
      </Space>
    </Card>
  );
}
