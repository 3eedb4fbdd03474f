import { describe, expect, it } from 'vitest';
import { lintDiagram, serverIssues } from './lint';

const node = (id: string, type: string, incoming: number, outgoing: number, parentId = 'p') => ({ id, type, parentId, incoming, outgoing });

describe('lintDiagram', () => {
  it('passes a connected start → task → end', () => {
    expect(lintDiagram('p', [node('s', 'bpmn:StartEvent', 0, 1), node('t', 'bpmn:UserTask', 1, 1), node('e', 'bpmn:EndEvent', 1, 0)])).toEqual([]);
  });

  it('finds a missing start and end and unconnected nodes; boundary events need no incoming flow', () => {
    const issues = lintDiagram('p', [
      node('t', 'bpmn:UserTask', 0, 0),
      node('b', 'bpmn:BoundaryEvent', 0, 1),
      node('note', 'bpmn:TextAnnotation', 0, 0),
    ]);
    expect(issues.map((i) => `${i.rule}:${i.elementId}`)).toEqual(['noStart:p', 'noEnd:p', 'noIncoming:t', 'noOutgoing:t']);
  });
});

describe('serverIssues', () => {
  it('reads the elements and reasons of an invalidModel message in either language', () => {
    const en = 'The process definition is not accepted: m.bpmn20.xml [bpmn:userTask stray]: has no incoming sequence flow; m.bpmn20.xml [bpmn:scriptTask run]: script tasks are never executed by Helio';
    expect(serverIssues(en)).toEqual([
      { element: 'bpmn:userTask', elementId: 'stray', reason: 'has no incoming sequence flow' },
      { element: 'bpmn:scriptTask', elementId: 'run', reason: 'script tasks are never executed by Helio' },
    ]);
    expect(serverIssues('流程定义不符合要求: m.bpmn20.xml: the document has no <process>')).toEqual([{ reason: 'the document has no <process>' }]);
  });
});
