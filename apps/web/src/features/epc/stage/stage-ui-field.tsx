/**
 * The field stages' additions to the stage panel (issue 19; stage-ui.ts): the EHS submission shows the site and the
 * phone's distance to it and reads the location before its submit (field/ehs-before.ts: refused beyond 2 km); the
 * survey review and the verifications show the reviewer's sub-node statuses (field/sub-nodes.tsx) above the submitted form; the QC
 * submission's serial rows pick from the order's shipped serials (field/qc-panel.tsx, serial-picker.tsx).
 */
import { ehsBeforeCall } from '../field/ehs-before';
import { EhsSite } from '../field/ehs-site';
import { QcPanel } from '../field/qc-panel';
import { SubNodeReview } from '../field/sub-nodes';
import type { OrderDetail, StageUi } from './stage-ui-types';

type Props = { detail: OrderDetail; onChanged: () => void };

export const FIELD_UI: Record<string, StageUi> = {
  survey_review: { Extra: ({ detail, onChanged }: Props) => <SubNodeReview detail={detail} kind="survey" onChanged={onChanged} /> },
  ehs_submission: { Extra: ({ detail }: Props) => <EhsSite detail={detail} />, beforeCall: ehsBeforeCall },
  ehs_verification: {
    Extra: ({ detail, onChanged }: Props) => (
      <>
        <EhsSite detail={detail} measuring={false} />
        <SubNodeReview detail={detail} kind="ehs" onChanged={onChanged} />
      </>
    ),
  },
  // The installer order's QC (its serial rows); a maintenance order's repair QC is another form.
  qc_submission: { Extra: QcPanel, form: 'qc' },
  qc_verification: { Extra: ({ detail, onChanged }: Props) => <SubNodeReview detail={detail} kind="qc" onChanged={onChanged} /> },
};
