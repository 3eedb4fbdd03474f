/**
 * The flow chart's highlighting (spec §4) from an instance's history (`FlowHistoryVO` rows, oldest first): an element
 * whose every entry has ended is finished (success style), one with an entry still open is current (primary style),
 * a sequence flow taken is drawn in the warning colour, and a user task waiting for a claim (`candidate`) stays
 * unstyled. Pure, so the rules are tested without a browser.
 */
export const MARKERS = {
  finished: 'helio-flow-finished',
  current: 'helio-flow-current',
  taken: 'helio-flow-taken',
} as const;

export type Marker = (typeof MARKERS)[keyof typeof MARKERS];

export interface HistoryEntry {
  historyActivityId: string;
  historyActivityType: string;
  endTime: string | null;
}

/** Element id → its marker. */
export function highlightMarkers(flow: readonly HistoryEntry[]): Map<string, Marker> {
  const out = new Map<string, Marker>();
  const candidates = new Set<string>();
  for (const h of flow) {
    const id = h.historyActivityId;
    if (h.historyActivityType === 'sequenceFlow') {
      out.set(id, MARKERS.taken);
    } else if (h.historyActivityType === 'candidate') {
      candidates.add(id);
    } else if (!h.endTime) {
      out.set(id, MARKERS.current);
    } else if (out.get(id) !== MARKERS.current) {
      out.set(id, MARKERS.finished);
    }
  }
  // A task waiting for a claim is unstyled, even when an earlier pass through it (a loop) ended.
  for (const id of candidates) if (out.get(id) !== MARKERS.current) out.delete(id);
  return out;
}

/** The rows of the history table: activities, without the flows and gateways between them. */
export function historyRows<T extends HistoryEntry>(flow: readonly T[]): T[] {
  return flow.filter((h) => h.historyActivityType !== 'sequenceFlow' && !/Gateway$/.test(h.historyActivityType));
}
