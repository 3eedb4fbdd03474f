/**
 * The designer's own checks before a save, for what is plain to see in the drawing (the server's compile does the
 * rest: designer-page sends `validate: true`): a process without a start or an end event, and nodes left unconnected.
 * Pure over a flat list of the diagram's flow nodes, so the rules are tested without a browser.
 */
export interface LintNode {
  id: string;
  /** bpmn type, e.g. `bpmn:UserTask`. */
  type: string;
  name?: string;
  /** The process or sub-process the node is in. */
  parentId: string;
  incoming: number;
  outgoing: number;
}

export type LintRule = 'noStart' | 'noEnd' | 'noIncoming' | 'noOutgoing';

export interface LintIssue {
  rule: LintRule;
  /** The element at fault (the process for noStart/noEnd). */
  elementId: string;
  name?: string;
}

const START = new Set(['bpmn:StartEvent']);
const END = new Set(['bpmn:EndEvent']);
/** Entered otherwise than by a flow: a start event, a boundary event (attached to its task). */
const NO_INCOMING_NEEDED = new Set(['bpmn:StartEvent', 'bpmn:BoundaryEvent']);
const NOT_FLOW_NODES = new Set(['bpmn:TextAnnotation', 'bpmn:Group', 'bpmn:DataObjectReference', 'bpmn:DataStoreReference', 'bpmn:Lane', 'bpmn:Participant']);

export function lintDiagram(processId: string, nodes: readonly LintNode[]): LintIssue[] {
  const flowNodes = nodes.filter((n) => !NOT_FLOW_NODES.has(n.type));
  const issues: LintIssue[] = [];
  const top = flowNodes.filter((n) => n.parentId === processId);
  if (!top.some((n) => START.has(n.type))) issues.push({ rule: 'noStart', elementId: processId });
  if (!top.some((n) => END.has(n.type))) issues.push({ rule: 'noEnd', elementId: processId });
  for (const n of flowNodes) {
    if (n.incoming === 0 && !NO_INCOMING_NEEDED.has(n.type) && !(n.type === 'bpmn:SubProcess' && n.parentId !== processId)) {
      issues.push({ rule: 'noIncoming', elementId: n.id, name: n.name });
    }
    if (n.outgoing === 0 && !END.has(n.type)) issues.push({ rule: 'noOutgoing', elementId: n.id, name: n.name });
  }
  return issues;
}

/**
 * The elements and reasons of the server's refusal (`…: name.bpmn20.xml [bpmn:userTask task_1]: reason; …`, the
 * format of the workflow module's `invalidModel` message). Parts without an element keep only their reason.
 */
export function serverIssues(message: string): { elementId?: string; element?: string; reason: string }[] {
  const colon = message.search(/[:：]\s/);
  const body = colon >= 0 ? message.slice(colon + 1).trim() : message;
  return body
    .split(/;\s+(?=\S+\.(?:bpmn20\.xml|bpmn)\b)/)
    .map((part) => {
      const m = /\[(?:(\S+) )?([^\]\s]+)\]:\s*(.*)$/s.exec(part);
      if (m) return { element: m[1], elementId: m[2], reason: m[3]!.trim() };
      const plain = /^\S+\.(?:bpmn20\.xml|bpmn):\s*(.*)$/s.exec(part.trim());
      return { reason: (plain ? plain[1]! : part).trim() };
    })
    .filter((i) => i.reason);
}
