// Public and internal types of Helio's workflow engine (a BPMN 2.0 subset interpreter). Plain JSON throughout: a compiled
// ProcessModel and an InstanceState are stored by the workflow module as-is and passed back unchanged.

export type Vars = Record<string, unknown>;

export type CompileResult =
  | { ok: true; processes: ProcessModel[] }
  | { ok: false; errors: CompileError[] };
/** reason in English; elementId/element (e.g. 'bpmn:scriptTask') when it is about an element. */
export interface CompileError {
  elementId?: string;
  element?: string;
  reason: string;
}

/** A compiled process: plain JSON (stored in the database per process definition and read back as-is). */
export interface ProcessModel {
  key: string;
  name: string;
  documentation?: string;
  candidateStarterUsers: string[];
  candidateStarterGroups: string[];
  startFormKey?: string;
  initiatorVariable?: string;
  elements: Record<string, ElementModel>;
  flows: Record<string, FlowModel>;
  /** Engine-internal: id of the process's none start event. */
  start: string;
}

export type ElementType =
  | 'startEvent'
  | 'endEvent'
  | 'userTask'
  | 'serviceTask'
  | 'task'
  | 'manualTask'
  | 'intermediateThrowEvent'
  | 'intermediateCatchEvent'
  | 'boundaryEvent'
  | 'exclusiveGateway'
  | 'parallelGateway'
  | 'inclusiveGateway'
  | 'subProcess';

export interface TimerModel {
  kind: 'duration' | 'date';
  /** ISO 8601 text or an expression template such as '${reminder}'. */
  value: string;
}

/** Engine-internal element shape (the module should not rely on more than id/type/name). */
export interface ElementModel {
  id: string;
  type: ElementType;
  name?: string;
  documentation?: string;
  /** Enclosing sub-process id, or null for the process level. */
  parent: string | null;
  /** Outgoing sequence-flow ids, in document order. */
  outgoing: string[];
  incoming: string[];
  default?: string;
  terminate?: boolean;
  // user task
  assignee?: string;
  candidateUsers?: string[];
  candidateGroups?: string[];
  formKey?: string;
  dueDate?: string;
  priority?: string;
  // service task
  handler?: string;
  // timer catch / boundary
  timer?: TimerModel;
  attachedTo?: string;
  cancelActivity?: boolean;
  /** Boundary events attached to this activity. */
  boundaries?: string[];
  // sub-process
  start?: string;
}

export interface FlowModel {
  id: string;
  name?: string;
  source: string;
  target: string;
  /** Expression text (without language); absent = unconditional. */
  condition?: string;
}

/** An instance's whole state: plain JSON; the module stores it in one row and passes it back unchanged. */
export interface InstanceState {
  status: 'active' | 'completed' | 'terminated';
  variables: Vars;
  [k: string]: unknown;
}

export type FlowInput =
  | { type: 'start'; variables: Vars; initiator: string }
  | { type: 'complete'; executionId: string; variables?: Vars; by: string }
  | { type: 'timer'; timerId: string }
  | { type: 'terminate'; reason: string };

export interface TimerSpec {
  timerId: string;
  elementId: string;
  dueAt: string;
}

export interface FlowOutput {
  state: InstanceState;
  tasksCreated: TaskSpec[];
  tasksCancelled: string[];
  timersScheduled: TimerSpec[];
  timersCancelled: string[];
  history: HistoryEntry[];
  ended: boolean;
}

export interface TaskSpec {
  executionId: string;
  elementId: string;
  name: string;
  assignee?: string;
  candidateUsers: string[];
  candidateGroups: string[];
  formKey?: string;
  dueAt?: string;
  priority?: number;
  documentation?: string;
}

export interface HistoryEntry {
  kind: 'activityStart' | 'activityEnd' | 'flowTaken';
  elementId: string;
  elementType: string;
  name?: string;
  executionId?: string;
  at: string;
  by?: string;
}

export interface FlowEnv {
  now: Date;
  services: Record<string, ServiceHandler>;
}
export type ServiceHandler = (vars: Readonly<Vars>, element: { id: string; name: string }) => Promise<Vars | void>;

export type FlowErrorCode =
  | 'task-not-open'
  | 'timer-not-open'
  | 'instance-not-active'
  | 'expression'
  | 'no-flow'
  | 'service'
  | 'variables'
  | 'loop';

export class FlowError extends Error {
  readonly code: FlowErrorCode;
  readonly elementId?: string;
  constructor(code: FlowErrorCode, message: string, elementId?: string) {
    super(message);
    this.name = 'FlowError';
    this.code = code;
    if (elementId !== undefined) this.elementId = elementId;
  }
}
