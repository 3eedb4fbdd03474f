import { describe, expect, it } from 'vitest';
import zh from '../locales/zh-CN/flow.json';
import en from '../locales/en-US/flow.json';
import { REASON_KEYS, reasonKey, typeKey } from './reasons';

describe('reasonKey', () => {
  it('names the engine reasons it knows, with their argument, and leaves the rest alone', () => {
    expect(reasonKey('has no incoming sequence flow (it could never be reached)')).toEqual({ key: 'noIncoming', arg: undefined });
    expect(reasonKey('process needs exactly one none start event, found 2')).toEqual({ key: 'oneStart', arg: '2' });
    expect(reasonKey("condition: unexpected end of expression at 7")).toEqual({ key: 'condition', arg: 'unexpected end of expression at 7' });
    expect(reasonKey('something new')).toBeUndefined();
  });

  it('has a text in both languages for every key, and element type names', () => {
    for (const r of REASON_KEYS) {
      expect((zh.reason as Record<string, string>)[r]).toBeTruthy();
      expect((en.reason as Record<string, string>)[r]).toBeTruthy();
    }
    expect(typeKey('bpmn:userTask')).toBe('UserTask');
    expect((zh.type as Record<string, string>)[typeKey('bpmn:sequenceFlow')]).toBe('连线');
  });

  it("reads the engine's other refusals (apps/server/src/flow, as it writes them)", () => {
    const cases: [string, string, string | undefined][] = [
      ["<dataObject> is not in Helio's BPMN subset", 'unsupported', 'dataObject'],
      ['event sub-processes are not supported', 'eventSubProcess', undefined],
      ["attachedToRef 'task_9' is not an element of this process", 'boundaryHost', 'task_9'],
      ['boundary timers are supported on user tasks and sub-processes, not on a serviceTask', 'boundaryTimerHost', 'serviceTask'],
      ["default flow 'flow_3' is not one of its outgoing flows", 'defaultNotOutgoing', 'flow_3'],
      ["'P1X' is not a valid ISO 8601 duration (e.g. PT5M, P1D)", 'isoValue', 'P1X'],
      ["dueDate 'soon' is not an ISO 8601 date-time or duration", 'dueDate', 'soon'],
      ["condition language 'groovy' is not allowed (only expressions such as ${days > 3})", 'conditionLanguage', 'groovy'],
      ['delegateExpression must be exactly ${handlerName}', 'delegateExpression', undefined],
      ['end events with messageEventDefinition are not supported (none or terminate)', 'endEventKind', 'messageEventDefinition'],
      ['flowable:class is not supported (bind service tasks with delegateExpression="${handlerName}")', 'attribute', 'flowable:class'],
    ];
    for (const [reason, key, arg] of cases) expect(reasonKey(reason), reason).toEqual({ key, arg });
  });
});
