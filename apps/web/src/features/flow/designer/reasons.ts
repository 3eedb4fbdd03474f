/**
 * The engine's refusal reasons (apps/server/src/flow: English only) matched to the designer's texts
 * (`flow.reason.<key>`, `{{1}}` = the first group); a reason not listed is shown as the server wrote it.
 */
const REASONS: readonly (readonly [RegExp, string])[] = [
  // Before the general "… are not supported" below.
  [/^event sub-processes are not supported/, 'eventSubProcess'],
  [/^has no outgoing sequence flow/, 'noOutgoing'],
  [/^has no incoming sequence flow/, 'noIncoming'],
  [/needs exactly one none start event, found (\d+)/, 'oneStart'],
  [/^(?:script tasks|scripts) are never executed/, 'script'],
  [/listeners are not supported/, 'listener'],
  [/^conditions on the outgoing flows of a parallel gateway/, 'parallelCondition'],
  [/^timeCycle timers are not supported/, 'timeCycle'],
  [/^(?:a timer needs exactly one timeDuration or timeDate|the timer has no value)/, 'timerValue'],
  [/^condition: (.*)$/s, 'condition'],
  [/^a service task needs a handler/, 'serviceHandler'],
  [/^service handler '([^']*)'/, 'serviceUnknown'],
  [/^duplicate id/, 'duplicateId'],
  [/^id must start with a letter/, 'idFormat'],
  [/^a sequence flow cannot cross a sub-process boundary/, 'crossScope'],
  [/^a start event cannot have incoming flows/, 'startIncoming'],
  [/^an end event cannot have outgoing flows/, 'endOutgoing'],
  [/^<(\w+)> is not supported|^(\w+) (?:tasks|gateways|activities|sub-processes) are not supported/, 'unsupported'],
  [/^call activities are not supported/, 'callActivity'],
  [/^the document has no <process>|^no process has isExecutable/, 'noProcess'],
  [/^<(\w+)> is not in Helio's BPMN subset/, 'unsupported'],
  [/^a boundary event cannot have incoming flows/, 'boundaryIncoming'],
  [/^a boundary event must be in the same scope as its activity/, 'boundaryScope'],
  [/^boundary event without attachedToRef|^attachedToRef '([^']*)' is not an element/, 'boundaryHost'],
  [/^boundary timers are supported on user tasks and sub-processes, not on a (\w+)/, 'boundaryTimerHost'],
  [/^a (\w+) cannot have a default flow/, 'defaultNotAllowed'],
  [/^default flow '([^']*)' is not one of its outgoing flows/, 'defaultNotOutgoing'],
  [/^'([^']*)' is not a valid ISO 8601/, 'isoValue'],
  [/^dueDate '([^']*)' is not an ISO 8601/, 'dueDate'],
  [/^condition language '([^']*)' is not allowed/, 'conditionLanguage'],
  [/^more than one conditionExpression/, 'twoConditions'],
  [/^initiator must be a plain variable name/, 'initiator'],
  [/^delegateExpression must be exactly/, 'delegateExpression'],
  [/^end events with (\w+) are not supported/, 'endEventKind'],
  [/^intermediate throw events with (\w+) are not supported/, 'throwEventKind'],
  [/^(\w+:\w+) is not supported/, 'attribute'],
  [/^missing id/, 'missingId'],
];

/** Every key a reason can map to (each needs a text in both languages). */
export const REASON_KEYS = [...new Set(REASONS.map(([, key]) => key))];

export function reasonKey(reason: string): { key: string; arg?: string } | undefined {
  for (const [re, key] of REASONS) {
    const m = re.exec(reason);
    if (m) return { key, arg: m.slice(1).find((x) => x !== undefined) };
  }
  return undefined;
}

/** `bpmn:userTask` → `UserTask` (the key of the element's type name). */
export const typeKey = (element: string | undefined) => {
  const local = (element ?? '').replace(/^bpmn:/, '');
  return local ? local[0]!.toUpperCase() + local.slice(1) : '';
};
