// Structural checks of a compiled process: flows connect existing elements of the same scope, exactly one none start
// event per process and per sub-process, every non-end node has a way out and every non-start node a way in, default
// flows belong to their element, boundary timers sit on user tasks or sub-processes. Fills incoming/outgoing/start.
import type { CompileError, ElementModel, ProcessModel } from './types.js';

const DEFAULT_ALLOWED = new Set(['exclusiveGateway', 'inclusiveGateway', 'userTask', 'serviceTask', 'task', 'manualTask', 'subProcess']);
const BOUNDARY_HOSTS = new Set(['userTask', 'subProcess']);

function own<T>(rec: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(rec, key) ? rec[key] : undefined;
}

export function validateProcess(model: ProcessModel, errors: CompileError[]): void {
  const elements = model.elements;
  const err = (elementId: string, element: string, reason: string): void => {
    errors.push({ elementId, element: `bpmn:${element}`, reason });
  };
  for (const f of Object.values(model.flows)) {
    const s = own(elements, f.source);
    const t = own(elements, f.target);
    if (!s) err(f.id, 'sequenceFlow', `sourceRef '${f.source}' is not an element of this process`);
    if (!t) err(f.id, 'sequenceFlow', `targetRef '${f.target}' is not an element of this process`);
    if (!s || !t) continue;
    if (s.parent !== t.parent) err(f.id, 'sequenceFlow', 'a sequence flow cannot cross a sub-process boundary');
    else if (t.type === 'startEvent') err(f.id, 'sequenceFlow', 'a start event cannot have incoming flows');
    else if (t.type === 'boundaryEvent') err(f.id, 'sequenceFlow', 'a boundary event cannot have incoming flows');
    else if (s.type === 'endEvent') err(f.id, 'sequenceFlow', 'an end event cannot have outgoing flows');
    else {
      s.outgoing.push(f.id);
      t.incoming.push(f.id);
    }
  }
  const all = Object.values(elements);
  const scopes: (ElementModel | null)[] = [null, ...all.filter((e) => e.type === 'subProcess')];
  for (const scope of scopes) {
    const starts = all.filter((e) => e.parent === (scope ? scope.id : null) && e.type === 'startEvent');
    if (starts.length !== 1) {
      const where = scope ? `sub-process '${scope.id}'` : `process '${model.key}'`;
      err(scope ? scope.id : model.key, scope ? 'subProcess' : 'process', `${where} needs exactly one none start event, found ${starts.length}`);
      continue;
    }
    if (scope) scope.start = starts[0]!.id;
    else model.start = starts[0]!.id;
  }
  for (const el of all) {
    if (el.type !== 'endEvent' && el.outgoing.length === 0) err(el.id, el.type, 'has no outgoing sequence flow');
    if (el.type !== 'startEvent' && el.type !== 'boundaryEvent' && el.incoming.length === 0) {
      err(el.id, el.type, 'has no incoming sequence flow (it could never be reached)');
    }
    if (el.default !== undefined) {
      if (!DEFAULT_ALLOWED.has(el.type)) err(el.id, el.type, `a ${el.type} cannot have a default flow`);
      else if (!el.outgoing.includes(el.default)) err(el.id, el.type, `default flow '${el.default}' is not one of its outgoing flows`);
    }
    if (el.type === 'parallelGateway') {
      for (const fid of el.outgoing) {
        if (model.flows[fid]!.condition) err(fid, 'sequenceFlow', 'conditions on the outgoing flows of a parallel gateway are not allowed (BPMN ignores them)');
      }
    }
    if (el.type === 'boundaryEvent' && el.attachedTo !== undefined) {
      const host = own(elements, el.attachedTo);
      if (!host) err(el.id, el.type, `attachedToRef '${el.attachedTo}' is not an element of this process`);
      else if (!BOUNDARY_HOSTS.has(host.type)) err(el.id, el.type, `boundary timers are supported on user tasks and sub-processes, not on a ${host.type}`);
      else if (host.parent !== el.parent) err(el.id, el.type, 'a boundary event must be in the same scope as its activity');
      else (host.boundaries ??= []).push(el.id);
    }
  }
}
