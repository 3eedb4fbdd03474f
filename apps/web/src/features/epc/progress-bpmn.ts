/**
 * An order's stages as BPMN 2.0 XML with its drawing (diagram interchange), for the workflow engine's diagram viewer
 * (components/flow-chart): the stage ids of the process definition are the element ids, so the progress marks of
 * `stageMarks` and the edges of `takenEdges` style the drawing directly. Pure: the definition in, a string out.
 *
 * Layout: a start event, the running stages in process order as tasks in rows of `perRow` (left to right, a row's last
 * task wraps down to the next row's first), the terminal stages as end events after the last task. Forward edges run
 * straight (or arc over the stages they skip); reject edges go back below the rows (dashed by the marker class the
 * screen gives them), a review stage's reject to itself as a loop under it. Cancel edges (every running stage to the
 * cancelled end) are in the model too, drawn down and along the right margin; the screen hides those not taken.
 */
import type { ProcessAction, ProcessDefinition, StageVisit, Transition } from '@helio/contracts/process/types';
import { stageMarks, type StageMark } from '@helio/contracts/process/view';

export interface ProgressFlow {
  id: string;
  from: string;
  to: string;
  /** forward (submit, approve, assign), reject (back), cancel (cancel or an examined cancel). */
  kind: 'forward' | 'reject' | 'cancel' | 'start';
}

export interface ProgressModel {
  xml: string;
  /** Flow id by `from>to` (one flow per pair of stages, whatever the actions that take it). */
  flows: ReadonlyMap<string, ProgressFlow>;
  startId: string;
}

export interface LayoutOptions {
  /** Tasks per row. */
  perRow?: number;
  /** Element names (stage id → text); the stage id when missing. */
  names?: Readonly<Record<string, string>>;
}

const TASK_W = 150;
const TASK_H = 64;
const COL = 210;
const ROW = 230;
const LEFT = 170;
const TOP = 70;
const EVENT = 36;
const LANE0 = 18;
const LANE_STEP = 9;

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
type Point = readonly [number, number];

export const flowKey = (from: string, to: string) => `${from}>${to}`;
const flowId = (from: string, to: string) => `Flow_${from}__${to}`;

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function kindOf(t: Transition, cancelTo: string): ProgressFlow['kind'] {
  if (t.to === cancelTo && (t.action === 'cancel' || t.action === 'examine')) return 'cancel';
  return t.action === 'reject' ? 'reject' : 'forward';
}

