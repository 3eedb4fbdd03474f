/**
 * The order diagram's XML, checked against the installer order's own definition: the model parses as BPMN 2.0
 * (bpmn-moddle, the parser bpmn-js uses) without warnings, every stage is an element with its id, every transition a
 * sequence flow between the right elements, every element and flow is drawn (DI), and the marks style the right ids.
 */
import { BpmnModdle } from 'bpmn-moddle';
import { describe, expect, it } from 'vitest';
import { EPC_ORDER_PROCESS } from '@helio/contracts/modules/epc/order.process';
import { stageMarks, takenEdges } from '@helio/contracts/process/view';
import type { ProcessState } from '@helio/contracts/process/types';
import { flowKey, progressBpmn, progressMarkers, progressOf, PROGRESS_MARKERS } from './progress-bpmn';

const DEF = EPC_ORDER_PROCESS;

interface El {
  id: string;
  $type: string;
  name?: string;
  sourceRef?: El;
  targetRef?: El;
  flowElements?: El[];
  bpmnElement?: El;
  waypoint?: { x: number; y: number }[];
  bounds?: { x: number; y: number; width: number; height: number };
}

async function parse(xml: string) {
  const { rootElement, warnings } = await BpmnModdle().fromXML(xml);
  const root = rootElement as unknown as { rootElements: El[]; diagrams: { plane: { planeElement: El[] } }[] };
  const process = root.rootElements.find((e) => e.$type === 'bpmn:Process')!;
  return { warnings, elements: process.flowElements ?? [], drawn: root.diagrams[0]!.plane.planeElement };
}

describe('progressBpmn (installer order)', () => {
  const names = Object.fromEntries(DEF.stages.map((s) => [s.id, s.name.en]));
  const model = progressBpmn(DEF, { names });

  it('parses as BPMN 2.0 with every stage an element of the same id, named from the definition', async () => {
    const { warnings, elements } = await parse(model.xml);
    expect(warnings).toEqual([]);
    const byId = new Map(elements.map((e) => [e.id, e]));
    for (const st of DEF.stages) {
      const el = byId.get(st.id);
      expect(el, st.id).toBeDefined();
      expect(el!.$type).toBe(st.terminal ? 'bpmn:EndEvent' : 'bpmn:UserTask');
      expect(el!.name).toBe(st.name.en);
    }
    expect(elements.filter((e) => e.$type === 'bpmn:StartEvent').map((e) => e.id)).toEqual([model.startId]);
  });

  it('has a sequence flow for every transition, from its source to its target', async () => {
    const { elements } = await parse(model.xml);
    const flows = elements.filter((e) => e.$type === 'bpmn:SequenceFlow');
    const pairs = new Set(flows.map((f) => flowKey(f.sourceRef!.id, f.targetRef!.id)));
    expect(DEF.transitions.length).toBeGreaterThan(40);
    for (const t of DEF.transitions) expect(pairs.has(flowKey(t.from, t.to)), `${t.from} → ${t.to} (${t.action})`).toBe(true);
    expect(pairs.has(flowKey(model.startId, DEF.start))).toBe(true);
    // No flow the definition does not have (besides the start).
    const declared = new Set([...DEF.transitions.map((t) => flowKey(t.from, t.to)), flowKey(model.startId, DEF.start)]);
    for (const p of pairs) expect(declared.has(p), p).toBe(true);
    // Reject edges are told apart (the screen dashes them); the review stages' loops are there.
    const rejects = [...model.flows.values()].filter((f) => f.kind === 'reject');
    expect(rejects.map((f) => flowKey(f.from, f.to))).toEqual(expect.arrayContaining([flowKey('survey_review', 'survey'), flowKey('design', 'design')]));
    expect(rejects).toHaveLength(new Set(DEF.transitions.filter((t) => t.action === 'reject').map((t) => flowKey(t.from, t.to))).size);
  });

  it.each([6, 4, 2])('draws every element and flow (shapes with bounds, edges with waypoints), %i tasks a row', async (perRow) => {
    const { warnings, elements, drawn } = await parse(progressBpmn(DEF, { names, perRow }).xml);
    expect(warnings).toEqual([]);
    const di = new Map(drawn.map((d) => [d.bpmnElement!.id, d]));
    for (const e of elements) {
      const d = di.get(e.id);
      expect(d, e.id).toBeDefined();
      if (e.$type === 'bpmn:SequenceFlow') expect(d!.waypoint!.length, e.id).toBeGreaterThanOrEqual(2);
      else expect(d!.bounds!.width).toBeGreaterThan(0);
    }
    // The (perRow + 1)th running stage starts the second row, under the first.
    const running = DEF.stages.filter((s) => !s.terminal);
    const [a, g] = [di.get(running[0]!.id)!.bounds!, di.get(running[perRow]!.id)!.bounds!];
    expect(di.get(running[perRow - 1]!.id)!.bounds!.y).toBe(a.y);
    expect(g.x).toBe(a.x);
    expect(g.y).toBeGreaterThan(a.y + a.height);
    // A flow's ends touch its shapes' boxes.
    for (const f of elements.filter((e) => e.$type === 'bpmn:SequenceFlow')) {
      const w = di.get(f.id)!.waypoint!;
      const near = (p: { x: number; y: number }, b: { x: number; y: number; width: number; height: number }) =>
        p.x >= b.x - 1 && p.x <= b.x + b.width + 1 && p.y >= b.y - 1 && p.y <= b.y + b.height + 1;
      expect(near(w[0]!, di.get(f.sourceRef!.id)!.bounds!), `${f.id} start`).toBe(true);
      expect(near(w[w.length - 1]!, di.get(f.targetRef!.id)!.bounds!), `${f.id} end`).toBe(true);
    }
  });

  it('escapes names', async () => {
    const xml = progressBpmn(DEF, { names: { create: 'A < B & "C"' } }).xml;
    const { warnings, elements } = await parse(xml);
    expect(warnings).toEqual([]);
    expect(elements.find((e) => e.id === 'create')!.name).toBe('A < B & "C"');
  });
});

