// BPMN XML → ProcessModel[] for Helio's subset. Anything outside the subset is refused with the element and the reason;
// a document with any error yields no process at all (never half-run). Structural checks live in validate.ts.
import { checkTemplate, expressionBody } from './expression.js';
import { parseExpression } from './expression-parse.js';
import { resolveDue } from './timers.js';
import type { CompileError, CompileResult, ElementModel, ElementType, FlowModel, ProcessModel, TimerModel } from './types.js';
import { validateProcess } from './validate.js';
import { NS, VENDOR_NS, type XmlNode, attr, bpmnChildren, parseXml, vendorAttr } from './xml.js';

const MAX_ERRORS = 50;
const ID = /^[A-Za-z_][A-Za-z0-9_.-]{0,254}$/;
/** Text holding a `${...}`/`#{...}` is checked when it runs; plain text is checked here. */
const TEMPLATE = /[$#]\{/;
const FORBIDDEN_IDS = new Set(['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf']);

const EXECUTABLE: ReadonlySet<string> = new Set<ElementType>([
  'startEvent', 'endEvent', 'userTask', 'serviceTask', 'task', 'manualTask', 'intermediateThrowEvent',
  'intermediateCatchEvent', 'boundaryEvent', 'exclusiveGateway', 'parallelGateway', 'inclusiveGateway', 'subProcess',
]);
/** Non-executable BPMN content inside a process that is accepted and ignored. */
const IGNORED_IN_PROCESS = new Set([
  'documentation', 'laneSet', 'textAnnotation', 'association', 'group', 'dataObject', 'dataObjectReference',
  'dataStoreReference', 'extensionElements',
  // a sub-process's own <incoming>/<outgoing> references (bpmn-js writes them; the flows themselves are authoritative)
  'incoming', 'outgoing',
]);
const IGNORED_IN_DEFINITIONS = new Set([
  'documentation', 'extensionElements', 'collaboration', 'message', 'signal', 'error', 'escalation', 'itemDefinition',
  'category', 'dataStore', 'import',
]);
const REFUSED: Record<string, string> = {
  scriptTask: 'script tasks are never executed by Helio',
  businessRuleTask: 'business rule tasks are not supported',
  sendTask: 'send tasks are not supported',
  receiveTask: 'receive tasks are not supported',
  callActivity: 'call activities are not supported yet; use an embedded sub-process',
  eventBasedGateway: 'event-based gateways are not supported',
  complexGateway: 'complex gateways are not supported',
  transaction: 'transactions are not supported',
  adHocSubProcess: 'ad-hoc sub-processes are not supported',
  multiInstanceLoopCharacteristics: 'multi-instance activities are not supported',
  standardLoopCharacteristics: 'loop activities are not supported',
};
/** Vendor attributes that would run code; the service task's delegateExpression is handled on its own. */
const CODE_ATTRS = new Set(['class', 'expression', 'delegateExpression', 'type', 'skipExpression', 'resultVariable']);
const CONDITION_LANGUAGES = new Set(['', 'expression', 'juel']);
const LISTENERS = new Set(['executionListener', 'taskListener', 'eventListener']);

export function compileDocument(xml: string, serviceHandlers: readonly string[]): CompileResult {
  const parsed = parseXml(xml);
  if (!parsed.ok) return { ok: false, errors: [{ reason: parsed.reason }] };
  const root = parsed.root;
  if (root.uri !== NS.bpmn || root.local !== 'definitions') {
    return { ok: false, errors: [{ element: elementName(root), reason: 'the root element must be bpmn:definitions (BPMN 2.0 namespace)' }] };
  }
  const errors: CompileError[] = [];
  scanForCode(root, errors);
  const processes: ProcessModel[] = [];
  let seen = 0;
  for (const child of root.children) {
    if (child.uri !== NS.bpmn) continue; // diagram interchange (bpmndi) and vendor extras
    if (child.local === 'process') {
      seen++;
      if (attr(child, '', 'isExecutable') === 'false') continue;
      const c = new ProcessCompiler(serviceHandlers, errors);
      const model = c.compile(child);
      if (model) processes.push(model);
    } else if (!IGNORED_IN_DEFINITIONS.has(child.local)) {
      errors.push({ element: elementName(child), elementId: attr(child, '', 'id'), reason: `<${child.local}> is not supported` });
    }
  }
  if (errors.length === 0 && processes.length === 0) {
    errors.push({ reason: seen ? 'no process has isExecutable="true"' : 'the document has no <process>' });
  }
  const keys = new Set<string>();
  for (const p of processes) {
    if (keys.has(p.key)) errors.push({ elementId: p.key, element: 'bpmn:process', reason: 'duplicate process id' });
    keys.add(p.key);
  }
  if (errors.length) return { ok: false, errors: errors.slice(0, MAX_ERRORS) };
  return { ok: true, processes };
}

/** Scripts and listeners are refused wherever they appear, including vendor extension elements. */
function scanForCode(node: XmlNode, errors: CompileError[]): void {
  // owner: the nearest enclosing BPMN element with an id (the task a listener or script belongs to).
  const walk = (n: XmlNode, owner: string | undefined): void => {
    if (n.local === 'script') errors.push({ element: elementName(n), elementId: owner, reason: 'scripts are never executed by Helio' });
    else if (LISTENERS.has(n.local) && n.uri !== NS.bpmn) {
      errors.push({ element: elementName(n), elementId: owner, reason: 'execution and task listeners are not supported' });
    }
    const id = n.uri === NS.bpmn ? attr(n, '', 'id') : undefined;
    for (const c of n.children) walk(c, id ?? owner);
  };
  walk(node, undefined);
}

/** 'bpmn:userTask' for BPMN elements whatever prefix the document used, else the name as written. */
function elementName(n: XmlNode): string {
  return n.uri === NS.bpmn ? `bpmn:${n.local}` : n.qname;
}

class ProcessCompiler {
  private readonly elements: Record<string, ElementModel> = {};
  private readonly flows: Record<string, FlowModel> = {};
  private readonly ids = new Set<string>();
  private readonly before: number;
  constructor(
    private readonly handlers: readonly string[],
    private readonly errors: CompileError[],
  ) {
    this.before = errors.length;
  }

  private err(node: XmlNode, reason: string): void {
    this.errors.push({ elementId: attr(node, '', 'id'), element: elementName(node), reason });
  }

  compile(node: XmlNode): ProcessModel | null {
    const key = this.id(node);
    const start = vendorList(node, 'candidateStarterUsers');
    const groups = vendorList(node, 'candidateStarterGroups');
    this.walk(node, null);
    if (!key || this.errors.length > this.before) return null;
    const model: ProcessModel = {
      key,
      name: attr(node, '', 'name')?.trim() || key,
      candidateStarterUsers: start,
      candidateStarterGroups: groups,
      elements: this.elements,
      flows: this.flows,
      start: '',
    };
    const doc = documentation(node);
    if (doc) model.documentation = doc;
    validateProcess(model, this.errors);
    if (this.errors.length > this.before) return null;
    const startEl = model.elements[model.start]!;
    const startNode = this.startNodes.get(startEl.id);
    if (startNode) {
      const formKey = vendorAttr(startNode, 'formKey');
      const initiator = vendorAttr(startNode, 'initiator');
      if (formKey) model.startFormKey = formKey;
      if (initiator) {
        if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(initiator) || FORBIDDEN_IDS.has(initiator)) this.err(startNode, 'initiator must be a plain variable name');
        else model.initiatorVariable = initiator;
      }
    }
    return this.errors.length > this.before ? null : model;
  }

  private readonly startNodes = new Map<string, XmlNode>();

  private id(node: XmlNode): string | null {
    const id = attr(node, '', 'id');
    if (!id) {
      this.err(node, 'missing id');
      return null;
    }
    if (!ID.test(id) || FORBIDDEN_IDS.has(id)) {
      this.err(node, 'id must start with a letter or _ and contain only letters, digits, _ . -');
      return null;
    }
    if (this.ids.has(id)) {
      this.err(node, 'duplicate id');
      return null;
    }
    this.ids.add(id);
    return id;
  }

  private walk(container: XmlNode, parent: string | null): void {
    for (const child of container.children) {
      if (child.uri !== NS.bpmn) {
        this.err(child, `unknown element <${child.qname}> (outside extensionElements)`);
        continue;
      }
      if (child.local === 'sequenceFlow') this.flow(child);
      else if (EXECUTABLE.has(child.local)) this.element(child, child.local as ElementType, parent);
      else if (Object.hasOwn(REFUSED, child.local)) this.err(child, REFUSED[child.local]!);
      else if (!IGNORED_IN_PROCESS.has(child.local)) this.err(child, `<${child.local}> is not in Helio's BPMN subset`);
    }
  }

  private element(node: XmlNode, type: ElementType, parent: string | null): void {
    const id = this.id(node);
    if (!id) return;
    const el: ElementModel = { id, type, parent, incoming: [], outgoing: [] };
    const name = attr(node, '', 'name')?.trim();
    if (name) el.name = name;
    const doc = documentation(node);
    if (doc) el.documentation = doc;
    if (type !== 'subProcess') for (const c of bpmnChildren(node)) if (Object.hasOwn(REFUSED, c.local)) this.err(node, REFUSED[c.local]!);
    for (const a of node.attrs) {
      if (VENDOR_NS.includes(a.uri) && CODE_ATTRS.has(a.local) && !(type === 'serviceTask' && a.local === 'delegateExpression')) {
        this.err(node, `${a.prefix}:${a.local} is not supported${a.local === 'class' || a.local === 'expression' ? ' (bind service tasks with delegateExpression="${handlerName}")' : ''}`);
      }
    }
    const defs = bpmnChildren(node).filter((c) => c.local.endsWith('EventDefinition') || c.local === 'eventDefinitionRef');
    const def = defs[0];
    const onlyTimer = (): TimerModel | undefined => {
      if (defs.length !== 1 || def?.local !== 'timerEventDefinition') {
        this.err(node, `${type} supports exactly one timer event definition${def ? `, not ${def.local}` : ''}`);
        return undefined;
      }
      return this.timer(def, node);
    };
    const dflt = attr(node, '', 'default');
    if (dflt) el.default = dflt;
    switch (type) {
      case 'startEvent':
        if (def) this.err(node, `start events with ${def.local} are not supported (only none start events)`);
        this.startNodes.set(id, node);
        break;
      case 'endEvent':
        if (defs.length > 1 || (def && def.local !== 'terminateEventDefinition')) this.err(node, `end events with ${def!.local} are not supported (none or terminate)`);
        if (def) el.terminate = true;
        break;
      case 'intermediateThrowEvent':
        if (def) this.err(node, `intermediate throw events with ${def.local} are not supported`);
        break;
      case 'intermediateCatchEvent': {
        const t = onlyTimer();
        if (t) el.timer = t;
        break;
      }
      case 'boundaryEvent': {
        const t = onlyTimer();
        if (t) el.timer = t;
        const to = attr(node, '', 'attachedToRef');
        if (!to) this.err(node, 'boundary event without attachedToRef');
        else el.attachedTo = to;
        el.cancelActivity = attr(node, '', 'cancelActivity') !== 'false';
        break;
      }
      case 'userTask':
        this.userTask(node, el);
        break;
      case 'serviceTask':
        this.serviceTask(node, el);
        break;
      case 'subProcess':
        if (attr(node, '', 'triggeredByEvent') === 'true') this.err(node, 'event sub-processes are not supported');
        this.walk(node, id);
        break;
      default:
        if (def) this.err(node, `${def.local} on ${type} is not supported`);
    }
    this.elements[id] = el;
  }

  private template(node: XmlNode, what: string, value: string | undefined): string | undefined {
    if (value === undefined || value.trim() === '') return undefined;
    try {
      checkTemplate(value);
    } catch (e) {
      this.err(node, `${what}: ${(e as Error).message}`);
    }
    return value.trim();
  }

  private userTask(node: XmlNode, el: ElementModel): void {
    el.assignee = this.template(node, 'assignee', vendorAttr(node, 'assignee'));
    el.candidateUsers = splitList(this.template(node, 'candidateUsers', vendorAttr(node, 'candidateUsers')));
    el.candidateGroups = splitList(this.template(node, 'candidateGroups', vendorAttr(node, 'candidateGroups')));
    el.formKey = this.template(node, 'formKey', vendorAttr(node, 'formKey'));
    const due = this.template(node, 'dueDate', vendorAttr(node, 'dueDate'));
    if (due && !TEMPLATE.test(due) && !resolveDue('either', due, new Date(0))) this.err(node, `dueDate '${due}' is not an ISO 8601 date-time or duration`);
    el.dueDate = due;
    const priority = this.template(node, 'priority', vendorAttr(node, 'priority') ?? attr(node, '', 'priority'));
    if (priority && !TEMPLATE.test(priority) && !/^-?\d{1,9}$/.test(priority)) this.err(node, `priority '${priority}' is not an integer`);
    el.priority = priority;
    for (const role of bpmnChildren(node)) {
      if (role.local !== 'humanPerformer' && role.local !== 'potentialOwner' && role.local !== 'performer') continue;
      const formal = bpmnChildren(role, 'resourceAssignmentExpression').flatMap((r) => bpmnChildren(r, 'formalExpression'));
      if (formal.length !== 1) {
        this.err(node, `${role.local} needs one resourceAssignmentExpression/formalExpression`);
        continue;
      }
      for (const part of splitList(formal[0]!.text.trim())) {
        const m = /^(user|group)\((.*)\)$/s.exec(part);
        const isUser = m ? m[1] === 'user' : role.local === 'humanPerformer';
        const value = this.template(node, role.local, m ? m[2]!.trim() : part);
        if (!value) continue;
        if (role.local === 'humanPerformer' && isUser && !el.assignee) el.assignee = value;
        else (isUser ? el.candidateUsers : el.candidateGroups).push(value);
      }
    }
    for (const k of ['assignee', 'formKey', 'dueDate', 'priority'] as const) if (el[k] === undefined) delete el[k];
  }

  private serviceTask(node: XmlNode, el: ElementModel): void {
    const own = attr(node, NS.helio, 'handler');
    const delegate = vendorAttr(node, 'delegateExpression');
    let handler: string | undefined;
    if (own !== undefined) handler = own.trim();
    else if (delegate !== undefined) {
      const m = /^\s*\$\{\s*([A-Za-z_$][A-Za-z0-9_$]*)\s*\}\s*$/.exec(delegate);
      if (!m) {
        this.err(node, 'delegateExpression must be exactly ${handlerName}');
        return;
      }
      handler = m[1];
    }
    if (!handler) {
      this.err(node, 'a service task needs a handler: helio:handler="name" or flowable:delegateExpression="${name}"');
      return;
    }
    if (!this.handlers.includes(handler)) {
      this.err(node, `service handler '${handler}' is not one of Helio's handlers${this.handlers.length ? ` (${this.handlers.join(', ')})` : ''}`);
      return;
    }
    el.handler = handler;
  }

  private timer(def: XmlNode, owner: XmlNode): TimerModel | undefined {
    const parts = bpmnChildren(def);
    const cycle = parts.find((p) => p.local === 'timeCycle');
    if (cycle) {
      this.err(owner, 'timeCycle timers are not supported (use timeDuration or timeDate)');
      return undefined;
    }
    const kinds = parts.filter((p) => p.local === 'timeDuration' || p.local === 'timeDate');
    if (kinds.length !== 1) {
      this.err(owner, 'a timer needs exactly one timeDuration or timeDate');
      return undefined;
    }
    const kind = kinds[0]!.local === 'timeDuration' ? 'duration' : 'date';
    const value = this.template(owner, 'timer', kinds[0]!.text);
    if (!value) {
      this.err(owner, 'the timer has no value');
      return undefined;
    }
    if (!TEMPLATE.test(value) && !resolveDue(kind, value, new Date(0))) {
      this.err(owner, `'${value}' is not a valid ISO 8601 ${kind === 'duration' ? 'duration (e.g. PT5M, P1D)' : 'date-time'}`);
      return undefined;
    }
    return { kind, value };
  }

  private flow(node: XmlNode): void {
    const id = this.id(node);
    if (!id) return;
    const source = attr(node, '', 'sourceRef') ?? '';
    const target = attr(node, '', 'targetRef') ?? '';
    const flow: FlowModel = { id, source, target };
    const name = attr(node, '', 'name')?.trim();
    if (name) flow.name = name;
    const conds = bpmnChildren(node, 'conditionExpression');
    if (conds.length > 1) this.err(node, 'more than one conditionExpression');
    const cond = conds[0];
    if (cond) {
      const language = (attr(cond, '', 'language') ?? '').trim().toLowerCase();
      const text = cond.text.trim();
      if (!CONDITION_LANGUAGES.has(language)) this.err(node, `condition language '${language}' is not allowed (only expressions such as \${days > 3})`);
      else if (text) {
        try {
          const body = expressionBody(text);
          if (body === null) throw new Error('a condition must be one ${...} expression');
          parseExpression(body);
          flow.condition = text;
        } catch (e) {
          this.err(node, `condition: ${(e as Error).message}`);
        }
      }
    }
    this.flows[id] = flow;
  }
}

function documentation(node: XmlNode): string | undefined {
  const text = bpmnChildren(node, 'documentation')
    .map((d) => d.text.trim())
    .filter(Boolean)
    .join('\n');
  return text || undefined;
}

function vendorList(node: XmlNode, local: string): string[] {
  return splitList(vendorAttr(node, local));
}

/** Split a comma list at top level (commas inside `${...}` stay), trimmed, empties dropped. */
export function splitList(value: string | undefined): string[] {
  if (!value) return [];
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if ((c === '$' || c === '#') && value[i + 1] === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    if (c === ',' && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out.map((s) => s.trim()).filter(Boolean);
}