/** The diagram of a process definition. */
export function progressBpmn(def: ProcessDefinition, options: LayoutOptions = {}): ProgressModel {
  const perRow = Math.max(2, options.perRow ?? 6);
  const name = (id: string) => options.names?.[id] ?? id;
  const running = def.stages.filter((s) => !s.terminal).map((s) => s.id);
  const ends = def.stages.filter((s) => s.terminal).map((s) => s.id);
  const startId = `Start_${def.id}`;

  // ---- shapes
  const boxes = new Map<string, Box>();
  const place = new Map<string, { row: number; col: number }>();
  running.forEach((id, i) => {
    const row = Math.floor(i / perRow);
    const col = i % perRow;
    place.set(id, { row, col });
    boxes.set(id, { x: LEFT + col * COL, y: TOP + row * ROW, w: TASK_W, h: TASK_H });
  });
  const rows = Math.max(1, Math.ceil(running.length / perRow));
  const lastRow = rows - 1;
  const lastCol = (running.length - 1) % perRow;
  const rowTop = (row: number) => TOP + row * ROW;
  const mid = (b: Box): Point => [b.x + b.w / 2, b.y + b.h / 2];
  boxes.set(startId, { x: LEFT - 110, y: TOP + (TASK_H - EVENT) / 2, w: EVENT, h: EVENT });
  // Ends: after the last task (room left in its row: beside it; else under it), one under the other.
  ends.forEach((id, k) => {
    const col = lastCol + 1 < perRow ? lastCol + 1 : lastCol;
    const row = lastCol + 1 < perRow ? lastRow : lastRow + 1;
    const x = LEFT + col * COL + (TASK_W - EVENT) / 2;
    const y = rowTop(row) + (TASK_H - EVENT) / 2 + k * 110;
    boxes.set(id, { x, y, w: EVENT, h: EVENT });
  });

  // ---- flows (one per pair of stages)
  const flows = new Map<string, ProgressFlow>();
  flows.set(flowKey(startId, def.start), { id: flowId('start', def.start), from: startId, to: def.start, kind: 'start' });
  for (const t of def.transitions) {
    const key = flowKey(t.from, t.to);
    if (!flows.has(key)) flows.set(key, { id: flowId(t.from, t.to), from: t.from, to: t.to, kind: kindOf(t, def.cancel.to) });
  }

  // Lanes in the gap under each row, handed out in order so that parallel return lines do not overlap.
  const lanes = new Map<number, number>();
  const lane = (row: number) => {
    const n = lanes.get(row) ?? 0;
    lanes.set(row, n + 1);
    return rowTop(row) + TASK_H + LANE0 + n * LANE_STEP;
  };
  let margin = 0;
  const leftLane = () => LEFT - 40 - (margin++ % 6) * 8;
  const wrapY = (row: number) => rowTop(row) + ROW - 34;

  const route = (f: ProgressFlow): Point[] => {
    const a = boxes.get(f.from)!;
    const b = boxes.get(f.to)!;
    const [ax, ay] = mid(a);
    const [bx, by] = mid(b);
    const pa = place.get(f.from);
    const pb = place.get(f.to);
    if (f.kind === 'start') return [[a.x + a.w, ay], [b.x, by]];
    if (f.kind === 'reject' && pa && pb) {
      if (f.from === f.to) {
        const y = lane(pa.row);
        return [[a.x + a.w * 0.7, a.y + a.h], [a.x + a.w * 0.7, y], [a.x + a.w * 0.3, y], [a.x + a.w * 0.3, a.y + a.h]];
      }
      const y1 = lane(pa.row);
      if (pa.row === pb.row) return [[ax - 12, a.y + a.h], [ax - 12, y1], [bx + 12, y1], [bx + 12, b.y + b.h]];
      const x = leftLane();
      const y2 = lane(pb.row);
      return [[ax - 12, a.y + a.h], [ax - 12, y1], [x, y1], [x, y2], [bx + 12, y2], [bx + 12, b.y + b.h]];
    }
    if (f.kind === 'cancel' && pa) {
      // Down into the gap under the source's row, right to the margin, down to the cancelled end.
      const y = wrapY(pa.row) + 14;
      const x = LEFT + perRow * COL;
      return [[ax + 20, a.y + a.h], [ax + 20, y], [x, y], [x, by], [b.x + b.w, by]];
    }
    // Forward.
    if (pa && pb && pa.row === pb.row) {
      if (pb.col === pa.col + 1) return [[a.x + a.w, ay], [b.x, by]];
      const y = a.y - 22;
      return [[ax + 10, a.y], [ax + 10, y], [bx - 10, y], [bx - 10, b.y]];
    }
    if (pa && !pb) {
      // Into an end event: beside in the row, or under the last task.
      if (Math.abs(by - ay) < 1) return [[a.x + a.w, ay], [b.x, by]];
      if (b.x + b.w / 2 === ax) return [[ax, a.y + a.h], [bx, b.y]];
      const y = wrapY(pa.row);
      return [[a.x + a.w, ay], [a.x + a.w + 24, ay], [a.x + a.w + 24, y], [bx, y], [bx, b.y]];
    }
    if (pa && pb) {
      // Down to the next row: out on the right, along the gap, into the top of the target.
      const y = wrapY(pa.row) - (pb.row - pa.row - 1) * 8;
      return [[a.x + a.w, ay], [a.x + a.w + 24, ay], [a.x + a.w + 24, y], [bx, y], [bx, b.y]];
    }
    return [[ax, ay], [bx, by]];
  };

  // ---- XML
  const incoming = new Map<string, string[]>();
  const outgoing = new Map<string, string[]>();
  for (const f of flows.values()) {
    outgoing.set(f.from, [...(outgoing.get(f.from) ?? []), f.id]);
    incoming.set(f.to, [...(incoming.get(f.to) ?? []), f.id]);
  }
  const refs = (id: string) =>
    [...(incoming.get(id) ?? []).map((r) => `<bpmn:incoming>${r}</bpmn:incoming>`), ...(outgoing.get(id) ?? []).map((r) => `<bpmn:outgoing>${r}</bpmn:outgoing>`)].join('');
  const elements: string[] = [`<bpmn:startEvent id="${startId}">${refs(startId)}</bpmn:startEvent>`];
  for (const id of running) elements.push(`<bpmn:userTask id="${esc(id)}" name="${esc(name(id))}">${refs(id)}</bpmn:userTask>`);
  for (const id of ends) elements.push(`<bpmn:endEvent id="${esc(id)}" name="${esc(name(id))}">${refs(id)}</bpmn:endEvent>`);
  for (const f of flows.values()) elements.push(`<bpmn:sequenceFlow id="${esc(f.id)}" sourceRef="${esc(f.from)}" targetRef="${esc(f.to)}" />`);

  const shapes: string[] = [];
  for (const [id, b] of boxes) {
    const label = id === startId || running.includes(id) ? '' : `<bpmndi:BPMNLabel><dc:Bounds x="${b.x - 32}" y="${b.y + b.h + 4}" width="${b.w + 64}" height="14" /></bpmndi:BPMNLabel>`;
    shapes.push(`<bpmndi:BPMNShape id="${esc(id)}_di" bpmnElement="${esc(id)}"><dc:Bounds x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" />${label}</bpmndi:BPMNShape>`);
  }
  // Forward and start edges first, so their lanes stay put; returns and cancels take the lanes after them.
  const ordered = [...flows.values()].sort((p, q) => rank(p) - rank(q));
  const edges = ordered.map((f) => {
    const points = route(f)
      .map(([x, y]) => `<di:waypoint x="${Math.round(x)}" y="${Math.round(y)}" />`)
      .join('');
    return `<bpmndi:BPMNEdge id="${esc(f.id)}_di" bpmnElement="${esc(f.id)}">${points}</bpmndi:BPMNEdge>`;
  });

  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"',
    ' xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI"',
    ` id="Definitions_${esc(def.id)}" targetNamespace="https://helio.local/process/${esc(def.id)}">`,
    `<bpmn:process id="Process_${esc(def.id)}" isExecutable="false">`,
    ...elements,
    '</bpmn:process>',
    `<bpmndi:BPMNDiagram id="Diagram_${esc(def.id)}"><bpmndi:BPMNPlane id="Plane_${esc(def.id)}" bpmnElement="Process_${esc(def.id)}">`,
    ...shapes,
    ...edges,
    '</bpmndi:BPMNPlane></bpmndi:BPMNDiagram>',
    '</bpmn:definitions>',
  ].join('\n');
  return { xml, flows, startId };
}

