import { describe, expect, it } from 'vitest';
import { highlightMarkers, historyRows, MARKERS } from './highlight';

const h = (historyActivityId: string, historyActivityType: string, endTime: string | null = '2026-01-01 10:00:00') => ({ historyActivityId, historyActivityType, endTime });

describe('highlightMarkers', () => {
  it('marks finished nodes, the current node, taken flows, and leaves a candidate task unstyled', () => {
    const markers = highlightMarkers([
      h('start', 'startEvent'),
      h('f1', 'sequenceFlow'),
      h('taskA', 'userTask'),
      h('f2', 'sequenceFlow'),
      h('taskB', 'userTask', null),
      h('pool', 'candidate', null),
    ]);
    expect(Object.fromEntries(markers)).toEqual({
      start: MARKERS.finished,
      f1: MARKERS.taken,
      taskA: MARKERS.finished,
      f2: MARKERS.taken,
      taskB: MARKERS.current,
    });
  });

  it('keeps a node current while a later pass through it is open (a loop)', () => {
    const markers = highlightMarkers([h('adjust', 'userTask'), h('adjust', 'userTask', null), h('back', 'userTask')]);
    expect(markers.get('adjust')).toBe(MARKERS.current);
    expect(markers.get('back')).toBe(MARKERS.finished);
  });

  it('lists activities only in the history table', () => {
    const rows = historyRows([h('start', 'startEvent'), h('f1', 'sequenceFlow'), h('gw', 'exclusiveGateway'), h('t', 'userTask')]);
    expect(rows.map((r) => r.historyActivityId)).toEqual(['start', 't']);
  });
});