describe('progressMarkers', () => {
  const model = progressBpmn(DEF);
  const at = (d: number) => `2026-11-${String(d).padStart(2, '0')}T08:00:00.000Z`;
  const state: ProcessState = {
    process: DEF.id,
    processVersion: 1,
    stage: 'survey_review',
    subStatus: 'pending',
    inReview: false,
    version: 7,
    visits: [
      { stage: 'create', enteredAt: at(1), leftAt: at(1), leftBy: 'submit' },
      { stage: 'callout_quote', enteredAt: at(1), leftAt: at(2), leftBy: 'approve' },
      { stage: 'survey_date', enteredAt: at(2), leftAt: at(3), leftBy: 'submit' },
      { stage: 'designated_person', enteredAt: at(3), leftAt: at(3), leftBy: 'assign' },
      { stage: 'survey', enteredAt: at(3), leftAt: at(4), leftBy: 'submit' },
      { stage: 'survey_review', enteredAt: at(4), leftAt: at(5), leftBy: 'reject' },
      { stage: 'survey', enteredAt: at(5), leftAt: at(6), leftBy: 'submit' },
      { stage: 'survey_review', enteredAt: at(6) },
    ],
    pending: null,
    assignees: {},
    scope: { tenantId: '000000', companyId: '1' },
    endedAt: null,
  };

  it('styles done, current and rejected stages, taken flows, and dashes or hides the rest', () => {
    const m = progressMarkers(model, stageMarks(state), takenEdges(state));
    expect(m.get('create')).toBe(PROGRESS_MARKERS.done);
    expect(m.get('survey')).toBe(PROGRESS_MARKERS.done);
    expect(m.get('survey_review')).toBe(PROGRESS_MARKERS.current);
    expect(m.has('design')).toBe(false);
    expect(m.has('warranty_verification')).toBe(false);
    const id = (from: string, to: string) => model.flows.get(flowKey(from, to))!.id;
    expect(m.get(id('create', 'callout_quote'))).toBe(PROGRESS_MARKERS.taken);
    expect(m.get(id('survey_review', 'survey'))).toBe(PROGRESS_MARKERS.backTaken);
    expect(m.get(id('survey_review', 'survey_date'))).toBe(PROGRESS_MARKERS.back);
    expect(m.get(id('create', 'cancelled'))).toBe(PROGRESS_MARKERS.cancel);
    expect(m.has(id('survey_review', 'design'))).toBe(false);
    // A stage whose last stay ended in a reject is marked so once the order has moved on.
    const after = { ...state, stage: 'survey', visits: [...state.visits.slice(0, -1), { stage: 'survey_review', enteredAt: at(6), leftAt: at(7), leftBy: 'reject' as const }, { stage: 'survey', enteredAt: at(7) }] };
    expect(progressMarkers(model, stageMarks(after), takenEdges(after)).get('survey_review')).toBe(PROGRESS_MARKERS.rejected);
  });

  it('reads the same marks and edges off the review history as off the state', () => {
    // The history the executor writes for those visits: saves and review submits stay in their stage.
    const history = [
      { stage: 'create', toStage: 'callout_quote', action: 'submit' },
      { stage: 'callout_quote', toStage: 'callout_quote', action: 'submit' },
      { stage: 'callout_quote', toStage: 'callout_quote', action: 'reject' },
      { stage: 'callout_quote', toStage: 'callout_quote', action: 'submit' },
      { stage: 'callout_quote', toStage: 'survey_date', action: 'approve' },
      { stage: 'survey_date', toStage: 'designated_person', action: 'submit' },
      { stage: 'designated_person', toStage: 'survey', action: 'assign' },
      { stage: 'survey', toStage: 'survey', action: 'save' },
      { stage: 'survey', toStage: 'survey_review', action: 'submit' },
      { stage: 'survey_review', toStage: 'survey', action: 'reject' },
      { stage: 'survey', toStage: 'survey_review', action: 'submit' },
    ];
    const p = progressOf(DEF, 'survey_review', history);
    expect(p.marks).toEqual(stageMarks(state));
    const fromState = takenEdges(state).map((e) => flowKey(e.from, e.to));
    expect(p.taken.map((e) => flowKey(e.from, e.to))).toEqual([...fromState.slice(0, 1), flowKey('callout_quote', 'callout_quote'), ...fromState.slice(1)]);
    const m = progressMarkers(model, p.marks, p.taken);
    expect(m.get(model.flows.get(flowKey('callout_quote', 'callout_quote'))!.id)).toBe(PROGRESS_MARKERS.backTaken);
    expect(m.get(model.flows.get(flowKey('design', 'design'))!.id)).toBe(PROGRESS_MARKERS.back);
    // An ended order: its terminal stage is done, nothing current.
    const cancelled = progressOf(DEF, 'cancelled', [{ stage: 'create', toStage: 'cancelled', action: 'cancel' }]);
    expect(cancelled.marks).toEqual({ create: 'done', cancelled: 'done' });
  });
});