const RANK: Record<ProgressFlow['kind'], number> = { start: 0, forward: 1, reject: 2, cancel: 3 };
const rank = (f: ProgressFlow) => RANK[f.kind];

/** Marker classes of the progress drawing (the flow chart's own for done, current and taken; the rest ours). */
export const PROGRESS_MARKERS = {
  done: 'helio-flow-finished',
  current: 'helio-flow-current',
  taken: 'helio-flow-taken',
  rejected: 'helio-epc-rejected',
  /** A reject edge (dashed). */
  back: 'helio-epc-back',
  /** A reject edge the order took (dashed, highlighted). */
  backTaken: 'helio-epc-back-taken',
  /** A cancel edge not taken (hidden). */
  cancel: 'helio-epc-cancel',
} as const;

/**
 * Element id → marker class, from the stage marks (`stageMarks`) and the edges taken (`takenEdges`) of an order. An
 * element carries one class (the canvas adds each as one class name).
 */
export function progressMarkers(
  model: ProgressModel,
  marks: Readonly<Record<string, 'done' | 'current' | 'rejected'>>,
  taken: readonly { from: string; to: string }[],
): Map<string, string> {
  const out = new Map<string, string>();
  out.set(model.startId, PROGRESS_MARKERS.done);
  for (const [stage, mark] of Object.entries(marks)) out.set(stage, PROGRESS_MARKERS[mark]);
  const went = new Set(taken.map((e) => flowKey(e.from, e.to)));
  for (const [key, f] of model.flows) {
    const was = f.kind === 'start' || went.has(key);
    if (f.kind === 'reject') out.set(f.id, was ? PROGRESS_MARKERS.backTaken : PROGRESS_MARKERS.back);
    else if (f.kind === 'cancel') out.set(f.id, was ? PROGRESS_MARKERS.taken : PROGRESS_MARKERS.cancel);
    else if (was) out.set(f.id, PROGRESS_MARKERS.taken);
  }
  return out;
}

/** A review-history row as far as the progress needs it (oldest first). */
export interface HistoryStep {
  stage: string;
  toStage: string;
  action: string;
}

/**
 * An order's progress from its review history (the order's visits are what the history's stage changes make: the
 * executor opens a visit exactly when a step's `toStage` differs from its `stage`): the stage marks of `stageMarks`,
 * and the edges taken, a review stage's reject back to its own actors included.
 */
export function progressOf(def: ProcessDefinition, current: string, history: readonly HistoryStep[]): { marks: Record<string, StageMark>; taken: { from: string; to: string }[] } {
  const visits: StageVisit[] = [{ stage: def.start, enteredAt: '' }];
  const taken: { from: string; to: string }[] = [];
  for (const h of history) {
    if (h.stage === h.toStage) {
      if (h.action === 'reject') taken.push({ from: h.stage, to: h.toStage });
      continue;
    }
    const last = visits[visits.length - 1]!;
    last.leftAt = 'left';
    last.leftBy = h.action as ProcessAction;
    visits.push({ stage: h.toStage, enteredAt: '' });
    taken.push({ from: h.stage, to: h.toStage });
  }
  const ended = Boolean(def.stage(current)?.terminal);
  const marks = stageMarks({
    process: def.id,
    processVersion: def.version,
    stage: current,
    subStatus: null,
    inReview: false,
    version: 0,
    visits,
    pending: null,
    assignees: {},
    scope: { tenantId: '', companyId: null },
    endedAt: ended ? 'ended' : null,
  });
  return { marks, taken };
}
