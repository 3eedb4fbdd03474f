// The inclusive join rule ("upstream token" rule, as in Flowable and the BPMN 2.0 spec §13.3.2): an inclusive gateway
// with waiting tokens fires when no other token of the same scope can still reach it. A token can reach the gateway if
// a path of sequence flows leads from its element — or from a boundary event attached to its element — to the
// gateway without passing through the gateway itself. A token inside a sub-process is represented by the
// sub-process's own token in the enclosing scope.
import type { ProcessModel } from './types.js';

export function canReach(model: ProcessModel, fromElement: string, gateway: string): boolean {
  const seen = new Set<string>([fromElement]);
  const stack = [fromElement];
  while (stack.length) {
    const id = stack.pop()!;
    const el = model.elements[id]!;
    const nexts = [...el.outgoing.map((f) => model.flows[f]!.target)];
    for (const b of el.boundaries ?? []) nexts.push(b);
    for (const n of nexts) {
      if (n === gateway) return true;
      if (seen.has(n)) continue;
      seen.add(n);
      stack.push(n);
    }
  }
  return false;
}
